import type { EarningsGranularity } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PurchasePaidEvent } from '../queue/commerce-jobs.js';

type Rows<T> = T[];

/** Sales are grouped by Indian days, the days every page shows. */
const EARNINGS_TIME_ZONE = 'Asia/Kolkata';

/** A processed refund's negative entry (amountPaise: what was refunded, positive). */
export interface ReversalEntry {
  refundId: string;
  purchaseId: string;
  educatorId: string;
  courseId: string;
  amountPaise: number;
  endsEnrolment: boolean;
}

/** One period of the educator's earnings, as summed. */
export interface EarningsPeriodRow {
  period: string;
  total_paise: string;
  enrolments: string;
}

/**
 * commerce.earnings_ledger (one entry per paid purchase, keyed by it), commerce.earnings_reversals (one per
 * processed refund, keyed by it) and the aggregates kept beside them: per course, per educator, per educator and
 * Indian day. Writes run inside the caller's transaction.
 */
@Injectable()
export class EarningsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The purchase's ledger entry; false when it is there already. */
  async insertSale(manager: EntityManager, sale: PurchasePaidEvent): Promise<boolean> {
    const inserted: Rows<{ purchase_id: string }> = await manager.query(
      `INSERT INTO "commerce"."earnings_ledger" ("purchase_id", "educator_id", "course_id", "amount_paise", "day")
       VALUES ($1, $2, $3, $4, ($5::timestamptz AT TIME ZONE '${EARNINGS_TIME_ZONE}')::date)
       ON CONFLICT ("purchase_id") DO NOTHING RETURNING "purchase_id"`,
      [sale.purchaseId, sale.educatorId, sale.courseId, sale.amountPaise, sale.paidAt],
    );
    return inserted.length > 0;
  }

  /** Adds a sale (one enrolment) to the course's, the educator's and the educator's day's totals. */
  async addSaleToTotals(manager: EntityManager, sale: PurchasePaidEvent): Promise<void> {
    await manager.query(
      `INSERT INTO "commerce"."course_earnings" ("course_id", "educator_id", "total_paise", "enrolments") VALUES ($1, $2, $3, 1)
       ON CONFLICT ("course_id") DO UPDATE SET "total_paise" = "course_earnings"."total_paise" + EXCLUDED."total_paise",
         "enrolments" = "course_earnings"."enrolments" + 1`,
      [sale.courseId, sale.educatorId, sale.amountPaise],
    );
    await manager.query(
      `INSERT INTO "commerce"."educator_earnings" ("educator_id", "total_paise", "enrolments") VALUES ($1, $2, 1)
       ON CONFLICT ("educator_id") DO UPDATE SET "total_paise" = "educator_earnings"."total_paise" + EXCLUDED."total_paise",
         "enrolments" = "educator_earnings"."enrolments" + 1`,
      [sale.educatorId, sale.amountPaise],
    );
    await manager.query(
      `INSERT INTO "commerce"."educator_daily_earnings" ("educator_id", "day", "total_paise", "enrolments")
       VALUES ($1, ($2::timestamptz AT TIME ZONE '${EARNINGS_TIME_ZONE}')::date, $3, 1)
       ON CONFLICT ("educator_id", "day") DO UPDATE SET "total_paise" = "educator_daily_earnings"."total_paise" + EXCLUDED."total_paise",
         "enrolments" = "educator_daily_earnings"."enrolments" + 1`,
      [sale.educatorId, sale.paidAt, sale.amountPaise],
    );
  }

  /** The refund's negative entry, on today's Indian day; false when it is there already. */
  async insertReversal(manager: EntityManager, entry: ReversalEntry): Promise<boolean> {
    const inserted: Rows<{ refund_id: string }> = await manager.query(
      `INSERT INTO "commerce"."earnings_reversals" ("refund_id", "purchase_id", "educator_id", "course_id", "amount_paise", "day", "ends_enrolment")
       VALUES ($1, $2, $3, $4, $5, (now() AT TIME ZONE '${EARNINGS_TIME_ZONE}')::date, $6) ON CONFLICT ("refund_id") DO NOTHING RETURNING "refund_id"`,
      [entry.refundId, entry.purchaseId, entry.educatorId, entry.courseId, -entry.amountPaise, entry.endsEnrolment],
    );
    return inserted.length > 0;
  }

  /** Takes the refunded amount and `enrolments` (0 or 1) off the course's, the educator's and today's totals. */
  async subtractFromTotals(manager: EntityManager, entry: ReversalEntry, enrolments: number): Promise<void> {
    await manager.query(
      `INSERT INTO "commerce"."course_earnings" ("course_id", "educator_id", "total_paise", "enrolments") VALUES ($1, $2, $3, -$4::int)
       ON CONFLICT ("course_id") DO UPDATE SET "total_paise" = "course_earnings"."total_paise" + EXCLUDED."total_paise",
         "enrolments" = "course_earnings"."enrolments" - $4::int`,
      [entry.courseId, entry.educatorId, -entry.amountPaise, enrolments],
    );
    await manager.query(
      `INSERT INTO "commerce"."educator_earnings" ("educator_id", "total_paise", "enrolments") VALUES ($1, $2, -$3::int)
       ON CONFLICT ("educator_id") DO UPDATE SET "total_paise" = "educator_earnings"."total_paise" + EXCLUDED."total_paise",
         "enrolments" = "educator_earnings"."enrolments" - $3::int`,
      [entry.educatorId, -entry.amountPaise, enrolments],
    );
    await manager.query(
      `INSERT INTO "commerce"."educator_daily_earnings" ("educator_id", "day", "total_paise", "enrolments")
       VALUES ($1, (now() AT TIME ZONE '${EARNINGS_TIME_ZONE}')::date, $2, -$3::int)
       ON CONFLICT ("educator_id", "day") DO UPDATE SET "total_paise" = "educator_daily_earnings"."total_paise" + EXCLUDED."total_paise",
         "enrolments" = "educator_daily_earnings"."enrolments" - $3::int`,
      [entry.educatorId, -entry.amountPaise, enrolments],
    );
  }

  courseTotals(educatorId: string): Promise<Rows<{ course_id: string; total_paise: string; enrolments: number }>> {
    return this.dataSource.query(`SELECT "course_id", "total_paise", "enrolments" FROM "commerce"."course_earnings" WHERE "educator_id" = $1`, [educatorId]);
  }

  async educatorTotals(educatorId: string): Promise<{ total_paise: string; enrolments: number } | undefined> {
    const [row]: Rows<{ total_paise: string; enrolments: number }> = await this.dataSource.query(
      `SELECT "total_paise", "enrolments" FROM "commerce"."educator_earnings" WHERE "educator_id" = $1`,
      [educatorId],
    );
    return row;
  }

  /** The latest `maxPoints` Indian days or months with sales, oldest first. */
  series(educatorId: string, granularity: EarningsGranularity, maxPoints: number): Promise<EarningsPeriodRow[]> {
    const period = granularity === 'day' ? `to_char("day", 'YYYY-MM-DD')` : `to_char("day", 'YYYY-MM')`;
    return this.dataSource.query(
      `SELECT * FROM (
         SELECT ${period} AS "period", SUM("total_paise") AS "total_paise", SUM("enrolments") AS "enrolments"
           FROM "commerce"."educator_daily_earnings" WHERE "educator_id" = $1 GROUP BY 1 ORDER BY 1 DESC LIMIT $2
       ) AS "latest" ORDER BY "period"`,
      [educatorId, maxPoints],
    );
  }
}
