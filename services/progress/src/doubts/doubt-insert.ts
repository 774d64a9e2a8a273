import type { DoubtAskedEvent } from '@academy/contracts';
import type { OutboxWriter } from '@academy/service-core';
import type { EntityManager } from 'typeorm';
import { ProgressJob } from '../queue/progress-jobs.js';
import { renderDoubtText } from './doubt-text.js';
import type { DoubtsRepository } from './doubts.repository.js';

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
export async function insertDoubt(manager: EntityManager, doubts: DoubtsRepository, outbox: OutboxWriter, doubt: NewDoubt): Promise<string | null> {
  const id = await doubts.insert(manager, {
    courseId: doubt.courseId, lectureId: doubt.lectureId, liveClassId: doubt.liveClassId, clientId: doubt.clientId, educatorId: doubt.educatorId,
    userId: doubt.userId, authorName: doubt.authorName, atSecond: doubt.atSecond, text: doubt.text, html: renderDoubtText(doubt.text),
  });
  if (!id) return null;
  const event: DoubtAskedEvent = {
    doubtId: id, courseId: doubt.courseId, courseTitle: doubt.courseTitle, lectureId: doubt.lectureId, liveClassId: doubt.liveClassId,
    educatorId: doubt.educatorId, askerId: doubt.userId, askerName: doubt.authorName,
  };
  await outbox.add(manager, { topic: ProgressJob.DoubtAsked, payload: event, key: id });
  await doubts.addCourseWords(manager, doubt.courseId, doubt.text);
  return id;
}
