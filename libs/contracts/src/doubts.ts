// Doubts asked under a lecture and their answers: the shapes of /api/doubts/ (progress) and the rules the player's
// form applies exactly as the server does. See docs/doubts-and-assignments.md.
import { z } from 'zod';
import { MAX_POSITION_SECONDS } from './video-time.js';

/** Longest doubt or answer a learner may write (characters of the text as typed). */
export const DOUBT_TEXT_MAX = 4000;
/** Doubts in one page of a lecture's list, and results of one search. */
export const DOUBTS_PAGE_SIZE = 20;
/** Shortest search the course search runs (shorter ones match too much to help). */
export const DOUBT_SEARCH_MIN = 3;

const lectureIdSchema = z.uuid({ message: 'lectureId must be a valid lecture id' });
export const doubtIdSchema = z.uuid({ message: 'This doubt id is not valid' });
export const answerIdSchema = z.uuid({ message: 'This answer id is not valid' });

/** Text with simple formatting (**bold**, *italic*, `code`, lists, links); the server renders and sanitises it. */
export const doubtTextSchema = z
  .string({ message: 'Write your text' })
  .trim()
  .min(1, 'Write your text')
  .max(DOUBT_TEXT_MAX, `Keep it under ${DOUBT_TEXT_MAX.toLocaleString('en-IN')} characters`);

export const askDoubtSchema = z.object({
  lectureId: lectureIdSchema,
  atSecond: z
    .number({ message: 'atSecond must be a number of seconds' })
    .int('atSecond must be a whole number of seconds')
    .min(0, 'atSecond must not be negative')
    .max(MAX_POSITION_SECONDS, 'atSecond is too large'),
  text: doubtTextSchema,
});
export type AskDoubtRequest = z.infer<typeof askDoubtSchema>;

export const answerDoubtSchema = z.object({ text: doubtTextSchema });
export type AnswerDoubtRequest = z.infer<typeof answerDoubtSchema>;

export const reportPostSchema = z.object({
  reason: z.string().trim().max(500, 'Keep the reason under 500 characters').optional(),
});
export type ReportPostRequest = z.infer<typeof reportPostSchema>;

export const lectureDoubtsQuerySchema = z.object({
  lectureId: lectureIdSchema,
  cursor: z.string().max(200).optional(),
});

export const doubtSearchQuerySchema = z.object({
  q: z
    .string({ message: 'Type something to search for' })
    .trim()
    .min(DOUBT_SEARCH_MIN, `Type at least ${DOUBT_SEARCH_MIN} characters to search`)
    .max(200, 'Keep the search under 200 characters'),
});

export interface DoubtAuthor {
  name: string;
  /** The course's educator wrote it. */
  isEducator: boolean;
}

/** A doubt as a list shows it. `html` is sanitised on the server (allowlisted tags only). */
export interface DoubtSummary {
  id: string;
  courseId: string;
  /** Null for a doubt asked in a live class until its recording is a lecture. */
  lectureId: string | null;
  /** The live class it was asked in (null: asked under a lecture). */
  liveClassId: string | null;
  /** Second of the lecture (of the class, for a live-class doubt). */
  atSecond: number;
  html: string;
  author: DoubtAuthor;
  /** The caller asked it. */
  mine: boolean;
  createdAt: string;
  resolved: boolean;
  /** Learners who said "I have this doubt too" (the asker not counted). */
  meToo: number;
  meTooByMe: boolean;
  answerCount: number;
  /** The course's educator has answered it. */
  educatorAnswered: boolean;
  /** Hidden by the educator: only the educator and the author still see it. */
  hidden: boolean;
  /** An image is attached: GET doubtsImageRoute (api-routes.ts) with the access token. */
  hasImage: boolean;
}

export interface DoubtAnswer {
  id: string;
  html: string;
  author: DoubtAuthor;
  mine: boolean;
  createdAt: string;
  hidden: boolean;
}

/** GET /api/doubts/:courseId/:doubtId → `doubt`. */
export interface DoubtThread extends DoubtSummary {
  answers: DoubtAnswer[];
}

/** GET /api/doubts/:courseId?lectureId= (newest first, keyset pages) and GET /api/doubts/:courseId/search?q=. */
export interface DoubtPage {
  doubts: DoubtSummary[];
  nextCursor: string | null;
}

/** Answered with 429 when a learner posts faster than the limits (see services/progress/src/doubts). */
export const DOUBT_RATE_LIMIT_MESSAGE = 'You are posting too fast. Please wait a minute and try again';

/** Largest image a doubt may carry (said before the learner chooses one). */
export const DOUBT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The image types a doubt accepts, decided from the file's bytes, not its name. */
export const DOUBT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DOUBT_IMAGE_TOO_LARGE_MESSAGE = 'The image is larger than 2 MB. Choose a smaller one or take a screenshot of the part that matters';
export const DOUBT_IMAGE_TYPE_MESSAGE = 'The image must be a PNG, JPEG or WebP picture';
export const DOUBT_IMAGE_MISSING_MESSAGE = 'Choose an image to attach';
export const DOUBT_HAS_IMAGE_MESSAGE = 'This doubt already has its image';

export const doubtsPath = (courseId: string): string => `/doubts/${encodeURIComponent(courseId)}`;
export const doubtPath = (courseId: string, doubtId: string): string => `${doubtsPath(courseId)}/${encodeURIComponent(doubtId)}`;

/** GET /api/educator/inbox?courseId=&lectureId=&cursor=: the educator's unanswered doubts, oldest first. */
export const educatorInboxQuerySchema = z.object({
  courseId: z.uuid({ message: 'courseId must be a valid course id' }).optional(),
  lectureId: lectureIdSchema.optional(),
  cursor: z.string().max(200).optional(),
});
export type EducatorInboxQuery = z.infer<typeof educatorInboxQuerySchema>;

export interface InboxDoubt extends DoubtSummary {
  courseTitle: string;
  /** Null when the lecture is no longer in the course, or for a live-class doubt not yet under its recording. */
  lectureTitle: string | null;
}

export interface EducatorInbox {
  doubts: InboxDoubt[];
  nextCursor: string | null;
}

/** GET /api/educator/inbox/summary: the dashboard's figures, from the doubts as stored. */
export interface EducatorDoubtSummary {
  /** Median time from a doubt to the educator's first answer, over answered doubts; null before the first answer. */
  medianSecondsToFirstAnswer: number | null;
  answeredDoubts: number;
  /** Doubts that wait for the educator (not answered by them, not hidden, not resolved). */
  unansweredDoubts: number;
}

/** GET /api/educator/inbox/hidden?cursor=: what the educator hid in their courses, newest hidden first, to show again. */
export const hiddenPostsQuerySchema = z.object({ cursor: z.string().max(200).optional() });

export interface HiddenPost {
  /** A doubt, or one answer of a doubt. */
  kind: 'doubt' | 'answer';
  courseId: string;
  courseTitle: string;
  doubtId: string;
  answerId: string | null;
  html: string;
  authorName: string;
  hiddenAt: string;
}

export interface HiddenPostPage {
  posts: HiddenPost[];
  nextCursor: string | null;
}

/** "45 min", "3 h 20 min", "2 days 4 h": a duration as the dashboard shows it. */
export function formatWaitingTime(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h` : `${days} ${days === 1 ? 'day' : 'days'}`;
}
