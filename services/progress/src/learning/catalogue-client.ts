import { INTERNAL_COURSES_BATCH_MAX, INTERNAL_LIVE_CLASS_PATH, type LiveClassDto, type InternalCourse, type InternalCoursesBatchAnswer, type InternalQuizAnswer } from '@academy/contracts';
import { InternalCallError, InternalClient } from '@academy/service-core';
import { Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { LEARNING_SETTINGS, type LearningSettings } from './learning-settings.js';

const CONTENT_UNAVAILABLE_MESSAGE = 'Course content is unavailable right now, please try again';

/**
 * Reads full courses (every lecture URL) from catalogue's internal API: one course, or many in one call (a learner's
 * enrolled courses). A course is reused for a few seconds (CATALOGUE_CACHE_MS) and simultaneous reads of one course
 * share one call.
 */
@Injectable()
export class CatalogueClient {
  private readonly logger = new Logger(CatalogueClient.name);
  private readonly client: InternalClient;
  private readonly cache = new Map<string, { expires: number; course: Promise<InternalCourse> }>();

  constructor(@Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings) {
    this.client = new InternalClient({ baseUrl: settings.catalogueUrl, token: settings.internalToken });
  }

  /** A live class as catalogue has it now, or null when it has none by that id (throws when catalogue cannot answer). */
  async liveClass(classId: string): Promise<LiveClassDto | null> {
    try {
      return (await this.client.get<{ liveClass: LiveClassDto }>(INTERNAL_LIVE_CLASS_PATH(classId))).liveClass;
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) return null;
      throw error;
    }
  }

  /** The course, or 404 when catalogue does not know it; 503 when catalogue cannot answer. */
  course(courseId: string): Promise<InternalCourse> {
    const cached = this.cache.get(courseId);
    if (cached && cached.expires > Date.now()) return cached.course;
    return this.remember(courseId, this.fetch(courseId));
  }

  /**
   * The courses catalogue still has among `courseIds`, by id (others are left out): those cached are reused, the rest
   * come in one internal call per INTERNAL_COURSES_BATCH_MAX ids, never one per course. 503 when catalogue cannot answer.
   */
  async courses(courseIds: readonly string[]): Promise<Map<string, InternalCourse>> {
    const now = Date.now();
    const unique = [...new Set(courseIds)];
    const cached = await Promise.all(
      unique.map(async (id) => {
        const entry = this.cache.get(id);
        return entry && entry.expires > now ? entry.course.catch(() => null) : null;
      }),
    );
    const found = new Map<string, InternalCourse>();
    cached.forEach((course, index) => course && found.set(unique[index]!, course));
    const missing = unique.filter((id) => !found.has(id));
    for (let start = 0; start < missing.length; start += INTERNAL_COURSES_BATCH_MAX) {
      const ids = missing.slice(start, start + INTERNAL_COURSES_BATCH_MAX);
      let answer: InternalCoursesBatchAnswer;
      try {
        answer = await this.client.post<InternalCoursesBatchAnswer>('/internal/courses/batch', { ids });
      } catch (error) {
        this.logger.warn(`catalogue did not give ${ids.length} courses: ${error instanceof Error ? error.message : String(error)}`);
        throw new ServiceUnavailableException(CONTENT_UNAVAILABLE_MESSAGE);
      }
      for (const course of answer.courses) {
        found.set(course._id, course);
        this.remember(course._id, Promise.resolve(course));
      }
    }
    return found;
  }

  /** The quiz with its key, read fresh (never cached): 404 when it is not this course's, 503 when catalogue cannot answer. */
  async quiz(courseId: string, quizId: string): Promise<InternalQuizAnswer> {
    try {
      return await this.client.get<InternalQuizAnswer>(`/internal/courses/${encodeURIComponent(courseId)}/quizzes/${encodeURIComponent(quizId)}`);
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) throw new NotFoundException('This quiz is not part of the course');
      this.logger.warn(`catalogue did not give quiz ${quizId}: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException('The quiz is unavailable right now, please try again');
    }
  }

  private async fetch(courseId: string): Promise<InternalCourse> {
    try {
      const body = await this.client.get<{ course: InternalCourse }>(`/internal/courses/${encodeURIComponent(courseId)}`);
      return body.course;
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) throw new NotFoundException('Course not found');
      this.logger.warn(`catalogue did not give course ${courseId}: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceUnavailableException(CONTENT_UNAVAILABLE_MESSAGE);
    }
  }

  private remember(courseId: string, course: Promise<InternalCourse>): Promise<InternalCourse> {
    if (this.settings.catalogueCacheMs <= 0) return course;
    this.cache.set(courseId, { expires: Date.now() + this.settings.catalogueCacheMs, course });
    course.catch(() => this.cache.delete(courseId));
    if (this.cache.size > 500) this.cache.delete(this.cache.keys().next().value!);
    return course;
  }
}
