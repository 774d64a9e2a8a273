import {
  CatalogueEvent,
  courseEnrolledEventSchema,
  courseEnrolmentSnapshotEventSchema,
  courseRatedEventSchema,
  courseUnenrolledEventSchema,
  parentLinkEventSchema,
} from '@academy/contracts';
import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { UnrecoverableError, type Job } from 'bullmq';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { CourseAccessRepository } from '../access/course-access.repository.js';
import { CourseCache } from '../courses/course-cache.js';
import { CourseCountersRepository } from './course-counters.repository.js';
import { ratingDelta } from './rating-delta.js';

export interface EventOutcome {
  applied: boolean;
}

/** Parses a payload; a malformed one can never succeed, so it fails without retries. */
function parse<Schema extends z.ZodType>(schema: Schema, job: Job): z.infer<Schema> {
  const result = schema.safeParse({ eventId: job.id, ...(job.data as object) });
  if (!result.success) throw new UnrecoverableError(`${job.name} payload rejected: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}

/**
 * Records the event key and, only if it is new, runs `apply` in the same transaction: a redelivered event (the
 * outbox relays at least once) changes nothing.
 */
async function applyOnce(
  dataSource: DataSource,
  counters: CourseCountersRepository,
  event: { key: string; topic: string; courseId: string },
  apply: (manager: EntityManager) => Promise<number>,
  logger: Logger,
  cache: CourseCache,
): Promise<EventOutcome> {
  const { key, topic, courseId } = event;
  const outcome = await dataSource.transaction(async (manager): Promise<EventOutcome> => {
    if (!(await counters.recordEvent(manager, key, topic, courseId))) return { applied: false };
    const changed = await apply(manager);
    if (changed === 0) logger.warn(`${topic} ${key}: course ${courseId} does not exist; event recorded, nothing counted`);
    return { applied: changed > 0 };
  });
  // After the commit: counters the public answers show changed, so every API replica's cache is stale.
  if (outcome.applied) await cache.invalidate();
  return outcome;
}

/** `course.enrolled`: the learner may open the course; one more student, at most once per purchase. */
@Injectable()
@JobHandler(CatalogueEvent.CourseEnrolled)
export class CourseEnrolledHandler implements JobProcessor<unknown, EventOutcome> {
  private readonly logger = new Logger(CourseEnrolledHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly counters: CourseCountersRepository,
    private readonly cache: CourseCache,
    private readonly access: CourseAccessRepository,
  ) {}

  async handle(job: Job): Promise<EventOutcome> {
    const event = parse(courseEnrolledEventSchema, job);
    await this.access.enrolled(event);
    return applyOnce(this.dataSource, this.counters, { key: `enrolled:${event.purchaseId}`, topic: job.name, courseId: event.courseId }, (manager) =>
      this.counters.addStudents(manager, event.courseId, 1), this.logger, this.cache);
  }
}

/** `course.rated`: add a new rating, or the difference of a replaced one, at most once per event. */
@Injectable()
@JobHandler(CatalogueEvent.CourseRated)
export class CourseRatedHandler implements JobProcessor<unknown, EventOutcome> {
  private readonly logger = new Logger(CourseRatedHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly counters: CourseCountersRepository,
    private readonly cache: CourseCache,
  ) {}

  async handle(job: Job): Promise<EventOutcome> {
    const event = parse(courseRatedEventSchema, job);
    const delta = ratingDelta(event);
    return applyOnce(this.dataSource, this.counters, { key: `rated:${event.eventId}`, topic: job.name, courseId: event.courseId }, (manager) =>
      this.counters.addRating(manager, event.courseId, delta), this.logger, this.cache);
  }
}

/**
 * `course.unenrolled` (a refunded purchase's access ended): the access ends at once, whatever the order of delivery;
 * one student less, at most once per purchase, counted only after that purchase's `course.enrolled`: delivered
 * early, the count fails and BullMQ retries it later (the access stays ended).
 */
@Injectable()
@JobHandler(CatalogueEvent.CourseUnenrolled)
export class CourseUnenrolledHandler implements JobProcessor<unknown, EventOutcome> {
  private readonly logger = new Logger(CourseUnenrolledHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly counters: CourseCountersRepository,
    private readonly cache: CourseCache,
    private readonly access: CourseAccessRepository,
  ) {}

  async handle(job: Job): Promise<EventOutcome> {
    const event = parse(courseUnenrolledEventSchema, job);
    await this.access.unenrolled(event);
    if (!(await this.counters.wasApplied(`enrolled:${event.purchaseId}`))) throw new Error(`${job.name} ${event.purchaseId}: its enrolment was not counted yet; retrying later`);
    return applyOnce(this.dataSource, this.counters, { key: `unenrolled:${event.purchaseId}`, topic: job.name, courseId: event.courseId }, (manager) =>
      this.counters.addStudents(manager, event.courseId, -1), this.logger, this.cache);
  }
}

/** `course.enrolment_snapshot` (progress's one-off backfill of older enrolments): access only, nothing counted. */
@Injectable()
@JobHandler(CatalogueEvent.CourseEnrolmentSnapshot)
export class CourseEnrolmentSnapshotHandler implements JobProcessor<unknown, EventOutcome> {
  constructor(private readonly access: CourseAccessRepository) {}

  async handle(job: Job): Promise<EventOutcome> {
    await this.access.enrolled(parse(courseEnrolmentSnapshotEventSchema, job));
    return { applied: true };
  }
}

/** `parent.linked`: the parent may open what the learner's courses give a linked parent (notes, tests, live classes). */
@Injectable()
@JobHandler(CatalogueEvent.ParentLinked)
export class ParentLinkedHandler implements JobProcessor<unknown, EventOutcome> {
  constructor(private readonly access: CourseAccessRepository) {}

  async handle(job: Job): Promise<EventOutcome> {
    await this.access.linkChanged(parse(parentLinkEventSchema, job), false);
    return { applied: true };
  }
}

/** `parent.unlinked`: that access ends (a later link of the same pair brings it back). */
@Injectable()
@JobHandler(CatalogueEvent.ParentUnlinked)
export class ParentUnlinkedHandler implements JobProcessor<unknown, EventOutcome> {
  constructor(private readonly access: CourseAccessRepository) {}

  async handle(job: Job): Promise<EventOutcome> {
    await this.access.linkChanged(parse(parentLinkEventSchema, job), true);
    return { applied: true };
  }
}

export const catalogueEventHandlers = [
  CourseEnrolledHandler,
  CourseRatedHandler,
  CourseUnenrolledHandler,
  CourseEnrolmentSnapshotHandler,
  ParentLinkedHandler,
  ParentUnlinkedHandler,
];
