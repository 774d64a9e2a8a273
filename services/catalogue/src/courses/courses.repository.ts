import {
  BOARD_SLUGS,
  COURSE_LANGUAGES,
  MIN_RATING_FILTER,
  SCHOOL_CLASSES,
  SUBJECT_SLUGS,
  type CourseFilters,
  type CourseSort,
} from '@academy/contracts';
import { escapeLikePattern } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type Repository, type SelectQueryBuilder } from 'typeorm';
import { CourseEntity } from './course.entity.js';

/** Each order's key column and direction; every one ends with the id so that the keyset is total. */
const SORT_KEYS: Record<Exclude<CourseSort, 'newest'>, { column: string; direction: 'ASC' | 'DESC' }> = {
  popular: { column: 'c.student_count', direction: 'DESC' },
  rating: { column: 'c.rating_average', direction: 'DESC' },
  'price-asc': { column: 'c.final_price_paise', direction: 'ASC' },
  'price-desc': { column: 'c.final_price_paise', direction: 'DESC' },
};

type FilterName = keyof CourseFilters;
const FILTER_NAMES: FilterName[] = ['class', 'subject', 'board', 'price', 'rating', 'language'];

/** Where the filtered columns are read: the courses themselves (alias c), or the counts summary (alias f). */
interface FilterColumns {
  classFrom: string;
  classTo: string;
  subject: string;
  board: string;
  free: string;
  paid: string;
  rated: string;
  language: string;
}
const COURSE_COLUMNS: FilterColumns = {
  classFrom: 'c.class_from',
  classTo: 'c.class_to',
  subject: 'c.subject',
  board: 'c.board',
  free: 'c.final_price_paise = 0',
  paid: 'c.final_price_paise > 0',
  rated: `c.rating_average >= ${MIN_RATING_FILTER}`,
  language: 'c.language',
};
/** catalogue.course_facet_counts: one row per combination of the filtered columns, with its number of courses. */
const SUMMARY_COLUMNS: FilterColumns = {
  classFrom: 'f.class_from',
  classTo: 'f.class_to',
  subject: 'f.subject',
  board: 'f.board',
  free: 'f.is_free',
  paid: 'NOT f.is_free',
  rated: 'f.rated_4',
  language: 'f.language',
};

/**
 * The SQL condition of each chosen filter (values are bound parameters, named after the filter). A board filter
 * also finds courses for any board; a class filter finds courses whose class range includes that class.
 */
function filterConditions(filters: CourseFilters, columns: FilterColumns = COURSE_COLUMNS): Partial<Record<FilterName, string>> {
  const conditions: Partial<Record<FilterName, string>> = {};
  if (filters.class !== undefined) conditions.class = `(${columns.classFrom} <= :class AND ${columns.classTo} >= :class)`;
  if (filters.subject !== undefined) conditions.subject = `${columns.subject} = :subject`;
  if (filters.board !== undefined) conditions.board = filters.board === 'any' ? `${columns.board} = 'any'` : `${columns.board} IN (:board, 'any')`;
  if (filters.price !== undefined) conditions.price = filters.price === 'free' ? columns.free : columns.paid;
  if (filters.rating !== undefined) conditions.rating = columns.rated;
  if (filters.language !== undefined) conditions.language = `${columns.language} = :language`;
  return conditions;
}

function filterParameters(filters: CourseFilters): Record<string, unknown> {
  return { class: filters.class, subject: filters.subject, board: filters.board, language: filters.language };
}

/**
 * The LIKE pattern of a case-insensitive substring search: lower case, with % and _ escaped. Devanagari has no case
 * and matches as typed; titles are stored in NFC, so the search is read in NFC too (क़ typed as one letter or two).
 */
function searchPattern(search: string): string {
  return `%${escapeLikePattern(search.normalize('NFC').toLowerCase())}%`;
}

function all(conditions: readonly (string | undefined)[]): string {
  const present = conditions.filter((condition): condition is string => condition !== undefined);
  return present.length > 0 ? present.join(' AND ') : 'true';
}

/** Where a keyset page starts: after this course in the chosen order (`value`: the sort key's value, as text). */
export type PageStart = { createdAt: string; id: string } | { value: string; id: string };

/** A page of published courses, one more than asked when more follow, each with what its cursor is made of. */
export interface PublishedPage {
  courses: CourseEntity[];
  cursors: Array<{ createdAt: string; value?: string }>;
}

/** What the facet counts are read from: the trigger-kept summary (or the search rows), or the courses themselves. */
export type FacetSource = 'summary' | 'courses';

/** catalogue.courses with their chapters and lectures: reads by id, the public list's pages and its counts, locks. */
@Injectable()
export class CoursesRepository {
  private readonly courses: Repository<CourseEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.courses = dataSource.getRepository(CourseEntity);
  }

  /** Locks the course's row for the caller's transaction; false when there is no such course. */
  async lock(manager: EntityManager, courseId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(`SELECT id FROM catalogue.courses WHERE id = $1 FOR UPDATE`, [courseId]);
    return rows.length > 0;
  }

  /** How many courses the educator has, published or not (drafts left out). */
  async countByEducator(educatorId: string): Promise<number> {
    const [row] = await this.dataSource.query<{ count: string }[]>('SELECT COUNT(*) AS count FROM catalogue.courses WHERE educator_id = $1 AND NOT is_draft', [educatorId]);
    return Number(row?.count ?? 0);
  }

  /** Who owns a course (published or not), or null when there is no such course. */
  async educatorIdOf(courseId: string): Promise<string | null> {
    const course = await this.courses.findOne({ where: { id: courseId }, select: { id: true, educatorId: true } });
    return course?.educatorId ?? null;
  }

  /** A course with its chapters and lectures in order: published only, or also unpublished (never a draft). */
  findWithContent(id: string, options: { includeUnpublished: boolean }): Promise<CourseEntity | null> {
    return this.courses.findOne({
      where: options.includeUnpublished ? { id, isDraft: false } : { id, isPublished: true },
      relations: { chapters: { lectures: true } },
      order: { chapters: { chapterOrder: 'ASC', lectures: { lectureOrder: 'ASC' } } },
    });
  }

  /** Several courses with their chapters and lectures, published or not, in one query; unknown ids and drafts are left out. */
  async findManyWithContent(ids: string[]): Promise<CourseEntity[]> {
    if (ids.length === 0) return [];
    return this.courses.find({
      where: { id: In(ids), isDraft: false },
      relations: { chapters: { lectures: true } },
      order: { chapters: { chapterOrder: 'ASC', lectures: { lectureOrder: 'ASC' } } },
    });
  }

  /** An educator's published courses by their public id, newest first. */
  publishedByEducator(educatorPublicId: string, limit: number): Promise<CourseEntity[]> {
    return this.courses
      .createQueryBuilder('course')
      .where('course.educator_public_id = :educatorPublicId', { educatorPublicId })
      .andWhere('course.isPublished = true')
      .orderBy('course.createdAt', 'DESC')
      .addOrderBy('course.id', 'DESC')
      .take(limit)
      .getMany();
  }

  /** Up to `limit` published courses matching the search and filters, in the sort's keyset order, after `after`. */
  async publishedPage(options: CourseFilters & { search?: string }, page: { sort: CourseSort; after: PageStart | undefined; limit: number }): Promise<PublishedPage> {
    const query = this.courses
      .createQueryBuilder('c')
      .addSelect(`to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursor_created_at')
      .where('c.is_published = true')
      .andWhere(all(Object.values(filterConditions(options))), filterParameters(options));
    this.whereSearch(query, options.search);
    if (page.sort === 'newest') {
      query.orderBy('c.created_at', 'DESC').addOrderBy('c.id', 'DESC');
      if (page.after && 'createdAt' in page.after) {
        query.andWhere('(c.created_at, c.id) < (CAST(:afterCreatedAt AS timestamptz), CAST(:afterId AS uuid))', { afterCreatedAt: page.after.createdAt, afterId: page.after.id });
      }
    } else {
      const key = SORT_KEYS[page.sort];
      query.addSelect(`${key.column}::text`, 'cursor_value').orderBy(key.column, key.direction).addOrderBy('c.id', key.direction);
      if (page.after && 'value' in page.after) {
        query.andWhere(`(${key.column}, c.id) ${key.direction === 'DESC' ? '<' : '>'} (CAST(:afterValue AS numeric), CAST(:afterId AS uuid))`, {
          afterValue: page.after.value,
          afterId: page.after.id,
        });
      }
    }
    query.limit(page.limit);
    const { entities, raw } = await query.getRawAndEntities<{ cursor_created_at: string; cursor_value?: string }>();
    return { courses: entities, cursors: raw.map((row) => ({ createdAt: row.cursor_created_at, value: row.cursor_value })) };
  }

  /**
   * How many published courses (matching the search) each filter value gives, the other chosen filters applied
   * and the value's own group left out, as one row of counts named `total`, `class:7`, `subject:maths`… One pass:
   * every count is a FILTER aggregate, never a query per value, over rows of (filtered columns, number of courses):
   * the summary table, or the matching search rows grouped the same way (`summary`), or the courses themselves.
   */
  async facetCountRow(options: CourseFilters & { search?: string }, source: FacetSource): Promise<Record<string, string>> {
    const grouped = source === 'summary';
    const { selected, parameters } = facetSelection(options, grouped);
    let row: Record<string, string> | undefined;
    if (grouped && options.search) {
      row = await this.courses.manager
        .createQueryBuilder()
        .select(selected)
        .from(
          (matching) =>
            matching
              .select(['s.class_from AS class_from', 's.class_to AS class_to', 's.subject AS subject', 's.board AS board', 's.is_free AS is_free', 's.rated_4 AS rated_4', 's.language AS language', 'count(*) AS courses'])
              .from('catalogue.course_search_rows', 's')
              .where(`s.title_lower LIKE :pattern ESCAPE '\\'`)
              .groupBy('s.class_from, s.class_to, s.subject, s.board, s.is_free, s.rated_4, s.language'),
          'f',
        )
        .setParameters({ ...parameters, pattern: searchPattern(options.search) })
        .getRawOne<Record<string, string>>();
    } else if (grouped) {
      row = await this.courses.manager
        .createQueryBuilder()
        .select(selected)
        .from('catalogue.course_facet_counts', 'f')
        .where('f.courses > 0')
        .setParameters(parameters)
        .getRawOne<Record<string, string>>();
    } else {
      const query = this.courses.createQueryBuilder('c').select(selected).where('c.is_published = true').setParameters(parameters);
      this.whereSearch(query, options.search);
      row = await query.getRawOne<Record<string, string>>();
    }
    return row ?? {};
  }

  private whereSearch(query: SelectQueryBuilder<CourseEntity>, search: string | undefined): void {
    if (!search) return;
    // lower(title) LIKE matches the trigram index; the text is a bound parameter with %/_ escaped.
    query.andWhere(`lower(c.title) LIKE :pattern ESCAPE '\\'`, { pattern: searchPattern(search) });
  }
}

/** The facet counts' select list (one FILTER aggregate per filter value) and its bound parameters. */
function facetSelection(options: CourseFilters, grouped: boolean): { selected: string[]; parameters: Record<string, unknown> } {
  const columns = grouped ? SUMMARY_COLUMNS : COURSE_COLUMNS;
  const aggregate = (condition: string, name: string) =>
    grouped ? `coalesce(sum(f.courses) FILTER (WHERE ${condition}), 0) AS "${name}"` : `count(*) FILTER (WHERE ${condition}) AS "${name}"`;
  const conditions = filterConditions(options, columns);
  const except = (name: FilterName) => all(FILTER_NAMES.filter((other) => other !== name).map((other) => conditions[other]));
  const selected: string[] = [aggregate(all(Object.values(conditions)), 'total')];
  for (const schoolClass of SCHOOL_CLASSES) {
    selected.push(aggregate(`${columns.classFrom} <= ${schoolClass} AND ${columns.classTo} >= ${schoolClass} AND ${except('class')}`, `class:${schoolClass}`));
  }
  SUBJECT_SLUGS.forEach((subject, index) => selected.push(aggregate(`${columns.subject} = :subject${index} AND ${except('subject')}`, `subject:${subject}`)));
  BOARD_SLUGS.forEach((board, index) => {
    const matches = board === 'any' ? `${columns.board} = 'any'` : `${columns.board} IN (:board${index}, 'any')`;
    selected.push(aggregate(`${matches} AND ${except('board')}`, `board:${board}`));
  });
  selected.push(aggregate(`${columns.free} AND ${except('price')}`, 'price:free'));
  selected.push(aggregate(`${columns.paid} AND ${except('price')}`, 'price:paid'));
  selected.push(aggregate(`${columns.rated} AND ${except('rating')}`, `rating:${MIN_RATING_FILTER}`));
  COURSE_LANGUAGES.forEach((language, index) => selected.push(aggregate(`${columns.language} = :language${index} AND ${except('language')}`, `language:${language}`)));

  const parameters: Record<string, unknown> = { ...filterParameters(options) };
  SUBJECT_SLUGS.forEach((subject, index) => (parameters[`subject${index}`] = subject));
  BOARD_SLUGS.forEach((board, index) => (parameters[`board${index}`] = board));
  COURSE_LANGUAGES.forEach((language, index) => (parameters[`language${index}`] = language));
  return { selected, parameters };
}
