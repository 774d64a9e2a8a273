import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface ThreadRow {
  id: string;
  parent_id: string;
  child_id: string;
  course_id: string;
  educator_id: string;
  course_title: string;
  child_name: string;
  parent_name: string;
}

export interface MessageRow {
  id: string;
  thread_id: string;
  author_role: 'parent' | 'educator';
  author_name: string;
  body: string;
  created_at: Date;
}

// Only while the child is linked to the thread's parent: a removed link closes the thread for both sides at once.
const THREAD_SELECT = `SELECT t."id", t."parent_id", t."child_id", t."course_id", t."educator_id", t."course_title",
         c."name" AS "child_name", p."name" AS "parent_name"
    FROM "progress"."parent_threads" t
    JOIN "progress"."parent_links" l ON l."parent_id" = t."parent_id" AND l."child_id" = t."child_id"
    JOIN "progress"."users" c ON c."id" = t."child_id"
    JOIN "progress"."users" p ON p."id" = t."parent_id"`;

/** progress.parent_threads (one per parent, child and course) and their messages, read only while the family is linked. */
@Injectable()
export class ParentThreadsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async forParent(parentId: string, childId: string, courseId: string): Promise<ThreadRow | null> {
    const [thread]: ThreadRow[] = await this.dataSource.query(`${THREAD_SELECT} WHERE t."parent_id" = $1 AND t."child_id" = $2 AND t."course_id" = $3`, [
      parentId,
      childId,
      courseId,
    ]);
    return thread ?? null;
  }

  /** The educator's threads, most recently active first, `limit` at most. */
  async forEducator(educatorId: string, limit: number): Promise<ThreadRow[]> {
    return this.dataSource.query(`${THREAD_SELECT} WHERE t."educator_id" = $1 ORDER BY t."last_message_at" DESC, t."id" DESC LIMIT $2`, [educatorId, limit]);
  }

  /** The thread if it is of the educator's course (and its family is linked), or null. */
  async ofEducator(threadId: string, educatorId: string): Promise<ThreadRow | null> {
    const [thread]: ThreadRow[] = await this.dataSource.query(`${THREAD_SELECT} WHERE t."id" = $1 AND t."educator_id" = $2`, [threadId, educatorId]);
    return thread ?? null;
  }

  /** The parent's thread about the child's course, made on the first message, marked active (the course's title refreshed). */
  async openForParent(
    manager: EntityManager,
    thread: { parentId: string; childId: string; courseId: string; educatorId: string; courseTitle: string },
  ): Promise<{ id: string; educatorId: string }> {
    const [row]: { id: string; educator_id: string }[] = await manager.query(
      `INSERT INTO "progress"."parent_threads" ("parent_id", "child_id", "course_id", "educator_id", "course_title") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("parent_id", "child_id", "course_id") DO UPDATE SET "last_message_at" = now(), "course_title" = EXCLUDED."course_title"
       RETURNING "id", "educator_id"`,
      [thread.parentId, thread.childId, thread.courseId, thread.educatorId, thread.courseTitle],
    );
    return { id: row!.id, educatorId: row!.educator_id };
  }

  /** Marks the thread active now (its place in the educator's list). */
  async touch(manager: EntityManager, threadId: string): Promise<void> {
    await manager.query(`UPDATE "progress"."parent_threads" SET "last_message_at" = now() WHERE "id" = $1`, [threadId]);
  }

  /** Writes a message in the caller's transaction; its id. */
  async insertMessage(manager: EntityManager, message: { threadId: string; authorId: string; role: 'parent' | 'educator'; authorName: string; text: string }): Promise<string> {
    const [row]: { id: string }[] = await manager.query(
      `INSERT INTO "progress"."parent_thread_messages" ("thread_id", "author_id", "author_role", "author_name", "body") VALUES ($1, $2, $3, $4, $5) RETURNING "id"`,
      [message.threadId, message.authorId, message.role, message.authorName, message.text],
    );
    return row!.id;
  }

  /** The linked child's and parent's names and whether the child is enrolled in the course (null: not linked). */
  async family(parentId: string, childId: string, courseId: string): Promise<{ childName: string; parentName: string; enrolled: boolean } | null> {
    const [row]: { child_name: string; parent_name: string; enrolled: boolean }[] = await this.dataSource.query(
      `SELECT c."name" AS "child_name", p."name" AS "parent_name",
              EXISTS (SELECT 1 FROM "progress"."enrolments" e WHERE e."user_id" = l."child_id" AND e."course_id" = $3) AS "enrolled"
         FROM "progress"."parent_links" l
         JOIN "progress"."users" c ON c."id" = l."child_id"
         JOIN "progress"."users" p ON p."id" = l."parent_id"
        WHERE l."parent_id" = $1 AND l."child_id" = $2`,
      [parentId, childId, courseId],
    );
    return row ? { childName: row.child_name, parentName: row.parent_name, enrolled: row.enrolled } : null;
  }

  /** The latest `perThread` messages of each thread, oldest first. */
  async latestMessages(threadIds: readonly string[], perThread: number): Promise<MessageRow[]> {
    return this.dataSource.query(
      `SELECT m.* FROM (
         SELECT "id", "thread_id", "author_role", "author_name", "body", "created_at",
                row_number() OVER (PARTITION BY "thread_id" ORDER BY "created_at" DESC, "id" DESC) AS "newest"
           FROM "progress"."parent_thread_messages" WHERE "thread_id" = ANY($1::uuid[])) m
        WHERE m."newest" <= $2 ORDER BY m."created_at", m."id"`,
      [[...threadIds], perThread],
    );
  }
}
