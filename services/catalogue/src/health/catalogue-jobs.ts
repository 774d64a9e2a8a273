import { JobHandler, type JobProcessor } from '@academy/service-core';
import { InjectRepository } from '@nestjs/typeorm';
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Repository } from 'typeorm';
import { CourseEntity } from '../database/entities.js';

export const CATALOGUE_QUEUE = 'catalogue';

/** Every job of the catalogue queue; each has exactly one handler (checked when the worker starts). */
export enum CatalogueJob {
  Health = 'health',
}

export interface HealthJobResult {
  ok: true;
  publishedCourses: number;
  checkedAt: string;
}

/** Proves the worker is alive end to end: it takes a job from Redis and reads PostgreSQL. */
@Injectable()
@JobHandler(CatalogueJob.Health)
export class HealthJobHandler implements JobProcessor<unknown, HealthJobResult> {
  constructor(@InjectRepository(CourseEntity) private readonly courses: Repository<CourseEntity>) {}

  async handle(_job: Job): Promise<HealthJobResult> {
    const publishedCourses = await this.courses.count({ where: { isPublished: true } });
    return { ok: true, publishedCourses, checkedAt: new Date().toISOString() };
  }
}
