// Live classes: scheduled by the course's educator (catalogue), reminded by the progress worker. See docs/live-classes.md.
import { z } from 'zod';

export const LIVE_CLASS_MIN_MINUTES = 15;
export const LIVE_CLASS_MAX_MINUTES = 240;
/** How far ahead a class may be scheduled. */
export const LIVE_CLASS_MAX_DAYS_AHEAD = 180;

export type LiveClassStatus = 'scheduled' | 'live' | 'ended' | 'cancelled';

/** An instant with its offset, e.g. `2026-12-01T17:30:00+05:30` (the pages send IST). */
const instant = z.iso.datetime({ offset: true, message: 'startsAt must be a date and time with its offset, e.g. 2026-12-01T17:30:00+05:30' });
const minutes = z
  .number({ message: 'durationMinutes must be a whole number of minutes' })
  .int('durationMinutes must be a whole number of minutes')
  .min(LIVE_CLASS_MIN_MINUTES, `A live class lasts at least ${LIVE_CLASS_MIN_MINUTES} minutes`)
  .max(LIVE_CLASS_MAX_MINUTES, `A live class lasts at most ${LIVE_CLASS_MAX_MINUTES} minutes`);
const title = z.string({ message: 'Give the class a title' }).trim().min(3, 'Give the class a title of at least 3 characters').max(120, 'The title is at most 120 characters');

/** POST /api/educator/live-classes */
export const scheduleLiveClassSchema = z
  .object({
    courseId: z.string().uuid('courseId must be a course id'),
    chapterId: z.string().uuid('chapterId must be a chapter id'),
    title,
    startsAt: instant,
    durationMinutes: minutes,
  })
  .strict();
export type ScheduleLiveClassRequest = z.infer<typeof scheduleLiveClassSchema>;

/** POST /api/educator/live-classes/:id/reschedule: any of these. */
export const rescheduleLiveClassSchema = z
  .object({ title: title.optional(), startsAt: instant.optional(), durationMinutes: minutes.optional() })
  .strict()
  .refine((body) => body.title !== undefined || body.startsAt !== undefined || body.durationMinutes !== undefined, {
    message: 'Send a new title, startsAt or durationMinutes',
  });
export type RescheduleLiveClassRequest = z.infer<typeof rescheduleLiveClassSchema>;

/** POST /api/educator/live-classes/:id/publish: the educator's WebRTC offer (every ICE candidate in it). */
export const publishOfferSchema = z.object({ sdp: z.string({ message: 'sdp must be the SDP offer' }).min(10, 'sdp must be the SDP offer').max(20_000, 'The SDP offer is too long') }).strict();
export type PublishOfferRequest = z.infer<typeof publishOfferSchema>;

/** POST /api/educator/live-classes/:id/stage: the raised hand the educator invites on stage (one at a time). */
export const stageInviteSchema = z.object({ userId: z.string({ message: 'userId must be a learner' }).min(1, 'userId must be a learner').max(200) }).strict();
export type StageInviteRequest = z.infer<typeof stageInviteSchema>;
/** Who is on the class's stage, and whether it is the caller. */
export interface LiveStageAnswer {
  success: true;
  stageUserId: string | null;
  you: boolean;
  /** Whether they are sending now (the educator's page watches them from then on). */
  publishing: boolean;
}
/** Watching a speaker over WebRTC: Janus's offer, answered with `publishOfferSchema`'s shape (`{ sdp }`). */
export type LiveFeedName = 'educator' | 'stage';
export interface LiveSubscribeAnswer {
  success: true;
  subscriptionId: string;
  sdp: string;
}
/** The class's OBS settings: the WHIP URL (on the portal's origin) and its secret stream key. */
export interface LiveStreamKeyAnswer {
  success: true;
  whipPath: string;
  streamKey: string;
}
/** Where OBS publishes a class over WHIP (RFC 9725), relative to the portal's origin. */
export const LIVE_WHIP_PATH = (classId: string) => `/api/live-classes/${encodeURIComponent(classId)}/whip`;

export interface LiveClassDto {
  id: string;
  courseId: string;
  courseTitle: string;
  chapterId: string;
  chapterTitle: string;
  title: string;
  /** ISO instant (UTC). */
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  status: LiveClassStatus;
  /** The lecture its recording became, once ready; until then null. */
  recordingLectureId: string | null;
}

/** GET /api/live-classes?courseId= and GET /api/educator/live-classes?courseId= */
export interface LiveClassListAnswer {
  success: true;
  liveClasses: LiveClassDto[];
  /** False when the live engine (Janus) is not running: scheduling works, going live does not. */
  liveAvailable: boolean;
}

export const LIVE_UNAVAILABLE_MESSAGE = 'Live classes are unavailable on this portal right now: the live video engine is not running. Scheduling still works.';

/** GET /api/live-classes/:id/playback */
export interface LivePlaybackAnswer {
  success: true;
  /** Signed for the caller; short-lived like every media link (fetch this again before `expiresAt`). */
  url: string;
  expiresAt: string;
  /** True once the packager has written the class's first playlist. */
  onAir: boolean;
  liveClass: LiveClassDto;
}

/** When reminders go, before the start. */
export const LIVE_CLASS_REMINDERS = [
  { kind: 'reminder-24h', beforeMs: 24 * 60 * 60 * 1000 },
  { kind: 'reminder-15m', beforeMs: 15 * 60 * 1000 },
] as const;
export type LiveClassNoticeKind = (typeof LIVE_CLASS_REMINDERS)[number]['kind'] | 'cancelled';

/**
 * Job of the progress queue (added by catalogue, delayed for reminders): tell the course's enrolled learners.
 * Its job id names the class, kind and start, so adding it twice keeps one job.
 */
export const LIVE_CLASS_NOTICE_JOB = 'live-class.notice';
export const LIVE_CLASS_NOTICE_QUEUE = 'progress';
export const liveClassNoticeSchema = z.object({
  classId: z.string().uuid(),
  courseId: z.string().uuid(),
  courseTitle: z.string(),
  title: z.string(),
  startsAt: z.iso.datetime(),
  kind: z.enum(['reminder-24h', 'reminder-15m', 'cancelled']),
});
export type LiveClassNotice = z.infer<typeof liveClassNoticeSchema>;

/** BullMQ job id (no colons: BullMQ refuses them in custom ids). */
export function liveClassNoticeJobId(notice: Pick<LiveClassNotice, 'classId' | 'kind' | 'startsAt'>): string {
  return `live-class|${notice.classId}|${notice.kind}|${Date.parse(notice.startsAt)}`;
}

/** GET /internal/live-classes/:id (catalogue): what the progress worker checks before telling anyone. */
export interface InternalLiveClassAnswer {
  success: true;
  liveClass: LiveClassDto;
  educatorId: string;
  /** When the class went live (null before): the gateway counts a doubt's second in the class from it. */
  wentLiveAt: string | null;
}
export const INTERNAL_LIVE_CLASS_PATH = (classId: string) => `/internal/live-classes/${encodeURIComponent(classId)}`;

/** A class someone attended, with their minutes (GET /api/live-attendance/mine; a parent: /api/parents/children/:id/live-attendance). */
export interface LiveClassAttended {
  classId: string;
  /** Null when catalogue no longer has the class (or did not answer). */
  title: string | null;
  courseId: string | null;
  courseTitle: string | null;
  startsAt: string | null;
  /** Minutes attended, one decimal (joins, player heartbeats and leaves). */
  minutes: number;
  firstJoinedAt: string;
}
export interface LiveClassesAttendedAnswer {
  success: true;
  classes: LiveClassAttended[];
}
/** Most classes one attendance list shows (the latest first). */
export const LIVE_ATTENDED_MAX = 30;
