import type { LearnerPurchasesAnswer, RefundRequestAnswer } from '@academy/contracts';
import { CurrentUser, type AuthUser } from '@academy/service-core';
import { BadRequestException, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { PaymentsRateLimitGuard } from '../purchases/payments-rate-limit.guard.js';
import { RefundsService } from './refunds.service.js';

/**
 * The learner's purchases (My Enrollments' refund column, the purchase history) and the 7-day refund: asks
 * Razorpay once (idempotent); the refund completes when Razorpay processes it.
 */
@Controller('api/user/purchases')
@UseGuards(PaymentsRateLimitGuard)
export class RefundsController {
  constructor(private readonly refunds: RefundsService) {}

  /** The purchases the caller paid for (their own, or a child's), newest first, each with its refund and whether a refund may be asked for now. */
  @Get()
  async list(@CurrentUser() user: AuthUser): Promise<LearnerPurchasesAnswer> {
    return { success: true, purchases: await this.refunds.purchasesOfPayer(user.id) };
  }

  @Post(':purchaseId/refund')
  @HttpCode(200)
  async requestRefund(
    @CurrentUser() user: AuthUser,
    @Param('purchaseId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('purchaseId must be a valid purchase id') }))
    purchaseId: string,
  ): Promise<RefundRequestAnswer> {
    return { success: true, ...(await this.refunds.requestByPayer(user.id, purchaseId)) };
  }
}
