import {
  enrolledCourseIdsQuerySchema,
  enrolmentCheckQuerySchema,
  enrolmentRequestSchema,
  enrolmentRevocationSchema,
  REFUND_BLOCKED,
  type EnrolledCourseIdsAnswer,
  type EnrolmentAnswer,
  type EnrolmentCheckAnswer,
  type EnrolmentRequest,
  type EnrolmentRevocation,
  type EnrolmentRevocationAnswer,
} from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Body, ConflictException, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { EnrolmentsService } from './enrolments.service.js';

/**
 * For commerce: enrol once per purchase, end access once per refund; for catalogue: is a user enrolled now (uploaded
 * videos' keys). The edge never routes /internal/.
 */
@Controller('internal/enrolments')
export class InternalEnrolmentsController {
  constructor(private readonly enrolments: EnrolmentsService) {}

  @Internal()
  @Get('check')
  async check(
    @Query(new ZodValidationPipe(enrolmentCheckQuerySchema)) query: { userId: string; courseId: string[]; orParentOfEnrolled?: 'true' },
  ): Promise<EnrolmentCheckAnswer> {
    const enrolled =
      (await this.enrolments.isActiveInAny(query.userId, query.courseId)) ||
      (query.orParentOfEnrolled === 'true' && (await this.enrolments.isParentOfEnrolledInAny(query.userId, query.courseId)));
    return { success: true, enrolled };
  }

  /** The user's courses now (catalogue lists their live classes across them). */
  @Internal()
  @Get('courses')
  async courses(@Query(new ZodValidationPipe(enrolledCourseIdsQuerySchema)) query: { userId: string }): Promise<EnrolledCourseIdsAnswer> {
    return { success: true, courseIds: await this.enrolments.courseIdsOf(query.userId) };
  }

  @Internal()
  @Post()
  @HttpCode(200)
  async enrol(
    @Body(new ZodValidationPipe(enrolmentRequestSchema)) body: EnrolmentRequest,
  ): Promise<EnrolmentAnswer> {
    return { success: true, ...(await this.enrolments.enrol(body)) };
  }

  /** A learner asks for a refund: access ends now, or 409 when a certificate was issued. Idempotent by purchase. */
  @Internal()
  @Post(':purchaseId/end-for-refund')
  @HttpCode(200)
  async endForRefund(
    @Param('purchaseId', new ParseUUIDPipe()) purchaseId: string,
    @Body(new ZodValidationPipe(enrolmentRevocationSchema)) body: EnrolmentRevocation,
  ): Promise<EnrolmentRevocationAnswer> {
    const outcome = await this.enrolments.endForRefund({ purchaseId, refundId: body.refundId });
    if ('certificateIssued' in outcome) throw new ConflictException(REFUND_BLOCKED.certificate);
    return { success: true, ...outcome };
  }

  /** A refund processed in full: access ends and a certificate is withdrawn. Idempotent by purchase. */
  @Internal()
  @Post(':purchaseId/revoke')
  @HttpCode(200)
  async revoke(
    @Param('purchaseId', new ParseUUIDPipe()) purchaseId: string,
    @Body(new ZodValidationPipe(enrolmentRevocationSchema)) body: EnrolmentRevocation,
  ): Promise<EnrolmentRevocationAnswer> {
    return { success: true, ...(await this.enrolments.revoke({ purchaseId, refundId: body.refundId })) };
  }
}
