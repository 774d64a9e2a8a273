import { NOTIFICATIONS_PAGE_SIZE, type NotificationEmailSettings, type NotificationItem, type NotificationPage } from '@academy/contracts';
import { decodeKeysetCursor, encodeKeysetCursor } from '@academy/service-core';
import { Injectable, NotFoundException } from '@nestjs/common';
import { NotificationBus } from './notification-bus.js';
import { NotificationsRepository, type NotificationRow } from './notifications.repository.js';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'This notification is not yours or no longer exists';

export const notificationView = (row: NotificationRow): NotificationItem => ({
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
    private readonly notifications: NotificationsRepository,
    private readonly bus: NotificationBus,
  ) {}

  /** Newest first, a keyset page at a time (index notifications_newest). */
  async list(userId: string, cursor?: string): Promise<NotificationPage> {
    const after = cursor ? decodeKeysetCursor(cursor) : null;
    const rows = await this.notifications.page(userId, after, NOTIFICATIONS_PAGE_SIZE + 1);
    const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
    const last = page.at(-1);
    return {
      notifications: page.map(notificationView),
      unreadCount: await this.unreadCount(userId),
      nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  unreadCount(userId: string): Promise<number> {
    return this.notifications.unreadCount(userId);
  }

  /** Marks one of the caller's notifications read (again: nothing changes); another user's answers 404. */
  async markRead(userId: string, id: string): Promise<number> {
    if (!(await this.notifications.markRead(userId, id))) throw new NotFoundException(NOTIFICATION_NOT_FOUND_MESSAGE);
    return this.announceCount(userId);
  }

  async markAllRead(userId: string): Promise<number> {
    await this.notifications.markAllRead(userId);
    return this.announceCount(userId);
  }

  async emailSettings(userId: string): Promise<NotificationEmailSettings> {
    return (await this.notifications.emailSettings(userId)) ?? { ...DEFAULT_SETTINGS };
  }

  async saveEmailSettings(userId: string, settings: NotificationEmailSettings): Promise<NotificationEmailSettings> {
    await this.notifications.saveEmailSettings(userId, settings);
    return this.emailSettings(userId);
  }

  /** The user's other open pages (other tabs, other devices) learn the new count. */
  private async announceCount(userId: string): Promise<number> {
    const unreadCount = await this.unreadCount(userId);
    await this.bus.publish({ userId, unreadCount });
    return unreadCount;
  }
}
