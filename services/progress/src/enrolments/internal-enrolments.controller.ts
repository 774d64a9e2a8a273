import {
  enrolmentRequestSchema,
  enrolmentRevocationSchema,
  type EnrolmentAnswer,
  type EnrolmentRequest,
  type EnrolmentRevocation,
  type EnrolmentRevocationAnswer,
} from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { EnrolmentsService } from './enrolments.service.js';

/** For commerce: enrol once per purchase, end access once per refund. The edge never routes /internal/. */
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

  /** A refund processed: access ends. Idempotent by refund id. */
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
