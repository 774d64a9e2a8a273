import { REFUND_BLOCKED, type LearnerPurchase, type LearnerPurchasesAnswer, type RefundRequestAnswer } from '@academy/contracts';
import { CurrentUser, type AuthUser } from '@academy/service-core';
import {
  BadRequestException,
  Controller,
  Get,
  HttpCode,
  Logger,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  UseGuards,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ProgressClient } from '../clients/service-clients.js';
import { PaymentsRateLimitGuard } from '../purchases/payments-rate-limit.guard.js';
import { Purchase } from '../purchases/purchase.entity.js';
import { ReceiptsService } from '../receipts/receipts.service.js';
import { refundIneligibility } from './refund-eligibility.js';
import { RefundsService } from './refunds.service.js';

interface PurchaseListRow {
  id: string;
  /** The learner (the payer's child when a parent paid). */
  user_id: string;
  student_name: string;
  course_id: string;
  course_title: string;
  amount_paise: number;
  refunded_paise: string;
  status: LearnerPurchase['status'];
  created_at: Date;
  paid_at: Date | null;
  refund_status: NonNullable<LearnerPurchase['refund']>['status'] | null;
  refund_amount_paise: string | null;
  refund_created_at: Date | null;
  refund_processed_at: Date | null;
}

const CERTIFICATES_UNKNOWN = 'Refund eligibility cannot be checked right now; please try again later';

/**
 * The learner's purchases (My Enrollments' refund column, the purchase history) and the 7-day refund: asks
 * Razorpay once (idempotent); the refund completes when Razorpay processes it.
 */
@Controller('api/user/purchases')
@UseGuards(PaymentsRateLimitGuard)
export class RefundsController {
  private readonly logger = new Logger(RefundsController.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly refunds: RefundsService,
    private readonly progress: ProgressClient,
    private readonly receipts: ReceiptsService,
  ) {}

  /** The purchases the caller paid for (their own, or a child's), newest first, each with its refund and whether a refund may be asked for now. */
  @Get()
  async list(@CurrentUser() user: AuthUser): Promise<LearnerPurchasesAnswer> {
    const rows = (await this.dataSource.query(
      `SELECT p."id", p."user_id", p."student_name", p."course_id", p."course_title", p."amount_paise", p."refunded_paise", p."status", p."created_at", p."paid_at",
              r."status" AS refund_status, r."amount_paise" AS refund_amount_paise, r."created_at" AS refund_created_at,
              r."processed_at" AS refund_processed_at
         FROM "commerce"."purchases" p
         -- The refund the learner asked for, else the latest one made in Razorpay's dashboard (partial refunds add up in refunded_paise).
         LEFT JOIN LATERAL (
           SELECT * FROM "commerce"."refunds" r
            WHERE r."purchase_id" = p."id" AND r."razorpay_payment_id" = p."razorpay_payment_id"
            ORDER BY (r."reason" <> 'dashboard') DESC, r."created_at" DESC LIMIT 1) r ON true
        WHERE p."payer_id" = $1
        ORDER BY p."created_at" DESC
        LIMIT 500`,
      [user.id],
    )) as PurchaseListRow[];
    const receipts = await this.receipts.refsOfUser(user.id);
    // A parent sees a child's name and receipts only while the child is linked (asked of progress now, not remembered).
    const linkedChildren = await this.receipts.linkedLearners(user.id, rows.map((row) => row.user_id));
    // A certificate earned by the learner (the caller, or the child a parent paid for) ends the refund window.
    const learners = [...new Set(rows.filter((row) => row.status === 'paid').map((row) => row.user_id))];
    const certifiedByLearner = new Map<string, Set<string> | null>(
      await Promise.all(learners.map(async (learnerId) => [learnerId, await this.certificateCourses(learnerId).catch(() => null)] as const)),
    );
    const purchases = rows.map((row): LearnerPurchase => {
      const refund = row.refund_status
        ? {
            status: row.refund_status,
            amountPaise: Number(row.refund_amount_paise),
            requestedAt: new Date(row.refund_created_at!).toISOString(),
            processedAt: row.refund_processed_at ? new Date(row.refund_processed_at).toISOString() : null,
          }
        : null;
      const blocked =
        refund && refund.status !== 'requested'
          ? null
          : refundIneligibility({
              status: row.status,
              amountPaise: Number(row.amount_paise),
              paidAt: row.paid_at ? new Date(row.paid_at) : null,
              refundedPaise: Number(row.refunded_paise),
              certificateIssued: certifiedByLearner.get(row.user_id)?.has(row.course_id) ?? false,
            });
      const unknown = row.status === 'paid' && certifiedByLearner.get(row.user_id) === null && !blocked && !refund;
      return {
        purchaseId: row.id,
        courseId: row.course_id,
        courseTitle: row.course_title,
        amountPaise: Number(row.amount_paise),
        refundedPaise: Number(row.refunded_paise),
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
        paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
        refund,
        refundable: !refund && !blocked && !unknown,
        refundBlockedReason: refund && refund.status !== 'requested' ? null : unknown ? CERTIFICATES_UNKNOWN : blocked,
        receipts: row.user_id === user.id || linkedChildren.has(row.user_id) ? (receipts.get(row.id) ?? []) : [],
        learner:
          row.user_id === user.id
            ? null
            : { id: row.user_id, name: linkedChildren.has(row.user_id) ? row.student_name || 'Your child' : null, linked: linkedChildren.has(row.user_id) },
      };
    });
    return { success: true, purchases };
  }

  @Post(':purchaseId/refund')
  @HttpCode(200)
  async requestRefund(
    @CurrentUser() user: AuthUser,
    @Param('purchaseId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('purchaseId must be a valid purchase id') }))
    purchaseId: string,
  ): Promise<RefundRequestAnswer> {
    const purchase = await this.dataSource.getRepository(Purchase).findOne({ where: { id: purchaseId } });
    // Another account's purchase answers as an unknown one; the payer (a parent, for a child) asks for the refund.
    if (!purchase || purchase.payerId !== user.id) throw new NotFoundException('Purchase not found');
    const [existing] = (await this.dataSource.query(
      `SELECT "status", "amount_paise" FROM "commerce"."refunds" WHERE "purchase_id" = $1 AND "razorpay_payment_id" = $2 AND "reason" <> 'dashboard'`,
      [purchase.id, purchase.razorpayPaymentId],
    )) as { status: RefundRequestAnswer['refund']['status']; amount_paise: string }[];
    if (existing && existing.status !== 'requested') {
      return { success: true, message: 'Refund already requested', refund: { status: existing.status, amountPaise: Number(existing.amount_paise) } };
    }
    // Paid, not free, within the window, nothing refunded yet. Whether a certificate was issued is decided by progress
    // when access ends, atomically with issuing one (RefundsService.requestForLearner).
    const reason = refundIneligibility(purchase);
    if (reason) throw new BadRequestException(reason);
    const row = await this.refunds.requestForLearner({ id: purchase.id, razorpayPaymentId: purchase.razorpayPaymentId!, amountPaise: purchase.amountPaise });
    if (row === 'certificate') throw new BadRequestException(REFUND_BLOCKED.certificate);
    return { success: true, message: 'Refund requested', refund: { status: row.status, amountPaise: Number(row.amount_paise) } };
  }

  private async certificateCourses(userId: string): Promise<Set<string>> {
    try {
      return new Set(await this.progress.certificateCourseIds(userId));
    } catch (error) {
      this.logger.warn(`certificates of ${userId} unknown: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

}
