// Request and form schemas of the course taxonomy and the learner's class (lists in ./taxonomy.ts). Kept apart
// from the lists so that pages showing a course's class never load zod.
import { z } from 'zod';
import { COURSE_LANGUAGES } from './languages.js';
import { BOARD_SLUGS, COURSE_SORT_SLUGS, HIGHEST_CLASS, LOWEST_CLASS, MIN_RATING_FILTER, SUBJECTS, SUBJECT_SLUGS } from './taxonomy.js';

const classField = (name: string) =>
  z.coerce
    .number({ message: `${name} is required` })
    .int(`${name} must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}`)
    .min(LOWEST_CLASS, `${name} must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}`)
    .max(HIGHEST_CLASS, `${name} must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}`);

export const subjectSchema = z.enum(SUBJECT_SLUGS, { message: `Subject is required: choose one of ${SUBJECTS.map((subject) => subject.label).join(', ')}` });
export const boardSchema = z.enum(BOARD_SLUGS, { message: 'Board is required: choose CBSE, ICSE, State board or Any board' });

/** The taxonomy fields of a course as the educator's form and the course API take them. */
export const courseTaxonomyFields = {
  classFrom: classField('Class (from)'),
  classTo: classField('Class (to)'),
  subject: subjectSchema,
  board: boardSchema,
};

/** A class range reads low to high; reported on the "to" field. */
export function refineClassRange(course: { classFrom?: number; classTo?: number }, context: z.RefinementCtx): void {
  if (course.classFrom === undefined || course.classTo === undefined) return;
  if (course.classTo < course.classFrom) {
    context.addIssue({ code: 'custom', path: ['classTo'], message: 'Class (to) cannot be below Class (from)', input: course.classTo });
  }
}

/** Filters of the course list, as query parameters (`?class=8&subject=science&sort=rating`). */
export const courseFilterQueryFields = {
  class: z.coerce
    .number({ message: `class must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}` })
    .int(`class must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}`)
    .min(LOWEST_CLASS, `class must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}`)
    .max(HIGHEST_CLASS, `class must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}`)
    .optional(),
  subject: z.enum(SUBJECT_SLUGS, { message: `subject must be one of ${SUBJECT_SLUGS.join(', ')}` }).optional(),
  board: z.enum(BOARD_SLUGS, { message: `board must be one of ${BOARD_SLUGS.join(', ')}` }).optional(),
  price: z.enum(['free', 'paid'], { message: 'price must be free or paid' }).optional(),
  rating: z.coerce
    .number({ message: `rating must be ${MIN_RATING_FILTER}` })
    .refine((value) => value === MIN_RATING_FILTER, `rating must be ${MIN_RATING_FILTER}`)
    .optional(),
  sort: z.enum(COURSE_SORT_SLUGS, { message: `sort must be one of ${COURSE_SORT_SLUGS.join(', ')}` }).optional(),
  language: z.enum(COURSE_LANGUAGES, { message: `language must be one of ${COURSE_LANGUAGES.join(', ')}` }).optional(),
};

// ---- The learner's class on their profile: PUT /api/user/data/profile (progress keeps users) ----

/** The learner's answer; both null is "skip" (they were asked and chose not to say). */
export const learnerProfileSchema = z.object({
  schoolClass: z
    .number({ message: `schoolClass must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}, or null` })
    .int(`schoolClass must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}, or null`)
    .min(LOWEST_CLASS, `schoolClass must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}, or null`)
    .max(HIGHEST_CLASS, `schoolClass must be a class from ${LOWEST_CLASS} to ${HIGHEST_CLASS}, or null`)
    .nullable(),
  board: z.enum(BOARD_SLUGS, { message: `board must be one of ${BOARD_SLUGS.join(', ')}, or null` }).nullable(),
});
export type LearnerProfile = z.infer<typeof learnerProfileSchema>;
