import { LIVE_CHAT_HISTORY_MAX, type LiveChatMessage, type LivePoll } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface MessageRow {
  id: string;
  class_id: string;
  user_id: string;
  user_name: string;
  from_educator: boolean;
  text: string;
  client_id: string;
  created_at: Date;
}

const toMessage = (row: MessageRow): LiveChatMessage => ({
  id: Number(row.id),
  classId: row.class_id,
  userId: row.user_id,
  userName: row.user_name,
  fromEducator: row.from_educator,
  text: row.text,
  clientId: row.client_id,
  sentAt: row.created_at.toISOString(),
});

/**
 * A live class's chat, moderation, polls and attendance, in PostgreSQL (progress.live_*): what every gateway replica
 * reads and writes.
 */
@Injectable()
export class LiveChatRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores a message once per (class, user, client id): sent again after a reconnect, the stored one comes back and
   * `created` is false (nothing is broadcast twice).
   */
  async add(message: Omit<LiveChatMessage, 'id' | 'sentAt'>): Promise<{ message: LiveChatMessage; created: boolean }> {
    const inserted: MessageRow[] = await this.dataSource.query(
      `INSERT INTO "progress"."live_chat_messages" ("class_id", "user_id", "user_name", "from_educator", "text", "client_id")
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT ("class_id", "user_id", "client_id") DO NOTHING RETURNING *`,
      [message.classId, message.userId, message.userName, message.fromEducator, message.text, message.clientId],
    );
    if (inserted[0]) return { message: toMessage(inserted[0]), created: true };
    const [existing]: MessageRow[] = await this.dataSource.query(
      `SELECT * FROM "progress"."live_chat_messages" WHERE "class_id" = $1 AND "user_id" = $2 AND "client_id" = $3`,
      [message.classId, message.userId, message.clientId],
    );
    return { message: toMessage(existing!), created: false };
  }

  /** Messages after `afterId` (none: the latest), oldest first, deleted ones left out. */
  async since(classId: string, afterId = 0): Promise<LiveChatMessage[]> {
    const rows: MessageRow[] = await this.dataSource.query(
      `SELECT * FROM (SELECT * FROM "progress"."live_chat_messages" WHERE "class_id" = $1 AND "id" > $2 AND "deleted_at" IS NULL
         ORDER BY "id" DESC LIMIT ${LIVE_CHAT_HISTORY_MAX}) latest ORDER BY "id"`,
      [classId, afterId],
    );
    return rows.map(toMessage);
  }

  /** The user's last message time in the class (slow mode). */
  async lastSentAt(classId: string, userId: string): Promise<Date | null> {
    const [row]: { at: Date | null }[] = await this.dataSource.query(
      `SELECT max("created_at") AS "at" FROM "progress"."live_chat_messages" WHERE "class_id" = $1 AND "user_id" = $2`,
      [classId, userId],
    );
    return row?.at ?? null;
  }

  async room(classId: string): Promise<{ slowModeSeconds: number; pinnedId: number | null }> {
    const [row]: { slow_mode_seconds: number; pinned_message_id: string | null }[] = await this.dataSource.query(
      `SELECT "slow_mode_seconds", "pinned_message_id" FROM "progress"."live_class_rooms" WHERE "class_id" = $1`,
      [classId],
    );
    return { slowModeSeconds: row?.slow_mode_seconds ?? 0, pinnedId: row?.pinned_message_id ? Number(row.pinned_message_id) : null };
  }

  async setRoom(classId: string, changes: { slowModeSeconds?: number; pinnedId?: number | null }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."live_class_rooms" ("class_id", "slow_mode_seconds", "pinned_message_id") VALUES ($1, coalesce($2, 0), $3)
       ON CONFLICT ("class_id") DO UPDATE SET
         "slow_mode_seconds" = coalesce($2, "live_class_rooms"."slow_mode_seconds"),
         "pinned_message_id" = CASE WHEN $4 THEN $3::bigint ELSE "live_class_rooms"."pinned_message_id" END`,
      [classId, changes.slowModeSeconds ?? null, changes.pinnedId ?? null, changes.pinnedId !== undefined],
    );
  }

  /** Marks a message deleted (kept for the record); false when the class has no such message. */
  async delete(classId: string, messageId: number): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "progress"."live_chat_messages" SET "deleted_at" = coalesce("deleted_at", now()) WHERE "class_id" = $1 AND "id" = $2 RETURNING "id"`,
      [classId, messageId],
    );
    const rows = (Array.isArray((result as unknown[])[0]) ? (result as unknown[][])[0] : result) as unknown[];
    return rows.length > 0;
  }

  async isMuted(classId: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "progress"."live_class_mutes" WHERE "class_id" = $1 AND "user_id" = $2`, [classId, userId]);
    return rows.length > 0;
  }

  async setMuted(classId: string, userId: string, muted: boolean): Promise<void> {
    if (muted) {
      await this.dataSource.query(`INSERT INTO "progress"."live_class_mutes" ("class_id", "user_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [classId, userId]);
    } else {
      await this.dataSource.query(`DELETE FROM "progress"."live_class_mutes" WHERE "class_id" = $1 AND "user_id" = $2`, [classId, userId]);
    }
  }

  /** A learner joined (again): their row exists, and the time away does not count. */
  async attendanceJoined(classId: string, userId: string, userName: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."live_attendance" ("class_id", "user_id", "user_name") VALUES ($1, $2, $3)
       ON CONFLICT ("class_id", "user_id") DO UPDATE SET "last_seen_at" = now()`,
      [classId, userId, userName],
    );
  }

  /** A heartbeat or a leave: the time since the last sign of life counts, at most 30 s (a missed beat is not attendance). */
  async attendanceSeen(classId: string, userId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "progress"."live_attendance" SET "seconds" = "seconds" + LEAST(30, GREATEST(0, round(extract(epoch FROM now() - "last_seen_at"))))::int,
         "last_seen_at" = now() WHERE "class_id" = $1 AND "user_id" = $2`,
      [classId, userId],
    );
  }

  async attendance(classId: string, userId?: string): Promise<Array<{ userId: string; userName: string; firstJoinedAt: Date; lastSeenAt: Date; seconds: number }>> {
    return this.dataSource.query(
      `SELECT "user_id" AS "userId", "user_name" AS "userName", "first_joined_at" AS "firstJoinedAt", "last_seen_at" AS "lastSeenAt", "seconds"
         FROM "progress"."live_attendance" WHERE "class_id" = $1 AND ($2::text IS NULL OR "user_id" = $2) ORDER BY "user_name", "user_id"`,
      [classId, userId ?? null],
    );
  }

  /** The classes a user attended, latest first. */
  async attendedBy(userId: string, limit: number): Promise<Array<{ classId: string; firstJoinedAt: Date; seconds: number }>> {
    return this.dataSource.query(
      `SELECT "class_id" AS "classId", "first_joined_at" AS "firstJoinedAt", "seconds"
         FROM "progress"."live_attendance" WHERE "user_id" = $1 ORDER BY "first_joined_at" DESC, "class_id" LIMIT $2`,
      [userId, limit],
    );
  }

  async openPoll(classId: string, question: string, options: string[]): Promise<LivePoll> {
    const [row]: { id: string }[] = await this.dataSource.query(
      `INSERT INTO "progress"."live_polls" ("class_id", "question", "options") VALUES ($1, $2, $3::jsonb) RETURNING "id"`,
      [classId, question, JSON.stringify(options)],
    );
    return (await this.poll(classId, Number(row!.id)))!;
  }

  /** One answer per learner (the first counts); false when the poll is closed or not the class's. */
  async answerPoll(classId: string, pollId: number, userId: string, option: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO "progress"."live_poll_answers" ("poll_id", "user_id", "option")
       SELECT p."id", $3, $4 FROM "progress"."live_polls" p
        WHERE p."id" = $2 AND p."class_id" = $1 AND p."closed_at" IS NULL AND $4 < jsonb_array_length(p."options")
       ON CONFLICT ("poll_id", "user_id") DO NOTHING RETURNING "poll_id"`,
      [classId, pollId, userId, option],
    );
    return rows.length > 0 || (await this.poll(classId, pollId))?.closed === false;
  }

  async closePoll(classId: string, pollId: number): Promise<void> {
    await this.dataSource.query(`UPDATE "progress"."live_polls" SET "closed_at" = coalesce("closed_at", now()) WHERE "class_id" = $1 AND "id" = $2`, [classId, pollId]);
  }

  /** A poll with its counts (`pollId` omitted: the class's latest), or null. */
  async poll(classId: string, pollId?: number): Promise<LivePoll | null> {
    const [row]: { id: string; question: string; options: string[]; closed_at: Date | null; counts: Record<string, number> | null }[] = await this.dataSource.query(
      `SELECT p."id", p."question", p."options", p."closed_at",
              (SELECT jsonb_object_agg(a."option", a."n") FROM (SELECT "option", count(*)::int AS "n" FROM "progress"."live_poll_answers" WHERE "poll_id" = p."id" GROUP BY "option") a) AS "counts"
         FROM "progress"."live_polls" p WHERE p."class_id" = $1 AND ($2::bigint IS NULL OR p."id" = $2) ORDER BY p."id" DESC LIMIT 1`,
      [classId, pollId ?? null],
    );
    if (!row) return null;
    return { id: Number(row.id), question: row.question, options: row.options, counts: row.options.map((_, index) => row.counts?.[String(index)] ?? 0), closed: row.closed_at !== null };
  }

  /** Enrolled now, or a parent linked to a learner enrolled now. */
  async mayJoin(userId: string, courseId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "progress"."enrolments" WHERE "course_id" = $2 AND ("user_id" = $1
         OR "user_id" IN (SELECT "child_id" FROM "progress"."parent_links" WHERE "parent_id" = $1)) LIMIT 1`,
      [userId, courseId],
    );
    return rows.length > 0;
  }
}
