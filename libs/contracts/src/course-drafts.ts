// Drafts of a course (the educator's Add Course, saved as it is typed), the publish checklist, and lecture files
// (notes and tests uploaded as PDFs). Catalogue applies these; the educator remote shows them.
import { z } from 'zod';
import { COURSE_DESCRIPTION_MAX, COURSE_TITLE_MAX, courseUpdateSchema, newChapterSchema, newLectureSchema } from './catalogue.js';
import { uploadedVideoIdOf } from './video.js';

/** The form's fields exactly as typed (numbers too), so a reload shows what was there, mistakes included. */
export const courseDraftFieldsSchema = z.object({
  courseTitle: z.string().max(COURSE_TITLE_MAX).default(''),
  courseDescription: z.string().max(COURSE_DESCRIPTION_MAX).default(''),
  coursePrice: z.string().max(32).default(''),
  discount: z.string().max(32).default(''),
  classFrom: z.string().max(8).default(''),
  classTo: z.string().max(8).default(''),
  subject: z.string().max(64).default(''),
  board: z.string().max(64).default(''),
  // Optional: drafts saved before courses had a language have none (English is then proposed).
  language: z.string().max(16).optional(),
});
export type CourseDraftFields = z.infer<typeof courseDraftFieldsSchema>;

/** Chapters and lectures of a draft: each lecture passed the lecture dialog's rules before it was added. */
const draftChapterSchema = newChapterSchema.extend({
  chapterId: z.string().max(64).optional(),
  chapterContent: z.array(newLectureSchema.extend({ lectureId: z.string().max(64).optional() })).max(200),
});

export const courseDraftContentSchema = z.object({
  fields: courseDraftFieldsSchema,
  courseContent: z.array(draftChapterSchema).max(100).default([]),
});
export type CourseDraftContent = z.infer<typeof courseDraftContentSchema>;
export type CourseDraftContentInput = z.input<typeof courseDraftContentSchema>;

/**
 * PUT /api/educator/courses/:id/draft. `baseVersion` is the version the client last saw (0: none yet, which creates
 * the draft under the id the client chose). A stale version is a 409 unless the content equals what is stored (a
 * retry of a save whose answer was lost).
 */
export const saveCourseDraftSchema = z.object({
  baseVersion: z.number().int().min(0),
  draft: courseDraftContentSchema,
});
export type SaveCourseDraftRequest = z.input<typeof saveCourseDraftSchema>;

export interface CourseDraftSaved {
  success: true;
  version: number;
  savedAt: string;
}

/** GET /api/educator/courses/:id/draft: the draft as last saved, paid file links signed for its educator. */
export interface CourseDraftDto {
  _id: string;
  version: number;
  savedAt: string;
  courseThumbnail: string | null;
  draft: CourseDraftContent;
}

export const DRAFT_CONFLICT_MESSAGE = 'This draft was changed in another tab or device: reload to see the newer version';

// ---- The publish checklist ----

export type CourseChecklistField = 'courseTitle' | 'courseDescription' | 'courseThumbnail' | 'coursePrice' | 'discount' | 'audience' | 'courseContent' | 'videos';

export interface CourseChecklistItem {
  field: CourseChecklistField;
  message: string;
}

/** GET /api/educator/courses/:id/checklist: what the course still needs before it can be published (empty: ready). */
export interface CourseChecklistAnswer {
  success: true;
  missing: CourseChecklistItem[];
}

export const CHECKLIST_MESSAGES: Record<CourseChecklistField, string> = {
  courseTitle: 'Add a course title',
  courseDescription: 'Write a course description',
  courseThumbnail: 'Choose a course thumbnail',
  coursePrice: 'Enter a valid course price',
  discount: 'Enter a discount between 0 and 100',
  audience: 'Choose the classes, subject and board the course is for',
  courseContent: 'Add at least one chapter with a lecture',
  videos: 'Wait until every uploaded lecture video is Ready',
};

export const COURSE_NOT_READY_MESSAGE = 'The course is not ready to publish yet';

/** The description's visible text: markup alone ("<p></p>") is no description. */
function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim().length > 0;
}

/** The draft's typed fields read as numbers (what the update payload takes); an empty field stays missing. */
export function courseUpdateOfDraft(draft: CourseDraftContent) {
  const number = (typed: string) => (typed.trim() === '' ? undefined : Number(typed));
  return {
    courseTitle: draft.fields.courseTitle,
    courseDescription: draft.fields.courseDescription,
    coursePrice: number(draft.fields.coursePrice),
    discount: number(draft.fields.discount),
    classFrom: number(draft.fields.classFrom),
    classTo: number(draft.fields.classTo),
    subject: draft.fields.subject || undefined,
    board: draft.fields.board || undefined,
    language: draft.fields.language || undefined,
    // Stored links are null when absent; the payload's schema reads an absent link as undefined.
    courseContent: draft.courseContent.map((chapter) => ({
      ...chapter,
      chapterContent: chapter.chapterContent.map((lecture) => ({ ...lecture, notesUrl: lecture.notesUrl ?? undefined, testUrl: lecture.testUrl ?? undefined })),
    })),
  };
}

/**
 * What a course still needs before it is published: title, description, thumbnail, a valid price and discount, who
 * it is for, at least one chapter with a lecture, and every uploaded video Ready. One item per field, in form order.
 */
export function courseChecklist(
  draft: CourseDraftContent,
  facts: { hasThumbnail: boolean; isVideoReady: (videoId: string) => boolean },
): CourseChecklistItem[] {
  const missing = new Set<CourseChecklistField>();
  const { fields } = draft;
  if (!fields.courseTitle.trim()) missing.add('courseTitle');
  if (!hasText(fields.courseDescription)) missing.add('courseDescription');
  if (!facts.hasThumbnail) missing.add('courseThumbnail');
  const parsed = courseUpdateSchema.safeParse(courseUpdateOfDraft(draft));
  if (fields.coursePrice.trim() === '') missing.add('coursePrice');
  if (fields.discount.trim() === '') missing.add('discount');
  if (!fields.classFrom || !fields.classTo || !fields.subject || !fields.board) missing.add('audience');
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [first] = issue.path;
      if (first === 'coursePrice' || first === 'discount' || first === 'courseTitle') missing.add(first);
      else if (first === 'classFrom' || first === 'classTo' || first === 'subject' || first === 'board') missing.add('audience');
      else if (first === 'courseContent') missing.add('courseContent');
    }
  }
  if (!draft.courseContent.some((chapter) => chapter.chapterContent.length > 0)) missing.add('courseContent');
  const videoIds = draft.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => uploadedVideoIdOf(lecture.lectureUrl)));
  if (videoIds.some((videoId) => videoId !== null && !facts.isVideoReady(videoId))) missing.add('videos');
  const order = Object.keys(CHECKLIST_MESSAGES) as CourseChecklistField[];
  return order.filter((field) => missing.has(field)).map((field) => ({ field, message: CHECKLIST_MESSAGES[field] }));
}

// ---- Lecture files: notes and tests uploaded as PDFs ----

export const LECTURE_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const LECTURE_FILE_NOT_PDF_MESSAGE = 'This file is not a PDF: choose a PDF file (its contents are checked, not its name)';
export const LECTURE_FILE_TOO_LARGE_MESSAGE = 'The file is larger than 20 MB: choose a smaller PDF';
export const LECTURE_FILE_MISSING_MESSAGE = 'Choose a PDF file to upload';
/** Shown beside a typed link: such a file is not protected. */
export const PUBLIC_LINK_NOTICE = 'A link is public: anyone who has it can open the file. Upload the PDF to keep it for enrolled learners.';

/** POST /api/educator/courses/:id/lecture-files (multipart field `file`): the stored file's link, signed for the educator. */
export interface LectureFileUploaded {
  success: true;
  url: string;
  fileName: string;
}
