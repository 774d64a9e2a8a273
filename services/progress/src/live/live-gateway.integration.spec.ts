import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { DataSource } from 'typeorm';
import { progressDatabase } from '../database.js';
import { ProgressJob } from '../queue/progress-jobs.js';
import { GatewayModule } from './gateway.module.js';
import { LiveDoubtsService } from './live-doubts.service.js';
import { LiveRoomGateway } from './live-room.gateway.js';

describe('the live gateway entry point (real PostgreSQL and Redis)', () => {
  let testEnv: ServiceTestEnvironment;
  let gateway: INestApplication;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    // Catalogue is not reached here; the gateway's configuration only needs to know where it is.
    process.env.CATALOGUE_URL ??= 'http://127.0.0.1:9';
    await runMigrations({ url: testEnv.database.url, ...progressDatabase });
    const moduleRef = await Test.createTestingModule({ imports: [GatewayModule] }).compile();
    gateway = moduleRef.createNestApplication({ logger: false });
    await gateway.init();
  });

  afterAll(async () => {
    await gateway?.close();
    await testEnv?.teardown();
  });

  it('starts with every provider of the gateway resolved', () => {
    expect(gateway.get(LiveRoomGateway)).toBeInstanceOf(LiveRoomGateway);
  });

  it("stores a class's doubt once per client id, with one doubt.asked event, and lists it for the educator and its asker only", async () => {
    const live = gateway.get(LiveDoubtsService);
    const doubt = {
      classId: '7b0c55a4-1f0e-4f43-9a55-0d1f4c2b7e01', courseId: '7b0c55a4-1f0e-4f43-9a55-0d1f4c2b7e02', courseTitle: 'Physics', educatorId: 'sandbox|educator',
      userId: 'sandbox|learner', userName: 'Aarav', clientId: 'client-1', atSecond: 42, text: 'Why does the ball fall?',
    };
    const first = await live.ask(doubt);
    const resent = await live.ask(doubt);
    expect(first.created).toBe(true);
    expect(resent).toEqual({ doubt: first.doubt, created: false });
    expect(first.doubt).toMatchObject({ classId: doubt.classId, userId: doubt.userId, atSecond: 42, clientId: 'client-1' });
    expect(await live.byClientId(doubt.classId, doubt.userId, 'client-1')).toEqual(first.doubt);
    expect(await live.list(doubt.classId, null)).toEqual([first.doubt]);
    expect(await live.list(doubt.classId, 'sandbox|someone-else')).toEqual([]);
    const events: unknown[] = await gateway.get(DataSource).query('SELECT 1 FROM progress.outbox WHERE name = $1 AND key = $2', [ProgressJob.DoubtAsked, first.doubt.id]);
    expect(events).toHaveLength(1);
  });

  it('lets only learners enrolled now ask', async () => {
    expect(await gateway.get(LiveDoubtsService).isEnrolled('sandbox|learner', '7b0c55a4-1f0e-4f43-9a55-0d1f4c2b7e02')).toBe(false);
  });
});
