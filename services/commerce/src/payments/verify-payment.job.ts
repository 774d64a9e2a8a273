import { JobHandler, type JobProcessor } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { CommerceJob } from '../queue/commerce-jobs.js';
import { PaymentSettlementService, type VerifyPaymentData, type VerifyPaymentResult } from './payment-settlement.service.js';

/** One job per Razorpay payment (jobId `verify-<orderId>-<paymentId>`): Checkout's verify and the webhooks of that payment share it. */
@Injectable()
@JobHandler(CommerceJob.VerifyPayment)
export class VerifyPaymentJob implements JobProcessor<VerifyPaymentData, VerifyPaymentResult> {
  constructor(private readonly settlement: PaymentSettlementService) {}

  handle(job: Job<VerifyPaymentData, VerifyPaymentResult>): Promise<VerifyPaymentResult> {
    return this.settlement.verify(job.data);
  }
}
