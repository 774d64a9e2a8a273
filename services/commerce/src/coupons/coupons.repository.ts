import type { CouponKind } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from '../returned-rows.js';

export interface CouponRow {
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

/** A coupon with its paid uses and the revenue they brought net of refunds. */
export interface CouponWithUsesRow extends CouponRow {
  redemptions: string;
  revenue_paise: string;
}

export interface NewCoupon {
  code: string;
  educatorId: string;
  courseId: string | null;
  courseTitle: string | null;
  kind: CouponKind;
  percentOff: number | null;
  amountOffPaise: number | null;
  startsAt: Date;
  endsAt: Date;
  maxUses: number;
}

/**
 * commerce.coupons and commerce.coupon_redemptions (one per purchase that used a code). Uses come back through the
 * trigger on purchases (migrations/1770400000000-Coupons.ts). Methods taking an EntityManager run inside the
 * caller's transaction (the purchase's).
 */
@Injectable()
export class CouponsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts the coupon (a taken code fails on coupons_code_idx). */
  async insert(coupon: NewCoupon): Promise<CouponRow> {
    const [row] = returnedRows<CouponRow>(
      await this.dataSource.query(
        `INSERT INTO "commerce"."coupons" ("id", "code", "educator_id", "course_id", "course_title", "kind", "percent_off", "amount_off_paise", "starts_at", "ends_at", "max_uses")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
        [randomUUID(), coupon.code, coupon.educatorId, coupon.courseId, coupon.courseTitle, coupon.kind, coupon.percentOff, coupon.amountOffPaise,
          coupon.startsAt, coupon.endsAt, coupon.maxUses],
      ),
    );
    return row!;
  }

  /** The educator's own codes, newest first, with their uses. */
  async ofEducator(educatorId: string): Promise<CouponWithUsesRow[]> {
    return (await this.dataSource.query(
      `SELECT c.*, COUNT(p."id") AS "redemptions", COALESCE(SUM(p."amount_paise" - p."refunded_paise"), 0) AS "revenue_paise"
         FROM "commerce"."coupons" c
         LEFT JOIN "commerce"."coupon_redemptions" r ON r."coupon_id" = c."id" AND r."status" = 'redeemed'
         LEFT JOIN "commerce"."purchases" p ON p."id" = r."purchase_id"
        WHERE c."educator_id" = $1
        GROUP BY c."id"
        ORDER BY c."created_at" DESC
        LIMIT 500`,
      [educatorId],
    )) as CouponWithUsesRow[];
  }

  async byCode(code: string, manager: EntityManager = this.dataSource.manager): Promise<CouponRow | undefined> {
    const [coupon] = (await manager.query(`SELECT * FROM "commerce"."coupons" WHERE "code" = $1`, [code])) as CouponRow[];
    return coupon;
  }

  /**
   * Whether the learner used the coupon already: a paid purchase with it, or an order awaiting payment for another
   * course (an order for `courseId` is the one the learner is about to pay).
   */
  async usedByLearner(couponId: string, learnerId: string, courseId: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [used] = (await manager.query(
      `SELECT 1 FROM "commerce"."coupon_redemptions" r JOIN "commerce"."purchases" p ON p."id" = r."purchase_id"
        WHERE r."coupon_id" = $1 AND r."user_id" = $2 AND (r."status" = 'redeemed' OR (r."status" = 'reserved' AND p."course_id" <> $3))`,
      [couponId, learnerId, courseId],
    )) as unknown[];
    return used !== undefined;
  }

  /**
   * Takes one use while uses remain and the code is within its dates; the row stays locked until the transaction
   * ends. False when none was taken.
   */
  async takeUse(manager: EntityManager, couponId: string): Promise<boolean> {
    const taken = returnedRows<{ id: string }>(
      await manager.query(
        `UPDATE "commerce"."coupons" SET "used_count" = "used_count" + 1
          WHERE "id" = $1 AND "used_count" < "max_uses" AND now() >= "starts_at" AND now() < "ends_at" RETURNING "id"`,
        [couponId],
      ),
    );
    return taken[0] !== undefined;
  }

  async hasExpired(manager: EntityManager, couponId: string): Promise<boolean> {
    const [state] = (await manager.query(`SELECT now() >= "ends_at" AS "expired" FROM "commerce"."coupons" WHERE "id" = $1`, [couponId])) as {
      expired: boolean;
    }[];
    return state?.expired ?? false;
  }

  /** The purchase's redemption (one per learner and coupon: coupon_redemptions_one_per_learner_idx). */
  async insertRedemption(manager: EntityManager, redemption: { purchaseId: string; couponId: string; learnerId: string }): Promise<void> {
    await manager.query(`INSERT INTO "commerce"."coupon_redemptions" ("purchase_id", "coupon_id", "user_id") VALUES ($1, $2, $3)`, [
      redemption.purchaseId,
      redemption.couponId,
      redemption.learnerId,
    ]);
  }
}
