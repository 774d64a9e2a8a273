import {
  notificationEmailSettingsSchema,
  notificationIdSchema,
  notificationListQuerySchema,
  type NotificationEmailSettings,
  type NotificationPage,
} from '@academy/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { NotificationBus } from './notification-bus.js';
import { NotificationsService } from './notifications.service.js';

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** The browser waits this long before reconnecting a dropped stream (the `retry:` field). */
export const STREAM_RETRY_MS = 5_000;

/**
 * The caller's own notifications (the edge sends /api/notifications to progress); every route needs a signed-in
 * user and touches only their rows (another user's notification answers 404).
 */
@Controller('api/notifications')
export class NotificationsController implements BeforeApplicationShutdown {
  /** Open streams, ended when the instance shuts down so the server can close (the browser reconnects elsewhere). */
  private readonly openStreams = new Set<Response>();

  constructor(
    private readonly notifications: NotificationsService,
    private readonly bus: NotificationBus,
  ) {}

  @Get()
  async list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(notificationListQuerySchema)) query: z.infer<typeof notificationListQuerySchema>,
  ): Promise<{ success: true } & NotificationPage> {
    return { success: true, ...(await this.notifications.list(user.id, query.cursor)) };
  }

  @Get('unread-count')
  async unread(@CurrentUser() user: AuthUser): Promise<{ success: true; unreadCount: number }> {
    return { success: true, unreadCount: await this.notifications.unreadCount(user.id) };
  }

  @Post('read-all')
  @HttpCode(200)
  async readAll(@CurrentUser() user: AuthUser): Promise<{ success: true; message: string; unreadCount: number }> {
    return { success: true, message: 'All notifications marked read', unreadCount: await this.notifications.markAllRead(user.id) };
  }

  @Get('email-settings')
  async settings(@CurrentUser() user: AuthUser): Promise<{ success: true; settings: NotificationEmailSettings }> {
    return { success: true, settings: await this.notifications.emailSettings(user.id) };
  }

  @Put('email-settings')
  async saveSettings(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(notificationEmailSettingsSchema)) body: NotificationEmailSettings,
  ): Promise<{ success: true; message: string; settings: NotificationEmailSettings }> {
    return { success: true, message: 'Email settings saved', settings: await this.notifications.saveEmailSettings(user.id, body) };
  }

  /**
   * Server-sent events while a page is open: `unread` at once (the count now), then `notification` for each new one
   * and `unread` when the count changes elsewhere. The browser reads it with fetch (so the access token travels in
   * the Authorization header, as on every other route), not EventSource, which cannot send headers.
   * `Cache-Control: no-transform` keeps the local edge's compression from buffering it; `X-Accel-Buffering: no`
   * does the same for nginx.
   */
  @Get('stream')
  async stream(@CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const unreadCount = await this.notifications.unreadCount(user.id);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.socket?.setNoDelay(true);
    res.write(`retry: ${STREAM_RETRY_MS}\n\n`);
    res.write(`event: unread\ndata: ${JSON.stringify({ unreadCount })}\n\n`);
    const stop = this.bus.listen(user.id, (message) => {
      if (message.notification) {
        res.write(`event: notification\nid: ${message.notification.id}\ndata: ${JSON.stringify({ unreadCount: message.unreadCount, notification: message.notification })}\n\n`);
      } else {
        res.write(`event: unread\ndata: ${JSON.stringify({ unreadCount: message.unreadCount })}\n\n`);
      }
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), STREAM_HEARTBEAT_MS);
    this.openStreams.add(res);
    res.on('close', () => {
      clearInterval(heartbeat);
      stop();
      this.openStreams.delete(res);
    });
  }

  beforeApplicationShutdown(): void {
    for (const res of this.openStreams) res.end();
  }

  @Post(':id/read')
  @HttpCode(200)
  async read(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(notificationIdSchema)) id: string,
  ): Promise<{ success: true; message: string; unreadCount: number }> {
    return { success: true, message: 'Marked read', unreadCount: await this.notifications.markRead(user.id, id) };
  }
}
