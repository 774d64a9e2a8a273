import { Public } from '@academy/service-core';
import { BadRequestException, Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { RazorpayWebhookService } from './razorpay-webhook.service.js';

/** Razorpay's webhook: signature over the raw body, then handed to the service. */
@Controller('api/payments/razorpay')
export class RazorpayWebhookController {
  constructor(private readonly webhooks: RazorpayWebhookService) {}

  @Public()
  @Post('webhook')
  @HttpCode(200)
  async receive(
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ): Promise<{ success: true; message: string }> {
    if (!request.rawBody) throw new BadRequestException('Webhook body must be JSON');
    if (!signature) throw new BadRequestException('X-Razorpay-Signature header is required');
    return { success: true, message: await this.webhooks.handle(request.rawBody, signature, eventId) };
  }
}
