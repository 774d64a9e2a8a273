import { CURRENCY_CODE, NOT_LINKED_MESSAGE, PARENT_ROLE, payableAmountProblem, priceAfterDiscountPaise, type PurchaseResult } from '@academy/contracts';
import { traceHeaders, type AuthUser } from '@academy/service-core';
import { BadGatewayException, BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CatalogueClient, ProgressClient } from '../clients/service-clients.js';
import { CouponsService, type AppliedCoupon } from '../coupons/coupons.service.js';
import { InjectCommerceConfig, type CommerceConfig } from '../config/commerce-config.js';
import { PaymentSettlementService } from '../payments/payment-settlement.service.js';
import { GatewayError, RazorpayGateway } from '../razorpay/razorpay-gateway.js';
import type { Purchase } from './purchase.entity.js';
import { PurchasesRepository } from './purchases.repository.js';

export const ALREADY_ENROLLED = 'Already Enrolled';
/** A pending order closer than this to its expiry (5 minutes, or a sixth of a short test TTL) is replaced, not handed out again. */
const orderReuseMarginMs = (ttlMs: number) => Math.min(5 * 60_000, ttlMs / 6);

/** Who is enrolled by a purchase: the caller, or the linked child a parent buys for. */
interface Learner {
  id: string;
  name: string;
  email: string;
  imageUrl: string;
}

/**
 * POST /api/user/purchase. The amount comes from catalogue's current price and discount, in paise. Purchases of
 * one learner for one course are serialised by an advisory lock, so a double click makes one pending purchase.
 * The Razorpay order is created AFTER that transaction commits (a slow Razorpay never holds a PostgreSQL
 * connection or the lock) and attached with a conditional update: when two calls race, the first order attached
 * wins and both answer with it (the other order is never shown and expires unpaid at Razorpay). A pending purchase
 * whose order could not be created gets one on the next call, or is expired by reconciliation.
 * With `learnerId`, a parent buys for a linked child (progress says whether they are linked): the child is the
 * learner, the parent the payer.
 */
@Injectable()
export class PurchasesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly purchases: PurchasesRepository,
    private readonly catalogue: CatalogueClient,
    private readonly progress: ProgressClient,
    private readonly razorpay: RazorpayGateway,
    private readonly settlement: PaymentSettlementService,
    private readonly coupons: CouponsService,
    @InjectCommerceConfig() private readonly config: CommerceConfig,
  ) {}

  async purchase(user: AuthUser, courseId: string, learnerId?: string, couponCode?: string): Promise<PurchaseResult & { message: string }> {
    const learner = await this.learnerFor(user, learnerId);
    const course = await this.catalogue.course(courseId);
    if (!course.isPublished) throw new NotFoundException('Course not found');
    const listPricePaise = priceAfterDiscountPaise(course.coursePrice, course.discount);
    const problem = payableAmountProblem(listPricePaise);
    if (problem) throw new BadRequestException(`This course cannot be bought: ${problem}`);
    // The code is priced here, from catalogue's price: whatever figure the page showed is never used.
    const coupon: AppliedCoupon | null = couponCode ? await this.coupons.price(couponCode, course, learner.id) : null;
    const amountPaise = coupon?.pricePaise ?? listPricePaise;

    const outcome = await this.dataSource.transaction(async (manager) => {
      await this.purchases.lockLearnerCourse(manager, learner.id, courseId);
      // One read for both (the lock is held until commit: every round trip here keeps a pooled connection).
      const open = await this.purchases.openOf(manager, learner.id, courseId);
      const paid = open.find((row) => row.status === 'paid');
      if (paid?.enrolledAt) throw new ConflictException(ALREADY_ENROLLED);
      if (paid) return { kind: 'enrol' as const, purchase: paid }; // paid, enrolment still owed: finish it

      const pending = open.find((row) => row.status === 'pending');
      // An order that expires within the next minutes is not handed out again: Checkout could not finish in time.
      const orderStillOpen = (row: Purchase) => row.orderExpiresAt === null || row.orderExpiresAt.getTime() - Date.now() > orderReuseMarginMs(this.config.ORDER_TTL_MS);
      const sameCoupon = (row: Purchase) => row.couponCode === (coupon?.code ?? null);
      if (pending && pending.amountPaise === amountPaise && sameCoupon(pending) && pending.payerId === user.id && orderStillOpen(pending)) {
        return { kind: 'order' as const, purchase: pending };
      }
      if (pending) {
        // The price changed since, someone else (the child, or another parent) is paying now, or the order is
        // expiring: that order is closed (a payment made for it all the same enrols only at today's price, else it
        // is refunded, by settlement). Its coupon use, if any, is given back by the trigger on purchases.
        const reason =
          pending.payerId !== user.id ? 'Replaced by another payer' : pending.amountPaise !== amountPaise || !sameCoupon(pending) ? 'Price changed' : 'Order expired';
        await this.purchases.close(manager, pending.id, reason);
      }
      const purchase = await this.purchases.insert(manager, {
        id: randomUUID(),
        userId: learner.id,
        payerId: user.id,
        payerName: user.name,
        payerEmail: user.email,
        courseId,
        educatorId: course.educatorId,
        amountPaise,
        listPricePaise,
        discountPaise: listPricePaise - amountPaise,
        couponCode: coupon?.code ?? null,
        currency: CURRENCY_CODE,
        status: 'pending',
        studentName: learner.name,
        studentEmail: learner.email,
        studentImageUrl: learner.imageUrl,
        courseTitle: course.courseTitle,
        razorpayOrderId: null,
        razorpayPaymentId: null,
        orderExpiresAt: null,
        failureReason: null,
        paidAt: null,
        enrolledAt: null,
        traceParent: traceHeaders().traceparent ?? null,
      });
      if (coupon) await this.coupons.takeUse(manager, coupon, purchase.id, learner.id);
      if (amountPaise === 0) {
        // Free (or free with a 100 % code): recorded as a paid purchase of ₹0 (it counts as an enrolment in the educator's totals).
        await this.settlement.markPaid(purchase, null, manager);
        return { kind: 'enrol' as const, purchase };
      }
      return { kind: 'order' as const, purchase };
    });

    const { purchase } = outcome;
    if (outcome.kind === 'enrol') {
      await this.settlement.enrol(purchase);
      return { purchaseId: purchase.id, enrolled: true, message: coupon ? 'Enrolled for free with the coupon' : 'Enrolled in the free course' };
    }
    // Outside any transaction: the pooled connection went back when the transaction above committed.
    const orderId = purchase.razorpayOrderId ?? (await this.attachOrder(purchase, ...(await this.createOrder(purchase))));
    return {
      purchaseId: purchase.id,
      order: { id: orderId, amount: purchase.amountPaise, currency: purchase.currency },
      keyId: this.config.RAZORPAY_KEY_ID,
      message: 'Order created',
    };
  }

  purchaseOf(purchaseId: string): Promise<Purchase | null> {
    return this.purchases.byId(purchaseId);
  }

  /** Attaches the order unless another call attached one first; returns the order the purchase keeps. */
  private async attachOrder(purchase: Purchase, orderId: string, expiresAt: Date): Promise<string> {
    const attached = await this.purchases.attachOrder(purchase.id, orderId, expiresAt);
    if (attached) return attached;
    const kept = await this.purchases.orderIdOf(purchase.id);
    if (!kept) throw new BadGatewayException('The payment provider could not create the order');
    return kept;
  }

  /** The caller, or (for a parent with `learnerId`) the linked child; 403 for a non-parent, 404 when not linked. */
  private async learnerFor(user: AuthUser, learnerId: string | undefined): Promise<Learner> {
    if (learnerId === undefined || learnerId === user.id) return { id: user.id, name: user.name, email: user.email, imageUrl: user.imageUrl };
    // A parent by the token's role or by the role chosen at sign-up, which progress records.
    const link = await this.progress.parentLink(user.id, learnerId);
    if (!user.roles.includes(PARENT_ROLE) && !link.chosenParentRole) throw new ForbiddenException('Only parent accounts can buy a course for someone else');
    if (!link.linked || !link.child) throw new NotFoundException(NOT_LINKED_MESSAGE);
    return link.child;
  }

  /** The order and when it stops taking payments (`expire_by`, ORDER_TTL_MS from now). */
  private async createOrder(purchase: Purchase): Promise<[string, Date]> {
    const expiresAt = new Date(Math.floor((Date.now() + this.config.ORDER_TTL_MS) / 1000) * 1000);
    try {
      const order = await this.razorpay.createOrder({
        expire_by: expiresAt.getTime() / 1000,
        amount: purchase.amountPaise,
        currency: purchase.currency,
        receipt: purchase.id,
        payment_capture: this.config.RAZORPAY_AUTO_CAPTURE,
        notes: {
          purchaseId: purchase.id,
          courseId: purchase.courseId,
          userId: purchase.userId,
          payerId: purchase.payerId,
          courseTitle: purchase.courseTitle.slice(0, 200),
          // Who the course is for, when a parent pays for a child (Razorpay's dashboard shows the notes).
          ...(purchase.userId !== purchase.payerId ? { learnerName: purchase.studentName.slice(0, 200) } : {}),
        },
      });
      return [order.id, expiresAt];
    } catch (error) {
      throw new BadGatewayException(
        `The payment provider could not create the order${error instanceof GatewayError ? `: ${error.message}` : ''}`,
      );
    }
  }
}
