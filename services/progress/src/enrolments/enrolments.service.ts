import { CatalogueEvent, type CourseEnrolledEvent, type EnrolmentRequest } from '@academy/contracts';
import { OutboxWriter } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Enrols a learner for one purchase, idempotently: the purchase id (and the learner + course pair) is unique, so
 * asking again changes nothing. The `course.enrolled` event for catalogue's student counter is written in the
 * same transaction, only when the enrolment is new.
 */
@Injectable()
export class EnrolmentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  async enrol(command: EnrolmentRequest): Promise<{ created: boolean }> {
    return this.dataSource.transaction(async (manager) => {
      // The learner may never have opened the portal's user data yet: create the row from commerce's copy.
      await manager.query(
        `INSERT INTO "progress"."users" ("id", "name", "email", "image_url") VALUES ($1, $2, $3, $4) ON CONFLICT ("id") DO NOTHING`,
        [command.userId, command.name ?? '', command.email ?? '', command.imageUrl ?? ''],
      );
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO "progress"."enrolments" ("user_id", "course_id", "purchase_id") VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING "id"`,
        [command.userId, command.courseId, command.purchaseId],
      );
      if (inserted.length === 0) return { created: false };
      await this.outbox.add<Omit<CourseEnrolledEvent, 'eventId'>>(manager, {
        topic: CatalogueEvent.CourseEnrolled,
        key: command.purchaseId,
        payload: { courseId: command.courseId, userId: command.userId, purchaseId: command.purchaseId },
      });
      return { created: true };
    });
  }
}
