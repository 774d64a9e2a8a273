import {
  COUPON_REFUSALS,
  couponPricePaise,
  priceAfterDiscountPaise,
  type CouponPrice,
  type CreateCouponRequest,
  type EducatorCoupon,
  type InternalCourse,
} from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { ConflictException, ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CatalogueClient } from '../clients/service-clients.js';
import { CouponsRepository, type CouponWithUsesRow } from './coupons.repository.js';

/** A code that may be used on a course now, and the price it gives. */
export interface AppliedCoupon extends CouponPrice {
  couponId: string;
}

const INDIA_OFFSET = '+05:30';
const DAY_MS = 24 * 60 * 60_000;
/** The first instant of an Indian calendar day. */
const startOfIndianDay = (day: string) => new Date(`${day}T00:00:00${INDIA_OFFSET}`);
/** The Indian calendar day (yyyy-mm-dd) an instant falls on. */
const indianDay = (at: Date) => new Date(at.getTime() + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);

const isUniqueViolation = (error: unknown, constraint: string) => {
  const driver = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
  return driver?.code === '23505' && driver.constraint === constraint;
};

/**
 * Coupon codes: created by an educator for one of their courses or all of them; priced on the server; one use
 * taken per purchase inside the purchase's transaction by a conditional update that cannot pass the total
 * (concurrent buyers wait on the coupon's row and the last ones are told it is used up). Uses come back through the
 * trigger on purchases (migrations/1770400000000-Coupons.ts) when a purchase is refunded or its order expires.
 */
@Injectable()
export class CouponsService {
  constructor(
    private readonly coupons: CouponsRepository,
    private readonly catalogue: CatalogueClient,
  ) {}

  async create(educator: AuthUser, request: CreateCouponRequest): Promise<EducatorCoupon> {
    let courseTitle: string | null = null;
    if (request.courseId !== null) {
      const course = await this.catalogue.course(request.courseId);
      if (course.educatorId !== educator.id) throw new ForbiddenException('You can create codes only for your own courses');
      courseTitle = course.courseTitle;
    }
    const startsAt = startOfIndianDay(request.startsOn);
    const endsAt = new Date(startOfIndianDay(request.endsOn).getTime() + DAY_MS);
    try {
      const row = await this.coupons.insert({
        code: request.code,
        educatorId: educator.id,
        courseId: request.courseId,
        courseTitle,
        kind: request.kind,
        percentOff: request.kind === 'percent' ? (request.percentOff ?? null) : null,
        amountOffPaise: request.kind === 'flat' ? (request.amountOffPaise ?? null) : null,
        startsAt,
        endsAt,
        maxUses: request.maxUses,
      });
      return toEducatorCoupon({ ...row, redemptions: '0', revenue_paise: '0' });
    } catch (error) {
      if (isUniqueViolation(error, 'coupons_code_idx')) throw new ConflictException('This code is already taken: choose another');
      throw error;
    }
  }

  /** The educator's own codes, newest first, with paid uses and the revenue they brought net of refunds. */
  async list(educatorId: string): Promise<EducatorCoupon[]> {
    const rows = await this.coupons.ofEducator(educatorId);
    return rows.map(toEducatorCoupon);
  }

  /**
   * The price `code` gives `learnerId` on `course` now, or a refusal saying why (404 unknown; 422 not yet valid,
   * expired, not for this course, course already free; 409 used up or already used by this learner).
   */
  async price(code: string, course: InternalCourse, learnerId: string, manager?: EntityManager): Promise<AppliedCoupon> {
    const coupon = await this.coupons.byCode(code, manager);
    if (!coupon) throw new NotFoundException(COUPON_REFUSALS.unknown);
    const forCourse = coupon.course_id === null ? coupon.educator_id === course.educatorId : coupon.course_id === course._id;
    if (!forCourse) throw new UnprocessableEntityException(COUPON_REFUSALS.notForCourse);
    const now = Date.now();
    if (now < new Date(coupon.starts_at).getTime()) throw new UnprocessableEntityException(COUPON_REFUSALS.notStarted);
    if (now >= new Date(coupon.ends_at).getTime()) throw new UnprocessableEntityException(COUPON_REFUSALS.expired);
    // Used already: a paid purchase with it, or an order awaiting payment for another course (an order for this
    // course is the one the learner is about to pay, and is handed out again).
    if (await this.coupons.usedByLearner(coupon.id, learnerId, course._id, manager)) throw new ConflictException(COUPON_REFUSALS.alreadyUsed);
    if (coupon.used_count >= coupon.max_uses) throw new ConflictException(COUPON_REFUSALS.usedUp);
    const listPricePaise = priceAfterDiscountPaise(course.coursePrice, course.discount);
    if (listPricePaise === 0) throw new UnprocessableEntityException(COUPON_REFUSALS.freeCourse);
    const pricePaise = couponPricePaise(listPricePaise, {
      kind: coupon.kind,
      percentOff: coupon.percent_off,
      amountOffPaise: coupon.amount_off_paise === null ? null : Number(coupon.amount_off_paise),
    });
    return { couponId: coupon.id, code: coupon.code, listPricePaise, discountPaise: listPricePaise - pricePaise, pricePaise };
  }

  /**
   * Takes one use for the purchase, in the purchase's transaction. The update passes only while uses remain and
   * the code is within its dates; the coupon's row stays locked until the transaction ends, so concurrent buyers
   * take turns and none passes the total.
   */
  async takeUse(manager: EntityManager, coupon: AppliedCoupon, purchaseId: string, learnerId: string): Promise<void> {
    if (!(await this.coupons.takeUse(manager, coupon.couponId))) {
      throw (await this.coupons.hasExpired(manager, coupon.couponId)) ? new UnprocessableEntityException(COUPON_REFUSALS.expired) : new ConflictException(COUPON_REFUSALS.usedUp);
    }
    try {
      await this.coupons.insertRedemption(manager, { purchaseId, couponId: coupon.couponId, learnerId });
    } catch (error) {
      // The transaction is rolled back by the throw: the use taken above goes back with it.
      if (isUniqueViolation(error, 'coupon_redemptions_one_per_learner_idx')) throw new ConflictException(COUPON_REFUSALS.alreadyUsed);
      throw error;
    }
  }
}

function toEducatorCoupon(row: CouponWithUsesRow): EducatorCoupon {
  return {
    id: row.id,
    code: row.code,
    courseId: row.course_id,
    courseTitle: row.course_title,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOffPaise: row.amount_off_paise === null ? null : Number(row.amount_off_paise),
    startsOn: indianDay(new Date(row.starts_at)),
    endsOn: indianDay(new Date(new Date(row.ends_at).getTime() - 1)),
    maxUses: row.max_uses,
    usedCount: row.used_count,
    redemptions: Number(row.redemptions),
    revenuePaise: Number(row.revenue_paise),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
