import type { InternalCourse, InternalQuizAnswer } from '@academy/contracts';
import { InternalCallError, InternalClient } from '@academy/service-core';
import { Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { LEARNING_SETTINGS, type LearningSettings } from './learning-settings.js';

/**
 * Reads full courses (every lecture URL) from catalogue's internal API. A course is reused for a few seconds
 * (CATALOGUE_CACHE_MS) and simultaneous reads of one course share one call.
 */
@Injectable()
export class CatalogueClient {
  private readonly logger = new Logger(CatalogueClient.name);
  private readonly client: InternalClient;
  private readonly cache = new Map<string, { expires: number; course: Promise<InternalCourse> }>();

  constructor(@Inject(LEARNING_SETTINGS) private readonly settings: LearningSettings) {
    this.client = new InternalClient({ baseUrl: settings.catalogueUrl, token: settings.internalToken });
  }

  /** The course, or 404 when catalogue does not know it; 503 when catalogue cannot answer. */
  course(courseId: string): Promise<InternalCourse> {
    const now = Date.now();
    const cached = this.cache.get(courseId);
    if (cached && cached.expires > now) return cached.course;
    const course = this.fetch(courseId);
    if (this.settings.catalogueCacheMs > 0) {
      this.cache.set(courseId, { expires: now + this.settings.catalogueCacheMs, course });
      course.catch(() => this.cache.delete(courseId));
      if (this.cache.size > 500) this.cache.delete(this.cache.keys().next().value!);
    }
    return course;
  }

  /** Like `course`, but null for a course catalogue no longer has. */
  async courseOrNull(courseId: string): Promise<InternalCourse | null> {
    try {
      return await this.course(courseId);
    } catch (error) {
      if (error instanceof NotFoundException) return null;
      throw error;
    }
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
      throw new ServiceUnavailableException('Course content is unavailable right now, please try again');
    }
  }
}
