import type { CourseEnrolledEvent, ParentLinkEvent } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

type EnrolmentFacts = Pick<CourseEnrolledEvent, 'purchaseId' | 'userId' | 'courseId'>;
type LinkFacts = Pick<ParentLinkEvent, 'parentId' | 'childId' | 'linkedAt'>;

/**
 * Who may open a course now, as progress's events told catalogue (migration 1790900000000): learners enrolled by a
 * purchase not refunded, and parents linked to such a learner. Every write is idempotent and gives the same end state
 * in any delivery order, so the at-least-once outbox needs nothing more.
 */
@Injectable()
export class CourseAccessRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A purchase's enrolment: access, unless that purchase's refund is already recorded (it never comes back). */
  async enrolled(facts: EnrolmentFacts): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "catalogue"."course_access_enrolments" ("purchase_id", "user_id", "course_id") VALUES ($1, $2, $3)
       ON CONFLICT ("purchase_id") DO NOTHING`,
      [facts.purchaseId, facts.userId, facts.courseId],
    );
  }

  /** A purchase's refund: its access ends for good, also when it arrives before the enrolment. */
  async unenrolled(facts: EnrolmentFacts): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "catalogue"."course_access_enrolments" ("purchase_id", "user_id", "course_id", "ended_at") VALUES ($1, $2, $3, now())
       ON CONFLICT ("purchase_id") DO UPDATE SET "ended_at" = COALESCE("course_access_enrolments"."ended_at", now()), "updated_at" = now()`,
      [facts.purchaseId, facts.userId, facts.courseId],
    );
  }

  /**
   * A link made or removed. The link's creation time orders the events of one pair: an event of an older link
   * changes nothing, and of one link's two events the removal wins whichever arrives last.
   */
  async linkChanged(facts: LinkFacts, removed: boolean): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "catalogue"."course_access_parent_links" ("parent_id", "child_id", "linked_at", "removed") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("parent_id", "child_id") DO UPDATE SET "linked_at" = EXCLUDED."linked_at", "removed" = EXCLUDED."removed", "updated_at" = now()
        WHERE "course_access_parent_links"."linked_at" < EXCLUDED."linked_at"
           OR ("course_access_parent_links"."linked_at" = EXCLUDED."linked_at" AND EXCLUDED."removed")`,
      [facts.parentId, facts.childId, facts.linkedAt, removed],
    );
  }

  /** Enrolled now in at least one of these courses (one query, however many courses play a video). */
  async isEnrolledInAny(userId: string, courseIds: readonly string[]): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "catalogue"."course_access_enrolments" WHERE "user_id" = $1 AND "course_id" = ANY($2::uuid[]) AND "ended_at" IS NULL LIMIT 1`,
      [userId, courseIds],
    );
    return rows.length > 0;
  }

  /** Enrolled now, or a parent linked now to a learner enrolled now (notes, tests and live classes; never videos). */
  async isEnrolledOrParentOfEnrolled(userId: string, courseId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM "catalogue"."course_access_enrolments" e
        WHERE e."course_id" = $2 AND e."ended_at" IS NULL
          AND (e."user_id" = $1 OR e."user_id" IN (
            SELECT l."child_id" FROM "catalogue"."course_access_parent_links" l WHERE l."parent_id" = $1 AND NOT l."removed"))
        LIMIT 1`,
      [userId, courseId],
    );
    return rows.length > 0;
  }

  /** The courses the user is enrolled in now, in id order. */
  async enrolledCourseIds(userId: string): Promise<string[]> {
    const rows: { course_id: string }[] = await this.dataSource.query(
      `SELECT DISTINCT "course_id" FROM "catalogue"."course_access_enrolments" WHERE "user_id" = $1 AND "ended_at" IS NULL ORDER BY "course_id"`,
      [userId],
    );
    return rows.map((row) => row.course_id);
  }
}
