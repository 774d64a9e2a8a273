import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { z } from 'zod';
import { EnrolmentsService } from './enrolments.service.js';

export const enrolRequestSchema = z.object({
  purchaseId: z.uuid({ message: 'purchaseId must be a valid purchase id' }),
  userId: z.string().min(1, 'userId is required').max(200),
  courseId: z.uuid({ message: 'courseId must be a valid course id' }),
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
  imageUrl: z.string().max(2000).optional(),
});

export const revokeRequestSchema = z.object({
  refundId: z.string().min(1, 'refundId is required').max(100),
});

/** For commerce: enrol once per purchase. The edge never routes /internal/. */
@Controller('internal/enrolments')
export class InternalEnrolmentsController {
  constructor(private readonly enrolments: EnrolmentsService) {}

  @Internal()
  @Post()
  @HttpCode(200)
  async enrol(
    @Body(new ZodValidationPipe(enrolRequestSchema)) body: z.infer<typeof enrolRequestSchema>,
  ): Promise<{ success: true; created: boolean }> {
    return { success: true, ...(await this.enrolments.enrol(body)) };
  }

  /** A refund processed: access ends. Idempotent by refund id. */
  @Internal()
  @Post(':purchaseId/revoke')
  @HttpCode(200)
  async revoke(
    @Param('purchaseId', new ParseUUIDPipe()) purchaseId: string,
    @Body(new ZodValidationPipe(revokeRequestSchema)) body: z.infer<typeof revokeRequestSchema>,
  ): Promise<{ success: true; revoked: boolean }> {
    return { success: true, ...(await this.enrolments.revoke({ purchaseId, refundId: body.refundId })) };
  }
}
