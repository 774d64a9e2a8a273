import { enrolmentRequestSchema, type EnrolmentAnswer, type EnrolmentRequest } from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { EnrolmentsService } from './enrolments.service.js';

/** For commerce: enrol once per purchase. The edge never routes /internal/. */
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
}
