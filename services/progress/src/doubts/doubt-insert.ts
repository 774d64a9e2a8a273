import type { DoubtAskedEvent } from '@academy/contracts';
import type { OutboxWriter } from '@academy/service-core';
import type { EntityManager } from 'typeorm';
import { ProgressJob } from '../queue/progress-jobs.js';
import { renderDoubtText } from './doubt-text.js';

export interface NewDoubt {
  courseId: string;
  courseTitle: string;
  educatorId: string;
  /** Null for a doubt asked in a live class whose recording is not a lecture yet. */
  lectureId: string | null;
  liveClassId: string | null;
  /** The client's id of a live-class doubt: sent again, it is stored once. */
  clientId: string | null;
  userId: string;
  authorName: string;
  atSecond: number;
  text: string;
}

/**
 * Stores a doubt with its `doubt.asked` outbox event and the course's new words, in the caller's transaction (the
 * educator hears of it if and only if it is stored). Under a lecture (the player) and in a live class (the gateway)
 * alike. Null when a live-class doubt with this client id is already stored (nothing is written).
 */
export async function insertDoubt(manager: EntityManager, outbox: OutboxWriter, doubt: NewDoubt): Promise<string | null> {
  const [row]: { id: string }[] = await manager.query(
    `INSERT INTO "progress"."doubts" ("course_id", "lecture_id", "live_class_id", "client_id", "educator_id", "user_id", "author_name", "at_second", "body_text", "body_html")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT ("live_class_id", "user_id", "client_id") WHERE "live_class_id" IS NOT NULL DO NOTHING
     RETURNING "id"`,
    [doubt.courseId, doubt.lectureId, doubt.liveClassId, doubt.clientId, doubt.educatorId, doubt.userId, doubt.authorName, doubt.atSecond, doubt.text, renderDoubtText(doubt.text)],
  );
  if (!row) return null;
  const event: DoubtAskedEvent = {
    doubtId: row.id, courseId: doubt.courseId, courseTitle: doubt.courseTitle, lectureId: doubt.lectureId, liveClassId: doubt.liveClassId,
    educatorId: doubt.educatorId, askerId: doubt.userId, askerName: doubt.authorName,
  };
  await outbox.add(manager, { topic: ProgressJob.DoubtAsked, payload: event, key: row.id });
  // The course's vocabulary, where the search looks up other spellings (of words: codes and numbers match exactly).
  await manager.query(
    `INSERT INTO "progress"."doubt_words" ("course_id", "word")
     SELECT $1, "word" FROM unnest(tsvector_to_array(to_tsvector('simple', $2))) AS "word" WHERE "word" !~ '[0-9]' ON CONFLICT DO NOTHING`,
    [doubt.courseId, doubt.text],
  );
  return row.id;
}
