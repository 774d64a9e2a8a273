import {
  COURSE_PAGE_MAX,
  DEFAULT_COURSE_SORT,
  type CourseFacetCounts,
  type CourseFilters,
  type CourseSort,
  type CourseSummary,
} from '@academy/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { CourseEntity } from './course.entity.js';
import { CourseCache } from './course-cache.js';
import { decodeCursor, decodeSortedCursor, encodeCursor, encodeSortedCursor } from './course-list-cursor.js';
import { toCourseSummary } from './course-mapper.js';
import { CoursesRepository } from './courses.repository.js';

export interface CourseListOptions extends CourseFilters {
  search?: string;
  limit?: number;
  cursor?: string;
  sort?: CourseSort;
}

export interface CourseListResult {
  courses: CourseSummary[];
  nextCursor: string | null;
  /** Counts per filter value, on the first page only. */
  facets?: CourseFacetCounts;
}

/** A page size for callers that send a cursor without a limit. */
const DEFAULT_PAGE_SIZE = 20;

/** The counts of one filter group (`class`, `subject`…) out of the row of counts named `<group>:<value>`. */
function countsOf(counts: Record<string, string>, prefix: string): Record<string, number> {
  return Object.fromEntries(
    Object.entries(counts)
      .filter(([name]) => name.startsWith(`${prefix}:`))
      .map(([name, count]) => [name.slice(prefix.length + 1), Number(count)]),
  );
}

@Injectable()
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly cache: CourseCache,
  ) {}

  /** An educator's published courses for their public page (by their public id), newest first (at most COURSE_PAGE_MAX). */
  async listPublishedByEducator(educatorPublicId: string): Promise<CourseSummary[]> {
    const courses = await this.courses.publishedByEducator(educatorPublicId, COURSE_PAGE_MAX);
    return courses.map(toCourseSummary);
  }

  /**
   * Published courses matching the search and filters, as a keyset page in the chosen order (newest first by
   * default, on (created_at, id)) with `nextCursor` when more follow, and on the first page the counts per
   * filter value. The plain call of docs/product.md (no `limit`, no `cursor`) gets the first COURSE_PAGE_MAX courses.
   */
  async listPublished(options: CourseListOptions): Promise<CourseListResult> {
    const plain = options.limit === undefined && options.cursor === undefined;
    const pageSize = options.limit ?? (plain ? COURSE_PAGE_MAX : DEFAULT_PAGE_SIZE);
    const sort = options.sort ?? DEFAULT_COURSE_SORT;
    // A cursor that is not one of ours is a 400 before any query runs.
    const after = options.cursor === undefined ? undefined : sort === 'newest' ? decodeCursor(options.cursor) : decodeSortedCursor(options.cursor, sort);
    const [found, facets] = await Promise.all([
      this.courses.publishedPage(options, { sort, after, limit: pageSize + 1 }),
      options.cursor === undefined ? this.facetCounts(options) : Promise.resolve(undefined),
    ]);
    const hasMore = found.courses.length > pageSize;
    const page = hasMore ? found.courses.slice(0, pageSize) : found.courses;
    const last = found.cursors[page.length - 1];
    const lastId = page[page.length - 1]?.id;
    let nextCursor: string | null = null;
    if (hasMore && last && lastId) {
      nextCursor = sort === 'newest' ? encodeCursor({ createdAt: last.createdAt, id: lastId }) : encodeSortedCursor({ sort, value: String(last.value), id: lastId });
    }
    return { courses: page.map(toCourseSummary), nextCursor, ...(facets ? { facets } : {}) };
  }

  /**
   * Where the counts come from: the summary table without a search (a few thousand rows at most, kept by a
   * trigger) and the narrow search rows with one (catalogue.course_search_rows), or the courses themselves (the
   * benchmark's comparison).
   */
  useFacetSummary = true;

  /**
   * How many published courses (matching the search) each filter value gives, the other chosen filters applied
   * and the value's own group left out.
   */
  async facetCounts(options: CourseListOptions): Promise<CourseFacetCounts> {
    const counts = await this.courses.facetCountRow(options, this.useFacetSummary ? 'summary' : 'courses');
    return {
      total: Number(counts.total ?? 0),
      class: countsOf(counts, 'class'),
      subject: countsOf(counts, 'subject'),
      board: countsOf(counts, 'board'),
      price: { free: Number(counts['price:free'] ?? 0), paid: Number(counts['price:paid'] ?? 0) },
      rating: countsOf(counts, 'rating'),
      language: countsOf(counts, 'language'),
    };
  }

  /** Who owns a course (published or not), or null when there is no such course. */
  educatorIdOf(courseId: string): Promise<string | null> {
    return this.courses.educatorIdOf(courseId);
  }

  /**
   * A course with its chapters and lectures; unpublished ones only when `includeUnpublished` (a course taken off sale
   * stays readable for its learners). A draft is never found here: it has no learners and no price.
   */
  async findWithContent(id: string, options: { includeUnpublished?: boolean } = {}): Promise<CourseEntity> {
    const course = await this.courses.findWithContent(id, { includeUnpublished: options.includeUnpublished ?? false });
    if (!course) throw new NotFoundException('Course not found');
    return course;
  }

  /** Several courses with their chapters and lectures, published or not, in one query; unknown ids and drafts are left out. */
  findManyWithContent(ids: string[]): Promise<CourseEntity[]> {
    return this.courses.findManyWithContent(ids);
  }
}
