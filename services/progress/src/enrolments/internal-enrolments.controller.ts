import {
  enrolmentRequestSchema,
  enrolmentRevocationSchema,
  REFUND_BLOCKED,
  type EnrolmentAnswer,
  type EnrolmentRequest,
  type EnrolmentRevocation,
  type EnrolmentRevocationAnswer,
} from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Body, ConflictException, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { EnrolmentsService } from './enrolments.service.js';

/**
 * For commerce: enrol once per purchase, end access once per refund (catalogue learns of both by the outbox's
 * `course.enrolled` / `course.unenrolled`, never by asking here). The edge never routes /internal/.
 */
@Controller('internal/enrolments')
export class InternalEnrolmentsController {
  constructor(private readonly enrolments: EnrolmentsService) {}

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
