// Chapter assignments: the educator sets one under a chapter, learners hand in a file or text, the educator reviews
// with marks and feedback. Shapes of /api/assignments/ and /api/educator/submissions (progress), the rules the
// forms apply exactly as the server does, and the `assignment.reviewed` event. See docs/doubts-and-assignments.md.
import { z } from 'zod';
import { courseIdSchema } from './requests.js';

/** File kinds an educator may accept; the server decides a file's kind from its bytes, never its name. */
export const ASSIGNMENT_FILE_KINDS = ['pdf', 'jpg', 'png', 'docx'] as const;
export type AssignmentFileKind = (typeof ASSIGNMENT_FILE_KINDS)[number];

export const ASSIGNMENT_FILE_TYPES: Record<AssignmentFileKind, { label: string; mime: string; extension: string }> = {
  pdf: { label: 'PDF', mime: 'application/pdf', extension: 'pdf' },
  jpg: { label: 'JPEG image', mime: 'image/jpeg', extension: 'jpg' },
  png: { label: 'PNG image', mime: 'image/png', extension: 'png' },
  docx: { label: 'Word document (.docx)', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
};

/** Largest file a learner may hand in (nginx lets 20 MB through; the service refuses past this with 413). */
export const ASSIGNMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const ASSIGNMENT_TEXT_MAX = 4000;
export const ASSIGNMENT_INSTRUCTIONS_MAX = 4000;
export const ASSIGNMENT_MAX_MARKS_LIMIT = 1000;
/** Submissions in one page of the educator's inbox. */
export const SUBMISSIONS_PAGE_SIZE = 20;

export const ALREADY_REVIEWED_MESSAGE = 'Your work has already been reviewed, so it can no longer be changed';
export const SUBMISSION_ALREADY_REVIEWED_MESSAGE = 'This submission has already been reviewed';
export const ASSIGNMENT_NOT_FOUND_MESSAGE = 'This assignment is not part of the course';
export const SUBMISSION_NOT_FOUND_MESSAGE = 'This submission is not part of the assignment';
export const CHAPTER_NOT_IN_COURSE_MESSAGE = 'This chapter is not part of the course';
export const ONLY_EDUCATOR_SETS_ASSIGNMENTS_MESSAGE = "Only the course's educator can set and review assignments";
export const NOT_IN_COURSE_ASSIGNMENTS_MESSAGE = "Only the course's enrolled learners and its educator can see its assignments";
export const SUBMIT_FILE_OR_TEXT_MESSAGE = 'Attach a file or write your answer';

export const assignmentIdSchema = z.uuid({ message: 'This assignment id is not valid' });
export const submissionIdSchema = z.uuid({ message: 'This submission id is not valid' });

/** "Marks must be between 0 and 20": the same words in the review form and from the server. */
export const marksRangeMessage = (maxMarks: number): string => `Marks must be between 0 and ${maxMarks}`;

/** "10 MB", "340 KB", "12 bytes": file sizes in messages and lists (object storage's limits use it too). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** The kinds as a readable list: "PDF or PNG image". */
export function describeFileKinds(kinds: readonly AssignmentFileKind[]): string {
  const labels = kinds.map((kind) => ASSIGNMENT_FILE_TYPES[kind].label);
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`;
}

export const fileKindRefusedMessage = (kinds: readonly AssignmentFileKind[]): string =>
  kinds.length === 0 ? 'This assignment takes a written answer only, not a file' : `This file is not a ${describeFileKinds(kinds)}`;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** What the educator writes: the assignment form and the server use the same rules. */
export const assignmentInputSchema = z.object({
  chapterId: z.uuid({ message: 'Choose a chapter' }),
  title: z.string({ message: 'Give the assignment a title' }).trim().min(1, 'Give the assignment a title').max(200, 'Keep the title under 200 characters'),
  instructions: z
    .string({ message: 'Write the instructions' })
    .trim()
    .min(1, 'Write the instructions')
    .max(ASSIGNMENT_INSTRUCTIONS_MAX, `Keep the instructions under ${ASSIGNMENT_INSTRUCTIONS_MAX.toLocaleString('en-IN')} characters`),
  /** A calendar day, yyyy-mm-dd (shown dd/mm/yyyy); null when there is none. */
  dueDate: z
    .string()
    .regex(isoDay, 'Due date must be a date')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'Due date must be a date')
    .nullable()
    .default(null),
  maxMarks: z
    .number({ message: 'Max marks must be a whole number' })
    .int('Max marks must be a whole number')
    .min(1, `Max marks must be between 1 and ${ASSIGNMENT_MAX_MARKS_LIMIT}`)
    .max(ASSIGNMENT_MAX_MARKS_LIMIT, `Max marks must be between 1 and ${ASSIGNMENT_MAX_MARKS_LIMIT}`),
  /** Empty: a written answer only. */
  acceptedFileTypes: z
    .array(z.enum(ASSIGNMENT_FILE_KINDS, { message: 'Choose file types from the list' }))
    .max(ASSIGNMENT_FILE_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'Each file type once')
    .default([]),
});
export type AssignmentInput = z.input<typeof assignmentInputSchema>;
export type ParsedAssignmentInput = z.output<typeof assignmentInputSchema>;

/** The written answer (simple formatting, rendered and sanitised by the server as doubts are). */
export const submissionTextSchema = z
  .string()
  .trim()
  .max(ASSIGNMENT_TEXT_MAX, `Keep your answer under ${ASSIGNMENT_TEXT_MAX.toLocaleString('en-IN')} characters`)
  .optional();

/** POST …/submission is multipart/form-data: these fields beside the optional `file`. */
export const submissionFieldsSchema = z.object({ text: submissionTextSchema });

export const reviewSubmissionSchema = z.object({
  marks: z.number({ message: 'Marks must be a whole number' }).int('Marks must be a whole number').min(0, 'Marks must not be negative'),
  feedback: z
    .string({ message: 'Write your feedback' })
    .trim()
    .min(1, 'Write your feedback')
    .max(ASSIGNMENT_TEXT_MAX, `Keep the feedback under ${ASSIGNMENT_TEXT_MAX.toLocaleString('en-IN')} characters`),
});
export type ReviewSubmissionRequest = z.infer<typeof reviewSubmissionSchema>;

export const submissionsInboxQuerySchema = z.object({
  courseId: courseIdSchema.optional(),
  cursor: z.string().max(200).optional(),
});

export interface Assignment {
  id: string;
  courseId: string;
  chapterId: string;
  title: string;
  instructions: string;
  /** yyyy-mm-dd or null. */
  dueDate: string | null;
  maxMarks: number;
  acceptedFileTypes: AssignmentFileKind[];
  createdAt: string;
}

/** A hand-in as its learner, the course's educator or a linked parent sees it. */
export interface AssignmentSubmission {
  id: string;
  assignmentId: string;
  courseId: string;
  learnerName: string;
  /** The written answer, sanitised HTML; null when only a file was handed in. */
  textHtml: string | null;
  file: { name: string; kind: AssignmentFileKind; bytes: number; /** Signed for the caller, works a few minutes. */ url: string } | null;
  submittedAt: string;
  reviewedAt: string | null;
  marks: number | null;
  /** The educator's feedback, sanitised HTML; null before the review. */
  feedbackHtml: string | null;
}

/** GET /api/assignments/:courseId → each assignment; a learner gets their own hand-in, the educator the counts. */
export interface AssignmentForMember extends Assignment {
  mySubmission: AssignmentSubmission | null;
  /** The educator only: hand-ins waiting for review and reviewed. */
  counts: { awaitingReview: number; reviewed: number } | null;
}

/** One assignment step of a learner for the completion rule: complete once reviewed. */
export interface AssignmentStanding {
  assignmentId: string;
  chapterId: string;
  title: string;
  maxMarks: number;
  submitted: boolean;
  reviewed: boolean;
  /** Set once reviewed. */
  marks: number | null;
}

/** A submission waiting in the educator's inbox. */
export interface InboxSubmission extends AssignmentSubmission {
  courseTitle: string;
  assignmentTitle: string;
  chapterTitle: string;
  maxMarks: number;
}

export interface InboxSubmissionPage {
  submissions: InboxSubmission[];
  nextCursor: string | null;
}

export const assignmentsPath = (courseId: string): string => `/assignments/${encodeURIComponent(courseId)}`;
export const assignmentPath = (courseId: string, assignmentId: string): string => `${assignmentsPath(courseId)}/${encodeURIComponent(assignmentId)}`;
export const submissionPath = (courseId: string, assignmentId: string): string => `${assignmentPath(courseId, assignmentId)}/submission`;
export const reviewPath = (courseId: string, assignmentId: string, submissionId: string): string =>
  `${assignmentPath(courseId, assignmentId)}/submissions/${encodeURIComponent(submissionId)}/review`;
export const EDUCATOR_SUBMISSIONS_PATH = '/educator/submissions';

/** Outbox topic written by progress when an educator reviews a submission (for notifications). */
export const ASSIGNMENT_REVIEWED_EVENT = 'assignment.reviewed';

export const assignmentReviewedEventSchema = z.object({
  eventId: z.uuid(),
  courseId: z.uuid(),
  assignmentId: z.uuid(),
  submissionId: z.uuid(),
  learnerId: z.string().min(1),
  marks: z.number().int().min(0),
  maxMarks: z.number().int().min(1),
});
export type AssignmentReviewedEvent = z.infer<typeof assignmentReviewedEventSchema>;
