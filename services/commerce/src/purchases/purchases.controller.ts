import {
  purchaseRequestSchema,
  verifyPaymentRequestSchema,
  type PurchaseRequest,
  type PurchaseResult,
  type VerifyPaymentRequest,
} from '@academy/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, GatewayTimeoutException, HttpCode, Post, UseGuards } from '@nestjs/common';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { VerificationQueue } from '../payments/verification-queue.js';
import { isValidPaymentSignature } from '../razorpay/signatures.js';
import { PaymentsRateLimitGuard } from './payments-rate-limit.guard.js';
import { PurchasesService } from './purchases.service.js';

@Controller('api/user')
@UseGuards(PaymentsRateLimitGuard)
export class PurchasesController {
  constructor(
    private readonly purchases: PurchasesService,
    private readonly verification: VerificationQueue,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  @Post('purchase')
  @HttpCode(200)
  async purchase(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(purchaseRequestSchema)) body: PurchaseRequest,
  ): Promise<{ success: true } & PurchaseResult> {
    return { success: true, ...(await this.purchases.purchase(user, body.courseId, body.learnerId, body.couponCode)) };
  }

  /**
   * Cheap checks first (so nobody can park a refusal under another learner's order id), then the order's
   * verification job — which checks everything again — and a bounded wait for its answer.
   */
  @Post('verifyRazorpay')
  @HttpCode(200)
  async verify(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(verifyPaymentRequestSchema)) body: VerifyPaymentRequest,
  ): Promise<{ success: boolean; message: string }> {
    const purchase = await this.purchases.purchaseOf(body.purchaseId);
    if (!purchase || purchase.payerId !== user.id) return { success: false, message: 'Purchase not found' };
    if (purchase.razorpayOrderId !== body.razorpay_order_id) return { success: false, message: 'This payment is not for this purchase' };
    if (!isValidPaymentSignature(body.razorpay_order_id, body.razorpay_payment_id, body.razorpay_signature, this.config.RAZORPAY_KEY_SECRET)) {
      return { success: false, message: 'Payment signature is invalid' };
    }
    try {
      const result = await this.verification.verifyAndWait(
        {
          orderId: body.razorpay_order_id,
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
          purchaseId: body.purchaseId,
          userId: user.id,
          source: 'checkout',
        },
        this.config.VERIFY_WAIT_MS,
      );
      return { success: result.success, message: result.message };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/timed out/i.test(message)) {
        throw new GatewayTimeoutException('Payment verification is taking longer than expected; your enrolment will appear shortly');
      }
      return { success: false, message: 'Payment could not be verified' };
    }
  }
}
