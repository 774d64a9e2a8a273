// Notifications: the bell in the navbar, its live stream and the emails of each kind (progress, /api/notifications).
// See docs/notifications.md.

/** Every kind of notification. */
export const NOTIFICATION_KINDS = ['doubt_answered', 'doubt_new', 'assignment_reviewed', 'parent_alert', 'parent_message', 'live_class'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds whose email the bell's settings switch off. A parent's alerts are switched in My Children's alert
 * settings (off means neither the bell item nor the email), and messages about a child always come by email too.
 */
export const EMAIL_SETTING_KINDS = ['doubt_answered', 'doubt_new', 'assignment_reviewed', 'live_class'] as const;
export type EmailSettingKind = (typeof EMAIL_SETTING_KINDS)[number];

/** What each kind is, as the settings list it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  doubt_answered: 'Answers to my doubts',
  doubt_new: 'New doubts in my courses (educators)',
  assignment_reviewed: 'Reviews of my assignments',
  parent_alert: "Alerts about my children's learning",
  parent_message: "Messages about a child's course",
  live_class: 'Live class reminders and cancellations',
};

/** Notifications in one page of the bell's list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  title: string;
  /** A path of the portal (starts with "/"): where the item leads. */
  link: string;
  read: boolean;
  createdAt: string;
}

/** GET /api/notifications?cursor= (newest first, keyset pages). */
export interface NotificationPage {
  notifications: NotificationItem[];
  unreadCount: number;
  nextCursor: string | null;
}

/** Email settings per kind, true meaning "email me" (validated by `notificationEmailSettingsSchema`). */
export type NotificationEmailSettings = Record<EmailSettingKind, boolean>;

/**
 * Events of GET /api/notifications/stream (text/event-stream): `unread` once on connect and after every change the
 * user made elsewhere (mark read); `notification` for each new item, with the new unread count.
 */
export interface NotificationStreamUnread {
  unreadCount: number;
}
export interface NotificationStreamNew {
  unreadCount: number;
  notification: NotificationItem;
}


// The `assignment.reviewed` event a notification is made from is defined with the assignments (assignments.ts).

/** Outbox event written with a doubt (goes to the progress worker, which tells the course's educator). */
export interface DoubtAskedEvent {
  eventId?: string;
  doubtId: string;
  courseId: string;
  courseTitle: string;
  /** Null for a doubt asked in a live class (`liveClassId`) before its recording is a lecture. */
  lectureId: string | null;
  liveClassId?: string | null;
  educatorId: string;
  askerId: string;
  askerName: string;
}

/** Outbox event written with an answer (the worker tells the doubt's asker). */
export interface DoubtAnsweredEvent {
  eventId?: string;
  doubtId: string;
  answerId: string;
  courseId: string;
  courseTitle: string;
  /** Null: a live-class doubt whose recording is not a lecture yet. */
  lectureId: string | null;
  askerId: string;
  answererId: string;
  answererName: string;
  byEducator: boolean;
}
