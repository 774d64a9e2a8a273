// What a course is for: the school classes it serves, its subject and its board. One list of each, used by the
// catalogue (storage, filters, counts), the educator's course form and the learner's pages alike. Plain data and
// functions only: course cards on the first page import them, so the zod schemas live in taxonomy-schemas.ts.
import type { CourseLanguage } from './languages.js';

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
/** The list's order when none is asked for (newest first, as docs/product.md says). */
export const DEFAULT_COURSE_SORT: CourseSort = 'newest';

export const PRICE_FILTERS = [
  { slug: 'free', label: 'Free' },
  { slug: 'paid', label: 'Paid' },
] as const;
export type PriceFilter = (typeof PRICE_FILTERS)[number]['slug'];

/** The only rating threshold offered: 4 stars and above. */
export const MIN_RATING_FILTER = 4;

export interface CourseFilters {
  class?: number;
  subject?: Subject;
  board?: Board;
  price?: PriceFilter;
  rating?: number;
  /** The language the course is taught in (hi, en, hinglish). */
  language?: CourseLanguage;
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
  /** Courses per teaching language (hi, en, hinglish); absent from an answer cached before languages existed. */
  language?: Record<string, number>;
}

