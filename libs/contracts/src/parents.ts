// Parents: accounts linked to children with the child's consent, a read-only progress view, buying a
// course for a child, and progress emails. Links, codes and the view belong to progress; all public paths are
// under /api/parents/ (sent to progress by the edge).
import { z } from 'zod';
import type { UserRole } from './api.js';
import { EDUCATOR_ROLE, PARENT_ROLE } from './constants.js';
import { userIdSchema } from './requests.js';
import type { CertificateNeeds, CourseStatusKind, QuizToPass } from './course-status.js';


/** The user data's role from the token's roles: educator first, then parent, else student. */
export function userRoleOf(roles: readonly string[]): UserRole {
  if (roles.includes(EDUCATOR_ROLE)) return 'educator';
  if (roles.includes(PARENT_ROLE)) return 'parent';
  return 'student';
}

/** PUT /api/user/data/role: the role chosen at sign-up on the portal ("I'm a parent"); only `parent` can be chosen. */
export const chooseRoleRequestSchema = z.object({
  role: z.literal(PARENT_ROLE, { message: "role must be 'parent'" }),
});
export type ChooseRoleRequest = z.infer<typeof chooseRoleRequestSchema>;
export const ROLE_CHOICE_REFUSED_MESSAGE = 'This account already learns or teaches here. Create a separate account for the parent.';

/** A link code lives this long after the student creates it, and works once. */
export const LINK_CODE_TTL_HOURS = 24;
/** Wrong codes a parent may enter per hour before redeeming is refused for the rest of that hour. */
export const LINK_CODE_MAX_ATTEMPTS_PER_HOUR = 10;
/**
 * Wrong, used and expired codes from one network address, whoever sends them, per hour: a school or a family
 * behind one address holds several parents, each with their own 10, but one guesser with many accounts does not.
 */
export const LINK_CODE_MAX_ATTEMPTS_PER_ADDRESS_PER_HOUR = 30;
/** Codes are 8 characters from this alphabet (no 0/O, 1/I/L), shown as XXXX-XXXX. */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const WRONG_LINK_CODE_MESSAGE = 'That code is not valid. Check it with your child, or ask them for a new one.';
export const EXPIRED_LINK_CODE_MESSAGE = 'That code has expired or was already used. Ask your child for a new one.';
export const TOO_MANY_LINK_ATTEMPTS_MESSAGE = 'Too many wrong codes. Please wait an hour and try again.';
export const NOT_LINKED_MESSAGE = 'This learner is not linked to your account';

/** Accepts `abcd-2345`, `ABCD 2345` or `ABCD2345`; answers the canonical `ABCD2345`. */
export const linkCodeSchema = z
  .string({ message: 'Enter the code your child gave you' })
  .trim()
  .min(1, 'Enter the code your child gave you')
  .max(20, 'A link code has 8 characters')
  .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^[${LINK_CODE_ALPHABET}]{8}$`), 'A link code has 8 letters and digits, like ABCD-2345'));

/** POST /api/parents/links (parent): redeem a child's code. */
export const redeemLinkCodeRequestSchema = z.object({ code: linkCodeSchema });
export type RedeemLinkCodeRequest = z.input<typeof redeemLinkCodeRequestSchema>;

/** Shown as XXXX-XXXX. */
export function formatLinkCode(code: string): string {
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** POST /api/parents/link-codes (student) → `linkCode`. */
export interface LinkCodeAnswer {
  /** Canonical, without the dash. */
  code: string;
  expiresAt: string;
}

/** One side of a link: the other person. */
export interface LinkedPerson {
  /** User id (token subject). */
  id: string;
  name: string;
  email: string;
  imageUrl: string;
  linkedAt: string;
}

/** A linked child as their parent sees them in the list: also the ids of the courses they are enrolled in. */
export interface LinkedChild extends LinkedPerson {
  enrolledCourses: string[];
}

/** GET /api/parents/links: the caller's children (as a parent) and parents (as a child). */
export interface ParentLinksAnswer {
  children: LinkedChild[];
  parents: LinkedPerson[];
}

/** One enrolled course of a child, as the parent sees it (read-only). */
export interface ChildLectureFiles {
  lectureId: string;
  lectureTitle: string;
  notesUrl: string | null;
  testUrl: string | null;
}

export interface ChildCourseProgress {
  courseId: string;
  courseTitle: string;
  courseThumbnail: string;
  educatorName: string;
  enrolledAt: string;
  completedLectures: number;
  totalLectures: number;
  /** 0 to 100, whole. */
  percent: number;
  /** The one status (`courseStatus`), the same the child reads in My Enrollments. */
  status: CourseStatusKind;
  statusLabel: string;
  /** "Ready", or what the certificate still needs ("Needs 2 more lectures to complete; pass …"). */
  certificateLine: string;
  /** What the certificate still needs, as counts (beside `quizzesToPass`): the emails word it in the parent's language. */
  certificateNeeds: CertificateNeeds;
  /** The course's quizzes not passed yet, each with the best score and the pass mark. */
  quizzesToPass: QuizToPass[];
  /** Newest lecture completion or playback save; null before the first. */
  lastActivityAt: string | null;
  /** The child's rating of the course, null when not rated. */
  rating: number | null;
  /** Present once the certificate can be downloaded (every lecture complete). */
  certificate: { code: string | null; downloadPath: string } | null;
  /**
   * The course's notes and tests, lecture by lecture (only lectures that have one): paid files as short-lived links
   * signed for the parent, an educator's outside links as stored.
   */
  lectureFiles: ChildLectureFiles[];
  /**
   * Quiz scores (assessments): filled in when quizzes land; until then always empty.
   * One entry per quiz attempted: best score in percent.
   */
  quizScores: { quizId: string; title: string; bestPercent: number; attempts: number; passMark: number; passed: boolean }[];
  /** The course's assignments the educator has reviewed, with the marks given. */
  assignmentMarks: {
    assignmentId: string;
    title: string;
    marks: number;
    maxMarks: number;
    /** The file the child handed in, behind a link signed for the parent (minutes); null without a file or in emails. */
    file: { name: string; url: string } | null;
  }[];
  /** Assignments reviewed of the course's assignments (steps of the one completion rule). */
  reviewedAssignments: number;
  totalAssignments: number;
}

/** GET /api/parents/children/:childId → `child`. */
export interface ChildProgress {
  /** With the class and board the child gave on their profile (null when not given). */
  child: LinkedPerson & { schoolClass?: number | null; board?: string | null };
  courses: ChildCourseProgress[];
}

/** One doubt a linked child asked, as the parent's view lists it (no text: what, where, when, answered). */
export interface ChildDoubt {
  id: string;
  courseId: string;
  courseTitle: string;
  /** "1.2 Lecture title"; null when the lecture is no longer in the course. */
  lectureTitle: string | null;
  askedAt: string;
  answered: boolean;
  educatorAnswered: boolean;
  resolved: boolean;
}

export const childDoubtsQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** GET /api/parents/children/:childId/doubts?cursor=: newest first, keyset pages. */
export interface ChildDoubtPage {
  doubts: ChildDoubt[];
  nextCursor: string | null;
}

/** A child who has not studied for this many days is reported to their parents, unless a parent chose otherwise. */
export const DEFAULT_INACTIVITY_DAYS = 3;
export const MAX_INACTIVITY_DAYS = 30;

/**
 * GET/PUT /api/parents/email-settings (parent): the weekly email, course completions (email and alert), and the
 * alerts: `inactivityDays` (1–30; null: no alert when a child goes quiet), `quizAlerts` (a quiz failed twice). A PUT
 * without the two alert fields keeps them as they are.
 */
export const emailSettingsSchema = z.object({
  weeklyProgress: z.boolean({ message: 'weeklyProgress must be true or false' }),
  milestones: z.boolean({ message: 'milestones must be true or false' }),
  inactivityDays: z
    .number({ message: `inactivityDays must be a whole number of days from 1 to ${MAX_INACTIVITY_DAYS}, or null for no alert` })
    .int(`inactivityDays must be a whole number of days from 1 to ${MAX_INACTIVITY_DAYS}, or null for no alert`)
    .min(1, `inactivityDays must be a whole number of days from 1 to ${MAX_INACTIVITY_DAYS}, or null for no alert`)
    .max(MAX_INACTIVITY_DAYS, `inactivityDays must be a whole number of days from 1 to ${MAX_INACTIVITY_DAYS}, or null for no alert`)
    .nullable()
    .optional(),
  quizAlerts: z.boolean({ message: 'quizAlerts must be true or false' }).optional(),
});
export type EmailSettingsRequest = z.infer<typeof emailSettingsSchema>;
export interface EmailSettings {
  weeklyProgress: boolean;
  milestones: boolean;
  inactivityDays: number | null;
  quizAlerts: boolean;
}

/** GET /api/parents/weekly-report/preview: this week's email as it would go out now. */
export interface WeeklyReportPreview {
  subject: string;
  text: string;
}

export const childIdSchema = userIdSchema('childId');

/** GET /internal/parents/:parentId/children/:childId (progress), asked by commerce before a parent buys for a child. */
export interface ParentChildLinkAnswer {
  success: true;
  /** Whether the parent chose "I'm a parent" at sign-up (recorded by progress; a role in the token is the caller's to check). */
  chosenParentRole: boolean;
  linked: boolean;
  child: { id: string; name: string; email: string; imageUrl: string } | null;
}

// ---- Asking the educator: one thread per parent, child and course (progress, beside the doubts) ----

export const PARENT_MESSAGE_MAX_LENGTH = 2000;
/** Messages of one thread shown at most (the newest). */
export const PARENT_THREAD_MAX_MESSAGES = 200;
/** Threads in the educator's inbox list at most (the most recently active). */
export const EDUCATOR_PARENT_THREADS_MAX = 100;

/** POST …/threads/:courseId/messages (parent) and POST /api/educator/inbox/parent-threads/:threadId/messages (educator). */
export const parentMessageSchema = z.object({
  text: z
    .string({ message: 'Write your message' })
    .trim()
    .min(1, 'Write your message')
    .max(PARENT_MESSAGE_MAX_LENGTH, `A message has at most ${PARENT_MESSAGE_MAX_LENGTH} characters`),
});
export type ParentMessageRequest = z.infer<typeof parentMessageSchema>;

export interface ParentThreadMessage {
  id: string;
  from: 'parent' | 'educator';
  authorName: string;
  text: string;
  sentAt: string;
}

/** A parent's thread with the educator about one child's course (`id` null before the first message). */
export interface ParentThread {
  id: string | null;
  childId: string;
  childName: string;
  parentName: string;
  courseId: string;
  courseTitle: string;
  messages: ParentThreadMessage[];
}

/** Outbox event of a new message (the worker tells the other side: a notification and an email). */
export interface ParentMessageEvent {
  eventId?: string;
  messageId: string;
  threadId: string;
  recipientId: string;
  recipientRole: 'parent' | 'educator';
  authorName: string;
  childId: string;
  childName: string;
  courseTitle: string;
}
