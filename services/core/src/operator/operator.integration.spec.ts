import { Module, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CoreModule } from '../core.module.js';
import { runMigrations } from '../database/data-source.js';
import { createDeadLetterTableSql, DeadLetterStore } from '../queue/dead-letters.js';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '../testing/service-env.js';
import { demoUsers } from '../testing/test-issuer.js';
import { request as httpRequest } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { listenForOperators } from '../bootstrap.js';
import { normalisedPath, OperatorQueuesModule, operatorPortGate } from './operator.js';

const SCHEMA = 'opprobe';
const OPERATOR_TOKEN = 'operator-token-0123456789abcdef';

class CreateDeadLetters1700000000003 implements MigrationInterface {
  name = 'CreateDeadLetters1700000000003';
  async up(runner: QueryRunner) {
    for (const sql of createDeadLetterTableSql(SCHEMA)) await runner.query(sql);
  }
  async down() {}
}

const database = { schema: SCHEMA, entities: [], migrations: [CreateDeadLetters1700000000003] };

describe('operator pages: queue dashboard and dead letters behind OPERATOR_TOKEN (real PostgreSQL and Redis)', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let closedApp: INestApplication;
  let queues: Queue[];

  const boot = async () => {
    @Module({ imports: [CoreModule.forRoot({ service: 'operator-test', database }), OperatorQueuesModule.forRoot({ queues: ['op-known'] })] })
    class OperatorAppModule {}
    const created = (await Test.createTestingModule({ imports: [OperatorAppModule] }).compile()).createNestApplication({ logger: false });
    await created.init();
    return created;
  };

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ OPERATOR_TOKEN });
    await runMigrations({ url: testEnv.database.url, ...database });
    const connection = { url: testEnv.env.REDIS_URL! };
    // A queue some other service uses: the dashboard finds it under the deployment's prefix.
    queues = ['op-known', 'op-elsewhere'].map((name) => new Queue(name, { connection, prefix: testEnv.queuePrefix }));
    await queues[1]!.add('some.job', { n: 1 });
    app = await boot();
    delete process.env.OPERATOR_TOKEN;
    closedApp = await boot();
  });

  afterAll(async () => {
    await app?.close();
    await closedApp?.close();
    for (const queue of queues ?? []) await queue.close();
    await testEnv?.teardown();
  });

  it('refuses the dashboard without the operator token (401, message, Basic challenge), with a wrong one, and with a user token', async () => {
    const anonymous = await request(app.getHttpServer()).get('/internal/queues').expect(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Operator route: the operator token is required' });
    expect(anonymous.headers['www-authenticate']).toBe('Basic realm="academy operators"');
    const wrong = await request(app.getHttpServer()).get('/internal/queues/api/queues').set('X-Operator-Token', 'x'.repeat(OPERATOR_TOKEN.length)).expect(401);
    expect(wrong.body.message).toBe('Operator route: the operator token is not valid');
    const educator = await testEnv.issuer.sign(demoUsers.educator);
    await request(app.getHttpServer()).get('/internal/queues/api/queues').set('Authorization', `Bearer ${educator}`).expect(401);
    await request(app.getHttpServer()).get('/internal/queues/api/queues').set('X-Internal-Token', testEnv.env.INTERNAL_TOKEN!).expect(401);
  });

  it('serves the dashboard to an operator (browser login or header), listing known and discovered queues', async () => {
    const page = await request(app.getHttpServer()).get('/internal/queues').auth('operator', OPERATOR_TOKEN).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Academy queues');
    const api = await request(app.getHttpServer()).get('/internal/queues/api/queues').set('X-Operator-Token', OPERATOR_TOKEN).expect(200);
    const names = (api.body.queues as { name: string }[]).map((queue) => queue.name);
    expect(names).toEqual(expect.arrayContaining(['op-known', 'op-elsewhere']));
  });

  it('lists and replays dead letters for operators only; bad ids and filters are 400, unknown ids 404', async () => {
    const jobId = randomUUID();
    const store = app.get(DeadLetterStore);
    await store.record({ queue: 'op-known', jobId, name: 'thing.created', data: { eventId: jobId }, stage: 'consumer', error: 'boom', attempts: 10 });
    await request(app.getHttpServer()).get('/internal/operator/dead-letters').expect(401);
    const educator = await testEnv.issuer.sign(demoUsers.educator);
    await request(app.getHttpServer()).get('/internal/operator/dead-letters').set('Authorization', `Bearer ${educator}`).expect(401);
    const listed = await request(app.getHttpServer()).get('/internal/operator/dead-letters?status=dead').set('X-Operator-Token', OPERATOR_TOKEN).expect(200);
    expect(listed.body.deadLetters).toEqual([expect.objectContaining({ jobId, status: 'dead', error: 'boom', attempts: 10 })]);
    const id = listed.body.deadLetters[0].id as string;

    await request(app.getHttpServer()).post(`/internal/operator/dead-letters/${id}/replay`).expect(401);
    const replayed = await request(app.getHttpServer())
      .post(`/internal/operator/dead-letters/${id}/replay`)
      .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
      .expect(201);
    expect(replayed.body).toMatchObject({ success: true, message: `Event ${jobId} is back on queue op-known`, deadLetter: { status: 'replayed', replayCount: 1 } });
    expect(await queues[0]!.getJob(jobId)).toMatchObject({ name: 'thing.created', data: { eventId: jobId } });

    const bad = await request(app.getHttpServer()).post('/internal/operator/dead-letters/not-a-uuid/replay').set('X-Operator-Token', OPERATOR_TOKEN).expect(400);
    expect(bad.body.message).toBe('id must be a dead letter id (a UUID)');
    await request(app.getHttpServer()).post(`/internal/operator/dead-letters/${randomUUID()}/replay`).set('X-Operator-Token', OPERATOR_TOKEN).expect(404);
    const badStatus = await request(app.getHttpServer()).get('/internal/operator/dead-letters?status=lost').set('X-Operator-Token', OPERATOR_TOKEN).expect(400);
    expect(badStatus.body.message).toBe('status must be "dead" or "replayed"');
    await request(app.getHttpServer()).get('/internal/operator/dead-letters?limit=5000').set('X-Operator-Token', OPERATOR_TOKEN).expect(400);
  });

  it('keeps every operator page closed when OPERATOR_TOKEN is not configured', async () => {
    const closed = await request(closedApp.getHttpServer()).get('/internal/queues').auth('operator', OPERATOR_TOKEN).expect(401);
    expect(closed.body.message).toBe('Operator pages are closed: OPERATOR_TOKEN is not configured');
    await request(closedApp.getHttpServer()).get('/internal/operator/dead-letters').set('X-Operator-Token', OPERATOR_TOKEN).expect(401);
  });
});

/** A free port on loopback (the gate must know the operator port before the app listens). */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A raw request: the path exactly as written (fetch and supertest resolve `..` and `//` before sending). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}

/** Spellings of the operator paths a proxy or a router might read as them. */
const OPERATOR_PATH_VARIANTS = [
  '/internal/queues',
  '/internal/queues/api/queues',
  '/INTERNAL/QUEUES',
  '/Internal/Queues/',
  '/internal//queues',
  '//internal/queues',
  '/internal/./queues',
  '/internal/x/../queues',
  '/api/../internal/queues',
  '/api/%2e%2e/internal/queues',
  '/api/%2E%2E%2Finternal%2Fqueues',
  '/%69nternal/queues',
  '/internal/%71ueues',
  '/internal/%2571ueues',
  '/internal%2fqueues',
  '/internal\\queues',
  '/internal/operator/dead-letters',
  '/internal/Operator/dead-letters?status=dead',
  '/internal/%6fperator/dead-letters',
  '/internal/operator/dead-letters/../dead-letters',
  '/internal/operator/dead-letters%00',
  '/internal/queues/%E0%A4%A',
];

describe('operator pages on their own port (OPERATOR_PORT), never on the public one', () => {
  let testEnv: ServiceTestEnvironment;
  let app: INestApplication;
  let publicPort: number;
  let operatorPort: number;
  const token = { 'x-operator-token': OPERATOR_TOKEN };

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment({ OPERATOR_TOKEN });
    await runMigrations({ url: testEnv.database.url, ...database });
    @Module({ imports: [CoreModule.forRoot({ service: 'operator-port-test', database }), OperatorQueuesModule.forRoot({ queues: ['op-known'] })] })
    class OperatorPortAppModule {}
    app = (await Test.createTestingModule({ imports: [OperatorPortAppModule] }).compile()).createNestApplication({ logger: false });
    operatorPort = await freePort();
    // As bootstrapHttp does it.
    app.use(operatorPortGate(operatorPort));
    await app.listen(0, '127.0.0.1');
    publicPort = (app.getHttpServer().address() as AddressInfo).port;
    await listenForOperators(app, operatorPort, '127.0.0.1');
  });

  afterAll(async () => {
    await app?.close();
    await testEnv?.teardown();
  });

  it('answers 404 on the public port to every spelling of the operator paths, even with the operator token', async () => {
    for (const path of OPERATOR_PATH_VARIANTS) {
      const answer = await rawGet(publicPort, path, token);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body).not.toContain('Academy queues');
    }
    // The public port still serves what it serves.
    expect((await rawGet(publicPort, '/health/live')).status).toBe(200);
  });

  it('serves the operator pages on the operator port, behind the token, and nothing else there', async () => {
    expect((await rawGet(operatorPort, '/internal/queues')).status).toBe(401);
    const page = await rawGet(operatorPort, '/internal/queues', token);
    expect([page.status, page.body.includes('Academy queues')]).toEqual([200, true]);
    expect((await rawGet(operatorPort, '/internal/operator/dead-letters', token)).status).toBe(200);
    expect((await rawGet(operatorPort, '/health/live')).status).toBe(200);
    for (const path of ['/api/course/all', '/internal/enrolments', '/internal/../api/course/all', '/metrics']) {
      expect([path, (await rawGet(operatorPort, path, token)).status]).toEqual([path, 404]);
    }
  });

  it('reads paths as a router could', () => {
    expect(normalisedPath('/api/%252e%252e/INTERNAL//Queues/')).toBe('/internal/queues');
    expect(normalisedPath('/internal/%E0%A4%A')).toBeNull();
  });
});
