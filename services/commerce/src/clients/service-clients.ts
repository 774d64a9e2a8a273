import { END_FOR_REFUND_PATH } from '@academy/contracts';
import type {
  EnrolmentAnswer,
  EnrolmentRequest,
  EnrolmentRevocation,
  EnrolmentRevocationAnswer,
  InternalCourse,
  ParentChildLinkAnswer,
  UserCertificatesAnswer,
} from '@academy/contracts';
import { InternalCallError, InternalClient } from '@academy/service-core';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';

/** Catalogue's internal routes: a course's current price and owner, an educator's course count. */
@Injectable()
export class CatalogueClient {
  private readonly client: InternalClient;

  constructor(@InjectCommerceConfig() config: CommerceConfig) {
    this.client = new InternalClient({ baseUrl: config.CATALOGUE_URL, token: config.INTERNAL_TOKEN });
  }

  /** 404 when catalogue does not know the course. */
  async course(courseId: string): Promise<InternalCourse> {
    try {
      return (await this.client.get<{ course: InternalCourse }>(`/internal/courses/${encodeURIComponent(courseId)}`)).course;
    } catch (error) {
      if (error instanceof InternalCallError && (error.status === 404 || error.status === 400)) {
        throw new NotFoundException('Course not found');
      }
      throw error;
    }
  }

  async educatorCourseCount(educatorId: string): Promise<number> {
    const answer = await this.client.get<{ courseCount: number }>(`/internal/educators/${encodeURIComponent(educatorId)}/summary`);
    return answer.courseCount;
  }
}

/** Progress's internal enrolment route, idempotent by purchase id. */
@Injectable()
export class ProgressClient {
  private readonly client: InternalClient;

  constructor(@InjectCommerceConfig() config: CommerceConfig) {
    this.client = new InternalClient({ baseUrl: config.PROGRESS_URL, token: config.INTERNAL_TOKEN, timeoutMs: 8000 });
  }

  enrol(request: EnrolmentRequest): Promise<EnrolmentAnswer> {
    return this.client.post('/internal/enrolments', request);
  }

  /** Whether the child is linked to the parent (a parent buys only for a linked child), with the child's profile. */
  parentLink(parentId: string, childId: string): Promise<ParentChildLinkAnswer> {
    return this.client.get(`/internal/parents/${encodeURIComponent(parentId)}/children/${encodeURIComponent(childId)}`);
  }

  /**
   * A learner asked for a refund: progress ends access now, or refuses because a certificate was issued (one lock
   * decides both). 'certificate' then; idempotent by purchase.
   */
  async endForRefund(purchaseId: string, refundId: string): Promise<'ended' | 'certificate'> {
    const body: EnrolmentRevocation = { refundId };
    try {
      await this.client.post<EnrolmentRevocationAnswer>(END_FOR_REFUND_PATH(purchaseId), body);
      return 'ended';
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 409) return 'certificate';
      throw error;
    }
  }

  /** Ends access for a purchase refunded in full and withdraws its certificate; idempotent by purchase. */
  revoke(purchaseId: string, refundId: string): Promise<EnrolmentRevocationAnswer> {
    const body: EnrolmentRevocation = { refundId };
    return this.client.post(`/internal/enrolments/${encodeURIComponent(purchaseId)}/revoke`, body);
  }

  /** The courses the learner holds a certificate of. */
  async certificateCourseIds(userId: string): Promise<string[]> {
    return (await this.client.get<UserCertificatesAnswer>(`/internal/users/${encodeURIComponent(userId)}/certificates`)).courseIds;
  }
}
