import { COURSE_PAGE_MAX, type CourseSummary } from '@academy/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { CourseEntity } from './course.entity.js';
import { CourseCache } from './course-cache.js';
import { decodeCursor, encodeCursor, escapeLikePattern } from './course-list-cursor.js';
import { toCourseSummary } from './course-mapper.js';

export interface CourseListOptions {
  search?: string;
  limit?: number;
  cursor?: string;
}

export interface CourseListResult {
  courses: CourseSummary[];
  nextCursor: string | null;
}

/** A page size for callers that send a cursor without a limit. */
const DEFAULT_PAGE_SIZE = 20;

@Injectable()
export class CoursesService {
  constructor(
    @InjectRepository(CourseEntity) private readonly courses: Repository<CourseEntity>,
    private readonly cache: CourseCache,
  ) {}

  /**
   * Published courses, newest first, as a keyset page on (created_at, id) with `nextCursor` when more follow.
   * The spec's plain call (no `limit`, no `cursor`) gets the first COURSE_PAGE_MAX courses: never the whole table.
   */
  async listPublished(options: CourseListOptions): Promise<CourseListResult> {
    const plain = options.limit === undefined && options.cursor === undefined;
    const pageSize = options.limit ?? (plain ? COURSE_PAGE_MAX : DEFAULT_PAGE_SIZE);
    const query = this.courses
      .createQueryBuilder('c')
      .addSelect(`to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`, 'cursor_created_at')
      .where('c.is_published = true')
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC');
    if (options.search) {
      // lower(title) LIKE matches the trigram index; the text is a bound parameter with %/_ escaped.
      query.andWhere(`lower(c.title) LIKE :pattern ESCAPE '\\'`, { pattern: `%${escapeLikePattern(options.search.toLowerCase())}%` });
    }
    if (options.cursor !== undefined) {
      const after = decodeCursor(options.cursor);
      query.andWhere('(c.created_at, c.id) < (CAST(:afterCreatedAt AS timestamptz), CAST(:afterId AS uuid))', {
        afterCreatedAt: after.createdAt,
        afterId: after.id,
      });
    }
    query.limit(pageSize + 1);

    const { entities, raw } = await query.getRawAndEntities<{ cursor_created_at: string }>();
    const hasMore = entities.length > pageSize;
    const page = hasMore ? entities.slice(0, pageSize) : entities;
    const last = raw[page.length - 1];
    return {
      courses: page.map(toCourseSummary),
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.cursor_created_at, id: page[page.length - 1]!.id }) : null,
    };
  }

  /** A course with its chapters and lectures; unpublished ones only when `includeUnpublished`. */
  async findWithContent(id: string, options: { includeUnpublished?: boolean } = {}): Promise<CourseEntity> {
    const course = await this.courses.findOne({
      where: options.includeUnpublished ? { id } : { id, isPublished: true },
      relations: { chapters: { lectures: true } },
      order: { chapters: { chapterOrder: 'ASC', lectures: { lectureOrder: 'ASC' } } },
    });
    if (!course) throw new NotFoundException('Course not found');
    return course;
  }

  /** Several courses with their chapters and lectures, published or not, in one query; unknown ids are left out. */
  async findManyWithContent(ids: string[]): Promise<CourseEntity[]> {
    if (ids.length === 0) return [];
    return this.courses.find({
      where: { id: In(ids) },
      relations: { chapters: { lectures: true } },
      order: { chapters: { chapterOrder: 'ASC', lectures: { lectureOrder: 'ASC' } } },
    });
  }
}
