import {
  EDUCATOR_PARENT_THREADS_MAX,
  NOT_LINKED_MESSAGE,
  PARENT_THREAD_MAX_MESSAGES,
  type ParentMessageEvent,
  type ParentThread,
  type ParentThreadMessage,
} from '@academy/contracts';
import { OutboxWriter, type AuthUser } from '@academy/service-core';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';
import { ProgressJob } from '../queue/progress-jobs.js';
import { UsersService } from '../users/users.service.js';
import { DoubtPostLimiter } from './doubt-post.limiter.js';

export const THREAD_NOT_FOUND_MESSAGE = 'This conversation is not available';
export const NOT_ENROLLED_IN_COURSE_MESSAGE = 'Your child is not enrolled in this course';

interface ThreadRow {
  id: string;
  parent_id: string;
  child_id: string;
  course_id: string;
  educator_id: string;
  course_title: string;
  child_name: string;
  parent_name: string;
}

interface MessageRow {
  id: string;
  thread_id: string;
  author_role: 'parent' | 'educator';
  author_name: string;
  body: string;
  created_at: Date;
}

const toMessage = (row: MessageRow): ParentThreadMessage => ({
  id: row.id,
  from: row.author_role,
  authorName: row.author_name,
  text: row.body,
  sentAt: new Date(row.created_at).toISOString(),
});

// Only while the child is linked to the thread's parent: a removed link closes the thread for both sides at once.
const THREAD_SELECT = `SELECT t."id", t."parent_id", t."child_id", t."course_id", t."educator_id", t."course_title",
         c."name" AS "child_name", p."name" AS "parent_name"
    FROM "progress"."parent_threads" t
    JOIN "progress"."parent_links" l ON l."parent_id" = t."parent_id" AND l."child_id" = t."child_id"
    JOIN "progress"."users" c ON c."id" = t."child_id"
    JOIN "progress"."users" p ON p."id" = t."parent_id"`;

/**
 * A parent's conversation with the educator of a course their child takes (one thread per parent, child and course).
 * The parent writes from the child's report, the educator from the doubts inbox; each message tells the other side
 * through the outbox (a notification and an email, made by the worker).
 */
@Injectable()
export class ParentThreadsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueClient,
    private readonly users: UsersService,
    private readonly outbox: OutboxWriter,
    private readonly limiter: DoubtPostLimiter,
  ) {}

  /** The parent's thread about the child's course (empty before the first message); 404 unless linked and enrolled. */
  async forParent(parentId: string, childId: string, courseId: string): Promise<ParentThread> {
    const { childName, parentName } = await this.assertParentMayWrite(parentId, childId, courseId);
    const [thread] = (await this.dataSource.query(`${THREAD_SELECT} WHERE t."parent_id" = $1 AND t."child_id" = $2 AND t."course_id" = $3`, [
      parentId,
      childId,
      courseId,
    ])) as ThreadRow[];
    if (!thread) {
      const course = await this.catalogue.course(courseId);
      return { id: null, childId, childName, parentName, courseId, courseTitle: course.courseTitle, messages: [] };
    }
    return (await this.withMessages([thread]))[0]!;
  }

  async postAsParent(parent: AuthUser, childId: string, courseId: string, text: string): Promise<ParentThread> {
    await this.users.upsertFromToken(parent);
    const { childName } = await this.assertParentMayWrite(parent.id, childId, courseId);
    await this.limiter.take('post', parent.id);
    const course = await this.catalogue.course(courseId);
    await this.dataSource.transaction(async (manager) => {
      const [thread] = (await manager.query(
        `INSERT INTO "progress"."parent_threads" ("parent_id", "child_id", "course_id", "educator_id", "course_title") VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ("parent_id", "child_id", "course_id") DO UPDATE SET "last_message_at" = now(), "course_title" = EXCLUDED."course_title"
         RETURNING "id", "educator_id"`,
        [parent.id, childId, courseId, course.educatorId, course.courseTitle],
      )) as { id: string; educator_id: string }[];
      await this.addMessage(manager, {
        threadId: thread!.id,
        authorId: parent.id,
        role: 'parent',
        authorName: parent.name,
        text,
        recipientId: thread!.educator_id,
        childId,
        childName,
        courseTitle: course.courseTitle,
      });
    });
    return this.forParent(parent.id, childId, courseId);
  }

  /** The educator's threads (their courses, linked families only), most recently active first. */
  async forEducator(educatorId: string): Promise<ParentThread[]> {
    const threads = (await this.dataSource.query(`${THREAD_SELECT} WHERE t."educator_id" = $1 ORDER BY t."last_message_at" DESC, t."id" DESC LIMIT $2`, [
      educatorId,
      EDUCATOR_PARENT_THREADS_MAX,
    ])) as ThreadRow[];
    return this.withMessages(threads);
  }

  /** The educator's answer; 404 for a thread of another educator's course or of a family no longer linked. */
  async postAsEducator(educator: AuthUser, threadId: string, text: string): Promise<ParentThread> {
    const [thread] = (await this.dataSource.query(`${THREAD_SELECT} WHERE t."id" = $1 AND t."educator_id" = $2`, [threadId, educator.id])) as ThreadRow[];
    if (!thread) throw new NotFoundException(THREAD_NOT_FOUND_MESSAGE);
    await this.limiter.take('post', educator.id);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`UPDATE "progress"."parent_threads" SET "last_message_at" = now() WHERE "id" = $1`, [thread.id]);
      await this.addMessage(manager, {
        threadId: thread.id,
        authorId: educator.id,
        role: 'educator',
        authorName: educator.name,
        text,
        recipientId: thread.parent_id,
        childId: thread.child_id,
        childName: thread.child_name,
        courseTitle: thread.course_title,
      });
    });
    return (await this.withMessages([thread]))[0]!;
  }

  private async addMessage(
    manager: EntityManager,
    message: { threadId: string; authorId: string; role: 'parent' | 'educator'; authorName: string; text: string; recipientId: string; childId: string; childName: string; courseTitle: string },
  ): Promise<void> {
    const [row] = (await manager.query(
      `INSERT INTO "progress"."parent_thread_messages" ("thread_id", "author_id", "author_role", "author_name", "body") VALUES ($1, $2, $3, $4, $5) RETURNING "id"`,
      [message.threadId, message.authorId, message.role, message.authorName, message.text],
    )) as { id: string }[];
    // The other side's notification and email, made by the worker if and only if the message is stored.
    const event: ParentMessageEvent = {
      messageId: row!.id,
      threadId: message.threadId,
      recipientId: message.recipientId,
      recipientRole: message.role === 'parent' ? 'educator' : 'parent',
      authorName: message.authorName,
      childId: message.childId,
      childName: message.childName,
      courseTitle: message.courseTitle,
    };
    await this.outbox.add(manager, { topic: ProgressJob.ParentMessage, payload: event, key: row!.id });
  }

  private async assertParentMayWrite(parentId: string, childId: string, courseId: string): Promise<{ childName: string; parentName: string }> {
    const [row] = (await this.dataSource.query(
      `SELECT c."name" AS "child_name", p."name" AS "parent_name",
              EXISTS (SELECT 1 FROM "progress"."enrolments" e WHERE e."user_id" = l."child_id" AND e."course_id" = $3) AS "enrolled"
         FROM "progress"."parent_links" l
         JOIN "progress"."users" c ON c."id" = l."child_id"
         JOIN "progress"."users" p ON p."id" = l."parent_id"
        WHERE l."parent_id" = $1 AND l."child_id" = $2`,
      [parentId, childId, courseId],
    )) as { child_name: string; parent_name: string; enrolled: boolean }[];
    if (!row) throw new NotFoundException(NOT_LINKED_MESSAGE);
    if (!row.enrolled) throw new NotFoundException(NOT_ENROLLED_IN_COURSE_MESSAGE);
    return { childName: row.child_name, parentName: row.parent_name };
  }

  private async withMessages(threads: ThreadRow[]): Promise<ParentThread[]> {
    if (threads.length === 0) return [];
    const messages = (await this.dataSource.query(
      `SELECT m.* FROM (
         SELECT "id", "thread_id", "author_role", "author_name", "body", "created_at",
                row_number() OVER (PARTITION BY "thread_id" ORDER BY "created_at" DESC, "id" DESC) AS "newest"
           FROM "progress"."parent_thread_messages" WHERE "thread_id" = ANY($1::uuid[])) m
        WHERE m."newest" <= $2 ORDER BY m."created_at", m."id"`,
      [threads.map((thread) => thread.id), PARENT_THREAD_MAX_MESSAGES],
    )) as MessageRow[];
    return threads.map((thread) => ({
      id: thread.id,
      childId: thread.child_id,
      childName: thread.child_name,
      parentName: thread.parent_name,
      courseId: thread.course_id,
      courseTitle: thread.course_title,
      messages: messages.filter((message) => message.thread_id === thread.id).map(toMessage),
    }));
  }
}
