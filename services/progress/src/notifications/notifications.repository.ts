import type { NotificationEmailSettings, NotificationKind } from '@academy/contracts';
import { cursorTimestampSql, type KeysetPosition } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  link: string;
  read_at: Date | null;
  created_at: Date;
}

/** A notification whose email has not gone yet, with where it would go and whether the user wants its kind by email. */
export interface PendingEmail {
  id: string;
  email: string;
  name: string;
  wanted: boolean;
}

/** TypeORM answers an UPDATE … RETURNING with [rows, count]. */
const updatedRows = (result: unknown): unknown[] => (Array.isArray((result as unknown[])[0]) ? (result as unknown[][])[0]! : (result as unknown[]));

/** progress.notifications (the bell, once per `dedupe_key`) and progress.notification_email_settings. */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest first from `after` (index notifications_newest); `limit` rows at most, each with its keyset position. */
  async page(userId: string, after: KeysetPosition | null, limit: number): Promise<(NotificationRow & { cursor_at: string })[]> {
    return this.dataSource.query(
      `SELECT "id", "kind", "title", "link", "read_at", "created_at", ${cursorTimestampSql('"created_at"')} AS "cursor_at"
         FROM "progress"."notifications"
        WHERE "user_id" = $1 AND ($2::timestamptz IS NULL OR ("created_at", "id") < ($2::timestamptz, $3::uuid))
        ORDER BY "created_at" DESC, "id" DESC
        LIMIT $4`,
      [userId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  async unreadCount(userId: string): Promise<number> {
    const [row]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS "count" FROM "progress"."notifications" WHERE "user_id" = $1 AND "read_at" IS NULL`,
      [userId],
    );
    return Number(row?.count ?? 0);
  }

  /** Marks one of the user's notifications read (kept read if it was); false when the user has no such notification. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "progress"."notifications" SET "read_at" = coalesce("read_at", now()) WHERE "id" = $1 AND "user_id" = $2 RETURNING 1`,
      [id, userId],
    );
    return updatedRows(result).length > 0;
  }

  async markAllRead(userId: string): Promise<void> {
    await this.dataSource.query(`UPDATE "progress"."notifications" SET "read_at" = now() WHERE "user_id" = $1 AND "read_at" IS NULL`, [userId]);
  }

  /** The user's email choice per kind, null before they saved one. */
  async emailSettings(userId: string): Promise<NotificationEmailSettings | null> {
    const [row]: NotificationEmailSettings[] = await this.dataSource.query(
      `SELECT "doubt_answered", "doubt_new", "assignment_reviewed", "live_class" FROM "progress"."notification_email_settings" WHERE "user_id" = $1`,
      [userId],
    );
    return row ? { doubt_answered: row.doubt_answered, doubt_new: row.doubt_new, assignment_reviewed: row.assignment_reviewed, live_class: row.live_class } : null;
  }

  async saveEmailSettings(userId: string, settings: NotificationEmailSettings): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."notification_email_settings" ("user_id", "doubt_answered", "doubt_new", "assignment_reviewed", "live_class")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("user_id") DO UPDATE SET "doubt_answered" = $2, "doubt_new" = $3, "assignment_reviewed" = $4, "live_class" = $5, "updated_at" = now()`,
      [userId, settings.doubt_answered, settings.doubt_new, settings.assignment_reviewed, settings.live_class],
    );
  }

  /** Makes the notification once per `dedupeKey`; null when it was made already (nothing is written). */
  async insertOnce(notification: { userId: string; kind: NotificationKind; title: string; link: string; dedupeKey: string }): Promise<NotificationRow | null> {
    const inserted: NotificationRow[] = await this.dataSource.query(
      `INSERT INTO "progress"."notifications" ("user_id", "kind", "title", "link", "dedupe_key") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("dedupe_key") DO NOTHING
       RETURNING "id", "kind", "title", "link", "read_at", "created_at"`,
      [notification.userId, notification.kind, notification.title, notification.link, notification.dedupeKey],
    );
    return inserted[0] ?? null;
  }

  /** The notification of `dedupeKey` while its email has not gone (null once it has). */
  async pendingEmail(dedupeKey: string): Promise<PendingEmail | null> {
    const [pending]: PendingEmail[] = await this.dataSource.query(
      `SELECT n."id", coalesce(u."email", '') AS "email", coalesce(u."name", '') AS "name",
              coalesce((to_jsonb(s) ->> n."kind")::boolean, true) AS "wanted"
         FROM "progress"."notifications" n
         LEFT JOIN "progress"."users" u ON u."id" = n."user_id"
         LEFT JOIN "progress"."notification_email_settings" s ON s."user_id" = n."user_id"
        WHERE n."dedupe_key" = $1 AND n."emailed_at" IS NULL`,
      [dedupeKey],
    );
    return pending ?? null;
  }

  async markEmailed(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE "progress"."notifications" SET "emailed_at" = now() WHERE "id" = $1`, [id]);
  }

  /** Who is enrolled in the course now (a live class's notice goes to each). */
  async enrolledLearners(courseId: string): Promise<string[]> {
    const rows: { user_id: string }[] = await this.dataSource.query(`SELECT "user_id" FROM "progress"."enrolments" WHERE "course_id" = $1 ORDER BY "user_id"`, [courseId]);
    return rows.map((row) => row.user_id);
  }
}
