import { CatalogueEvent, type CourseEnrolledEvent, type CourseUnenrolledEvent, type EnrolmentRequest } from '@academy/contracts';
import { OutboxRelay, OutboxWriter } from '@academy/service-core';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AnalyticsJob, type EnrolmentChangedEvent } from '../analytics/analytics-jobs.js';
import { UsersRepository } from '../users/users.repository.js';
import { EnrolmentsRepository } from './enrolments.repository.js';

/**
 * Enrols a learner for one purchase, idempotently: the purchase id (and the learner + course pair) is unique, so
 * asking again changes nothing. The `course.enrolled` event for catalogue's student counter is written in the
 * same transaction, only when the enrolment is new.
 */
@Injectable()
export class EnrolmentsService {
  private readonly logger = new Logger(EnrolmentsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly enrolments: EnrolmentsRepository,
    private readonly users: UsersRepository,
    private readonly outbox: OutboxWriter,
    private readonly relay: OutboxRelay,
  ) {}

  async enrol(command: EnrolmentRequest): Promise<{ created: boolean }> {
    return this.sendingAtOnce(await this.dataSource.transaction(async (manager) => {
      // The learner may never have opened the portal's user data yet: create the row from commerce's copy.
      await this.users.insertIfMissing(manager, { id: command.userId, name: command.name ?? '', email: command.email ?? '', imageUrl: command.imageUrl ?? '' });
      // A purchase refunded since (its enrolment revoked) never enrols again.
      const created = await this.enrolments.insertUnlessRevoked(manager, { userId: command.userId, courseId: command.courseId, purchaseId: command.purchaseId });
      if (!created) return { created: false };
      await this.outbox.add<Omit<CourseEnrolledEvent, 'eventId'>>(manager, {
        topic: CatalogueEvent.CourseEnrolled,
        key: command.purchaseId,
        payload: { courseId: command.courseId, userId: command.userId, purchaseId: command.purchaseId },
      });
      await this.recordEnrolmentChanged(manager, { userId: command.userId, courseId: command.courseId });
      return { created: true };
    }), (outcome) => outcome.created);
  }

  /**
   * A learner asks for a refund: access ends now, unless a certificate of the course was issued, which refuses
   * (the learner keeps both the course and the certificate, and gets no refund). The enrolment row is locked, and
   * `CertificatesService` issues a certificate only under the same lock while the enrolment exists: so a refund
   * asked and a certificate issued exclude each other, whichever comes first. Idempotent by purchase.
   */
  async endForRefund(command: { purchaseId: string; refundId: string }): Promise<{ revoked: boolean } | { certificateIssued: true }> {
    return this.sendingAtOnce(await this.dataSource.transaction(async (manager) => {
      const enrolment = await this.enrolments.lockByPurchase(manager, command.purchaseId);
      if (enrolment && (await this.enrolments.hasValidCertificate(manager, enrolment.userId, enrolment.courseId))) return { certificateIssued: true as const };
      return this.revokeIn(manager, command, { withdrawCertificate: false });
    }), (outcome) => 'revoked' in outcome && outcome.revoked);
  }

  /**
   * A refund processed in full (whoever asked: the learner, or the academy in Razorpay's dashboard): access ends,
   * once per purchase, and a certificate of the course is withdrawn (it stops verifying).
   */
  async revoke(command: { purchaseId: string; refundId: string }): Promise<{ revoked: boolean }> {
    return this.sendingAtOnce(await this.dataSource.transaction((manager) => this.revokeIn(manager, command, { withdrawCertificate: true })), (outcome) => outcome.revoked);
  }

  /**
   * After the commit: catalogue's course access changes with these events, so they are relayed now instead of at the
   * worker's next poll (a refund ends watching, and a purchase opens the course, within milliseconds). Best effort:
   * a failure here leaves the rows to the worker's relay.
   */
  private async sendingAtOnce<Outcome>(outcome: Outcome, changed: (outcome: Outcome) => boolean): Promise<Outcome> {
    if (changed(outcome)) {
      await this.relay.dispatchBatch().catch((error: unknown) => this.logger.warn(`events left to the worker's relay: ${error instanceof Error ? error.message : String(error)}`));
    }
    return outcome;
  }

  /**
   * The enrolment leaves `progress.enrolments` (so `LearningService.isEnrolled` is false and a later purchase can
   * enrol again) and is kept in `revoked_enrolments`, once per purchase; `course.unenrolled` tells catalogue to count
   * one student less.
   */
  private async revokeIn(
    manager: EntityManager,
    command: { purchaseId: string; refundId: string },
    options: { withdrawCertificate: boolean },
  ): Promise<{ revoked: boolean }> {
    const enrolment = await this.enrolments.deleteByPurchase(manager, command.purchaseId);
    const recorded = await this.enrolments.recordRevoked(manager, command, enrolment);
    const revoked = enrolment !== null && recorded;
    // Catalogue's student counter goes down, in the same transaction, once per revoked enrolment.
    if (revoked) {
      await this.outbox.add<Omit<CourseUnenrolledEvent, 'eventId'>>(manager, {
        topic: CatalogueEvent.CourseUnenrolled,
        key: command.purchaseId,
        payload: { courseId: enrolment.courseId, userId: enrolment.userId, purchaseId: command.purchaseId, refundId: command.refundId },
      });
      await this.recordEnrolmentChanged(manager, { userId: enrolment.userId, courseId: enrolment.courseId });
    }
    if (options.withdrawCertificate) await this.enrolments.withdrawCertificateOfRevoked(manager, command.purchaseId);
    return { revoked };
  }

  /** The analytics event of an enrolment made or ended, in the caller's transaction. */
  private async recordEnrolmentChanged(manager: EntityManager, event: EnrolmentChangedEvent): Promise<void> {
    await this.outbox.add(manager, { topic: AnalyticsJob.EnrolmentChanged, payload: event, key: `${event.courseId}/${event.userId}` });
  }
}
