import { CurrentUser, type AuthUser } from '@academy/service-core';
import { BadRequestException, Controller, HttpCode, NotFoundException, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PaymentsRateLimitGuard } from '../purchases/payments-rate-limit.guard.js';
import { Purchase } from '../purchases/purchase.entity.js';
import { refundIneligibility, RefundsService } from './refunds.service.js';

/** The learner's 7-day refund: asks Razorpay once (idempotent); the refund completes when Razorpay processes it. */
@Controller('api/user/purchases')
@UseGuards(PaymentsRateLimitGuard)
export class RefundsController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: RefundsService,
  ) {}

  @Post(':purchaseId/refund')
  @HttpCode(200)
  async requestRefund(
    @CurrentUser() user: AuthUser,
    @Param('purchaseId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('purchaseId must be a valid purchase id') }))
    purchaseId: string,
  ): Promise<{ success: true; message: string; refund: { status: string; amountPaise: number } }> {
    const purchase = await this.dataSource.getRepository(Purchase).findOne({ where: { id: purchaseId } });
    // Another account's purchase answers as an unknown one; the payer (a parent, for a child) asks for the refund.
    if (!purchase || purchase.payerId !== user.id) throw new NotFoundException('Purchase not found');
    const [existing] = (await this.dataSource.query(
      `SELECT "status", "amount_paise" FROM "commerce"."refunds" WHERE "purchase_id" = $1 AND "razorpay_payment_id" = $2`,
      [purchase.id, purchase.razorpayPaymentId],
    )) as { status: string; amount_paise: string }[];
    if (existing && existing.status !== 'requested') {
      return { success: true, message: 'Refund already requested', refund: { status: existing.status, amountPaise: Number(existing.amount_paise) } };
    }
    const reason = refundIneligibility(purchase);
    if (reason) throw new BadRequestException(reason);
    const row = await this.refunds.refund(purchase.id, purchase.razorpayPaymentId!, purchase.amountPaise, 'learner_request');
    return { success: true, message: 'Refund requested', refund: { status: row.status, amountPaise: Number(row.amount_paise) } };
  }
}
