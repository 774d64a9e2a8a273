import {
  COUPON_REFUSALS,
  couponPricePaise,
  priceAfterDiscountPaise,
  type CouponKind,
  type CouponPrice,
  type CreateCouponRequest,
  type EducatorCoupon,
  type InternalCourse,
} from '@academy/contracts';
import type { AuthUser } from '@academy/service-core';
import { ConflictException, ForbiddenException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueClient } from '../clients/service-clients.js';

interface CouponRow {
  id: string;
  code: string;
  educator_id: string;
  course_id: string | null;
  course_title: string | null;
  kind: CouponKind;
  percent_off: number | null;
  amount_off_paise: string | null;
  starts_at: Date;
  ends_at: Date;
  max_uses: number;
  used_count: number;
  created_at: Date;
}

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

const rowsOf = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0]! : (result as T[]));
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
    private readonly dataSource: DataSource,
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
      const [row] = rowsOf<CouponRow>(
        await this.dataSource.query(
          `INSERT INTO "commerce"."coupons" ("id", "code", "educator_id", "course_id", "course_title", "kind", "percent_off", "amount_off_paise", "starts_at", "ends_at", "max_uses")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
          [
            randomUUID(),
            request.code,
            educator.id,
            request.courseId,
            courseTitle,
            request.kind,
            request.kind === 'percent' ? request.percentOff : null,
            request.kind === 'flat' ? request.amountOffPaise : null,
            startsAt,
            endsAt,
            request.maxUses,
          ],
        ),
      );
      return toEducatorCoupon({ ...row!, redemptions: '0', revenue_paise: '0' });
    } catch (error) {
      if (isUniqueViolation(error, 'coupons_code_idx')) throw new ConflictException('This code is already taken: choose another');
      throw error;
    }
  }

  /** The educator's own codes, newest first, with paid uses and the revenue they brought net of refunds. */
  async list(educatorId: string): Promise<EducatorCoupon[]> {
    const rows = (await this.dataSource.query(
      `SELECT c.*, COUNT(p."id") AS "redemptions", COALESCE(SUM(p."amount_paise" - p."refunded_paise"), 0) AS "revenue_paise"
         FROM "commerce"."coupons" c
         LEFT JOIN "commerce"."coupon_redemptions" r ON r."coupon_id" = c."id" AND r."status" = 'redeemed'
         LEFT JOIN "commerce"."purchases" p ON p."id" = r."purchase_id"
        WHERE c."educator_id" = $1
        GROUP BY c."id"
        ORDER BY c."created_at" DESC
        LIMIT 500`,
      [educatorId],
    )) as (CouponRow & { redemptions: string; revenue_paise: string })[];
    return rows.map(toEducatorCoupon);
  }

  /**
   * The price `code` gives `learnerId` on `course` now, or a refusal saying why (404 unknown; 422 not yet valid,
   * expired, not for this course, course already free; 409 used up or already used by this learner).
   */
  async price(code: string, course: InternalCourse, learnerId: string, manager: EntityManager = this.dataSource.manager): Promise<AppliedCoupon> {
    const [coupon] = (await manager.query(`SELECT * FROM "commerce"."coupons" WHERE "code" = $1`, [code])) as CouponRow[];
    if (!coupon) throw new NotFoundException(COUPON_REFUSALS.unknown);
    const forCourse = coupon.course_id === null ? coupon.educator_id === course.educatorId : coupon.course_id === course._id;
    if (!forCourse) throw new UnprocessableEntityException(COUPON_REFUSALS.notForCourse);
    const now = Date.now();
    if (now < new Date(coupon.starts_at).getTime()) throw new UnprocessableEntityException(COUPON_REFUSALS.notStarted);
    if (now >= new Date(coupon.ends_at).getTime()) throw new UnprocessableEntityException(COUPON_REFUSALS.expired);
    // Used already: a paid purchase with it, or an order awaiting payment for another course (an order for this
    // course is the one the learner is about to pay, and is handed out again).
    const [used] = (await manager.query(
      `SELECT 1 FROM "commerce"."coupon_redemptions" r JOIN "commerce"."purchases" p ON p."id" = r."purchase_id"
        WHERE r."coupon_id" = $1 AND r."user_id" = $2 AND (r."status" = 'redeemed' OR (r."status" = 'reserved' AND p."course_id" <> $3))`,
      [coupon.id, learnerId, course._id],
    )) as unknown[];
    if (used) throw new ConflictException(COUPON_REFUSALS.alreadyUsed);
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
    const taken = rowsOf<{ id: string }>(
      await manager.query(
        `UPDATE "commerce"."coupons" SET "used_count" = "used_count" + 1
          WHERE "id" = $1 AND "used_count" < "max_uses" AND now() >= "starts_at" AND now() < "ends_at" RETURNING "id"`,
        [coupon.couponId],
      ),
    );
    if (!taken[0]) {
      const [state] = (await manager.query(`SELECT now() >= "ends_at" AS "expired" FROM "commerce"."coupons" WHERE "id" = $1`, [coupon.couponId])) as {
        expired: boolean;
      }[];
      throw state?.expired ? new UnprocessableEntityException(COUPON_REFUSALS.expired) : new ConflictException(COUPON_REFUSALS.usedUp);
    }
    try {
      await manager.query(
        `INSERT INTO "commerce"."coupon_redemptions" ("purchase_id", "coupon_id", "user_id") VALUES ($1, $2, $3)`,
        [purchaseId, coupon.couponId, learnerId],
      );
    } catch (error) {
      // The transaction is rolled back by the throw: the use taken above goes back with it.
      if (isUniqueViolation(error, 'coupon_redemptions_one_per_learner_idx')) throw new ConflictException(COUPON_REFUSALS.alreadyUsed);
      throw error;
    }
  }
}

function toEducatorCoupon(row: CouponRow & { redemptions: string; revenue_paise: string }): EducatorCoupon {
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
