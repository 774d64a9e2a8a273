import { CATALOGUE_EVENTS_QUEUE, CatalogueEvent, courseEnrolmentSnapshotEventSchema, parentLinkEventSchema } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { progressDatabase } from '../database.js';
import { CourseAccessSnapshot1790900000000 } from './1790900000000-CourseAccessSnapshot.js';

describe('migration 1790900000000: the enrolments and parent links made before catalogue kept its own course access', () => {
  let testEnv: ServiceTestEnvironment;
  let db: DataSource;

  beforeAll(async () => {
    testEnv = await prepareServiceTestEnvironment();
    // The schema as a running portal had it before this change.
    const before = progressDatabase.migrations.filter((migration) => migration !== CourseAccessSnapshot1790900000000);
    await runMigrations({ url: testEnv.database.url, ...progressDatabase, migrations: before });
    db = await new DataSource({ type: 'postgres', url: testEnv.database.url }).initialize();
  });

  afterAll(async () => {
    await db?.destroy();
    await testEnv?.teardown();
  });

  it('writes one catalogue event per enrolment and per link (nothing for refunded ones), which the contracts accept', async () => {
    const courseId = randomUUID();
    const enrolled = { purchaseId: randomUUID(), userId: 'test|old-learner' };
    await db.query(`INSERT INTO progress.users (id, name, email, image_url) VALUES ('test|old-learner', 'L', 'l@x.test', ''), ('test|old-parent', 'P', 'p@x.test', '')`);
    await db.query('INSERT INTO progress.enrolments (user_id, course_id, purchase_id) VALUES ($1, $2, $3)', [enrolled.userId, courseId, enrolled.purchaseId]);
    await db.query(`INSERT INTO progress.revoked_enrolments (purchase_id, refund_id, user_id, course_id) VALUES ($1, 'rfnd_old', 'test|old-learner', $2)`, [randomUUID(), randomUUID()]);
    await db.query(`INSERT INTO progress.parent_links (parent_id, child_id, created_at) VALUES ('test|old-parent', 'test|old-learner', '2025-01-02T03:04:05.678901Z')`);
    const countBefore = Number((await db.query('SELECT count(*) AS n FROM progress.outbox'))[0].n);

    await runMigrations({ url: testEnv.database.url, ...progressDatabase });

    const rows: { queue: string; name: string; payload: Record<string, unknown>; key: string }[] = await db.query('SELECT queue, name, payload, key FROM progress.outbox ORDER BY created_at, name');
    expect(rows).toHaveLength(countBefore + 2);
    const snapshot = rows.find((row) => row.name === CatalogueEvent.CourseEnrolmentSnapshot);
    expect(snapshot).toEqual({
      queue: CATALOGUE_EVENTS_QUEUE,
      name: 'course.enrolment_snapshot',
      key: enrolled.purchaseId,
      payload: { courseId, userId: enrolled.userId, purchaseId: enrolled.purchaseId },
    });
    expect(courseEnrolmentSnapshotEventSchema.safeParse({ eventId: 'e', ...snapshot!.payload }).success).toBe(true);
    const link = rows.find((row) => row.name === CatalogueEvent.ParentLinked);
    expect(link).toEqual({
      queue: CATALOGUE_EVENTS_QUEUE,
      name: 'parent.linked',
      key: 'test|old-parent/test|old-learner',
      payload: { parentId: 'test|old-parent', childId: 'test|old-learner', linkedAt: '2025-01-02T03:04:05.678901Z' },
    });
    expect(parentLinkEventSchema.safeParse({ eventId: 'e', ...link!.payload }).success).toBe(true);
  });
});
