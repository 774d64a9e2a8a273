// Request validation of the notification routes (progress). Kept apart from notifications.ts, which pages import:
// these zod schemas are for the service only and would otherwise ride along into the first page's scripts.
import { z } from 'zod';
import type { NotificationEmailSettings } from './notifications.js';

export const notificationListQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const notificationIdSchema = z.uuid({ message: 'This notification id is not valid' });

/** GET/PUT /api/notifications/email-settings: true means "email me", per kind. */
export const notificationEmailSettingsSchema = z
  .object({
    doubt_answered: z.boolean({ message: 'doubt_answered must be true or false' }),
    doubt_new: z.boolean({ message: 'doubt_new must be true or false' }),
    assignment_reviewed: z.boolean({ message: 'assignment_reviewed must be true or false' }),
    live_class: z.boolean({ message: 'live_class must be true or false' }),
  })
  .strict() satisfies z.ZodType<NotificationEmailSettings>;
