import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationEmailSettings,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
} from '@academy/contracts';
import { cursorTimestampSql, decodeKeysetCursor, encodeKeysetCursor } from '@academy/service-core';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationBus } from './notification-bus.js';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'This notification is not yours or no longer exists';

interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  link: string;
  read_at: Date | null;
  created_at: Date;
  cursor_at: string;
}

export const notificationView = (row: Omit<NotificationRow, 'cursor_at'>): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  link: row.link,
  read: row.read_at !== null,
  createdAt: new Date(row.created_at).toISOString(),
});

const DEFAULT_SETTINGS: NotificationEmailSettings = { doubt_answered: true, doubt_new: true, assignment_reviewed: true, live_class: true };

/** A user's own notifications: the bell's list, its count, marking read, and the email choice per kind. */
@Injectable()
export class NotificationsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: NotificationBus,
  ) {}

  /** Newest first, a keyset page at a time (index notifications_newest). */
  async list(userId: string, cursor?: string): Promise<NotificationPage> {
    const after = cursor ? decodeKeysetCursor(cursor) : null;
    const rows: NotificationRow[] = await this.dataSource.query(
      `SELECT "id", "kind", "title", "link", "read_at", "created_at", ${cursorTimestampSql('"created_at"')} AS "cursor_at"
         FROM "progress"."notifications"
        WHERE "user_id" = $1 AND ($2::timestamptz IS NULL OR ("created_at", "id") < ($2::timestamptz, $3::uuid))
        ORDER BY "created_at" DESC, "id" DESC
        LIMIT $4`,
      [userId, after?.at ?? null, after?.id ?? null, NOTIFICATIONS_PAGE_SIZE + 1],
    );
    const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      notifications: page.map(notificationView),
      unreadCount: await this.unreadCount(userId),
      nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row]: { count: string }[] = await this.dataSource.query(
      `SELECT count(*) AS "count" FROM "progress"."notifications" WHERE "user_id" = $1 AND "read_at" IS NULL`,
      [userId],
    );
    return Number(row?.count ?? 0);
  }

  /** Marks one of the caller's notifications read (again: nothing changes); another user's answers 404. */
  async markRead(userId: string, id: string): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(
      `UPDATE "progress"."notifications" SET "read_at" = coalesce("read_at", now()) WHERE "id" = $1 AND "user_id" = $2 RETURNING 1`,
      [id, userId],
    );
    // An UPDATE … RETURNING answers [rows, count] through TypeORM's query().
    const found = Array.isArray(rows[0]) ? (rows[0] as unknown[]).length > 0 : rows.length > 0;
    if (!found) throw new NotFoundException(NOTIFICATION_NOT_FOUND_MESSAGE);
    return this.announceCount(userId);
  }

  async markAllRead(userId: string): Promise<number> {
    await this.dataSource.query(`UPDATE "progress"."notifications" SET "read_at" = now() WHERE "user_id" = $1 AND "read_at" IS NULL`, [userId]);
    return this.announceCount(userId);
  }

  async emailSettings(userId: string): Promise<NotificationEmailSettings> {
    const [row]: NotificationEmailSettings[] = await this.dataSource.query(
      `SELECT "doubt_answered", "doubt_new", "assignment_reviewed", "live_class" FROM "progress"."notification_email_settings" WHERE "user_id" = $1`,
      [userId],
    );
    return row ? { doubt_answered: row.doubt_answered, doubt_new: row.doubt_new, assignment_reviewed: row.assignment_reviewed, live_class: row.live_class } : { ...DEFAULT_SETTINGS };
  }

  async saveEmailSettings(userId: string, settings: NotificationEmailSettings): Promise<NotificationEmailSettings> {
    await this.dataSource.query(
      `INSERT INTO "progress"."notification_email_settings" ("user_id", "doubt_answered", "doubt_new", "assignment_reviewed", "live_class")
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ("user_id") DO UPDATE SET "doubt_answered" = $2, "doubt_new" = $3, "assignment_reviewed" = $4, "live_class" = $5, "updated_at" = now()`,
      [userId, settings.doubt_answered, settings.doubt_new, settings.assignment_reviewed, settings.live_class],
    );
    return this.emailSettings(userId);
  }

  /** The user's other open pages (other tabs, other devices) learn the new count. */
  private async announceCount(userId: string): Promise<number> {
    const unreadCount = await this.unreadCount(userId);
    await this.bus.publish({ userId, unreadCount });
    return unreadCount;
  }
}
