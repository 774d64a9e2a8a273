// What a course is for: the school classes it serves, its subject and its board. One list of each, used by the
// catalogue (storage, filters, counts), the educator's course form and the learner's pages alike.
import { z } from 'zod';

/** The classes the academy teaches (school classes 7 to 12). */
export const SCHOOL_CLASSES = [7, 8, 9, 10, 11, 12] as const;
export type SchoolClass = (typeof SCHOOL_CLASSES)[number];
export const LOWEST_CLASS = 7;
export const HIGHEST_CLASS = 12;

/** Subjects, by the slug used in URLs and the API, with the label shown. */
export const SUBJECTS = [
  { slug: 'mathematics', label: 'Mathematics' },
  { slug: 'physics', label: 'Physics' },
  { slug: 'chemistry', label: 'Chemistry' },
  { slug: 'biology', label: 'Biology' },
  { slug: 'science', label: 'Science' },
  { slug: 'english', label: 'English' },
  { slug: 'hindi', label: 'Hindi' },
  { slug: 'social-science', label: 'Social Science' },
  { slug: 'computer-science', label: 'Computer Science' },
  { slug: 'economics', label: 'Economics' },
  { slug: 'accountancy', label: 'Accountancy' },
  { slug: 'business-studies', label: 'Business Studies' },
  { slug: 'other', label: 'Other subjects' },
] as const;
export type Subject = (typeof SUBJECTS)[number]['slug'];
export const SUBJECT_SLUGS = SUBJECTS.map((subject) => subject.slug) as [Subject, ...Subject[]];

export const BOARDS = [
  { slug: 'cbse', label: 'CBSE' },
  { slug: 'icse', label: 'ICSE' },
  { slug: 'state', label: 'State board' },
  { slug: 'any', label: 'Any board' },
] as const;
export type Board = (typeof BOARDS)[number]['slug'];
export const BOARD_SLUGS = BOARDS.map((board) => board.slug) as [Board, ...Board[]];

/** What a course is for, as every course answer carries it. */
export interface CourseTaxonomy {
  /** Lowest class served (7–12). */
  classFrom: number;
  /** Highest class served (classFrom–12); equal to classFrom for a single class. */
  classTo: number;
  subject: Subject;
  board: Board;
}

export function subjectLabel(slug: string): string {
  return SUBJECTS.find((subject) => subject.slug === slug)?.label ?? slug;
}

export function boardLabel(slug: string): string {
  return BOARDS.find((board) => board.slug === slug)?.label ?? slug;
}

/** "Class 8", "Class 11–12", "Classes 7–12". */
export function formatClassRange(classFrom: number, classTo: number): string {
  if (classFrom === classTo) return `Class ${classFrom}`;
  return classTo - classFrom > 1 ? `Classes ${classFrom}–${classTo}` : `Class ${classFrom}–${classTo}`;
}

/** Whether a course for classes classFrom–classTo serves a learner in `schoolClass`. */
export function servesClass(course: Pick<CourseTaxonomy, 'classFrom' | 'classTo'>, schoolClass: number): boolean {
  return course.classFrom <= schoolClass && schoolClass <= course.classTo;
}

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

/** What courses without one get (stored defaults and API callers that send none): every class, any board. */
export const DEFAULT_COURSE_TAXONOMY: CourseTaxonomy = { classFrom: LOWEST_CLASS, classTo: HIGHEST_CLASS, subject: 'other', board: 'any' };

// ---- Finding courses: GET /api/course/all filters, sort and counts ----

export const COURSE_SORTS = [
  { slug: 'popular', label: 'Most popular' },
  { slug: 'rating', label: 'Highest rated' },
  { slug: 'newest', label: 'Newest' },
  { slug: 'price-asc', label: 'Price: low to high' },
  { slug: 'price-desc', label: 'Price: high to low' },
] as const;
export type CourseSort = (typeof COURSE_SORTS)[number]['slug'];
export const COURSE_SORT_SLUGS = COURSE_SORTS.map((sort) => sort.slug) as [CourseSort, ...CourseSort[]];
/** The list's order when none is asked for (the spec's newest first). */
export const DEFAULT_COURSE_SORT: CourseSort = 'newest';

export const PRICE_FILTERS = [
  { slug: 'free', label: 'Free' },
  { slug: 'paid', label: 'Paid' },
] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number]['slug'];

/** The only rating threshold offered: 4 stars and above. */
export const MIN_RATING_FILTER = 4;

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
};

export interface CourseFilters {
  class?: number;
  subject?: Subject;
  board?: Board;
  price?: PriceFilter;
  rating?: number;
}

/**
 * How many published courses (matching the search) each filter value would give, the other chosen filters
 * applied and this filter's own choice left out, so every value of a group can be compared. `total` counts the
 * courses matching every chosen filter.
 */
export interface CourseFacetCounts {
  total: number;
  class: Record<string, number>;
  subject: Record<string, number>;
  board: Record<string, number>;
  price: Record<PriceFilter, number>;
  /** Courses rated MIN_RATING_FILTER and above. */
  rating: Record<string, number>;
}

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
export const LEARNER_PROFILE_PATH = '/user/data/profile';
