import { EARNINGS_SERIES_MAX_POINTS, fromPaise, type CourseEarnings, type EarningsGranularity, type EarningsPoint } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PurchasePaidEvent } from '../queue/commerce-jobs.js';

type Rows<T> = T[];

/** Sales are grouped by Indian days, the days every page shows. */
const EARNINGS_TIME_ZONE = 'Asia/Kolkata';

/**
 * Earnings aggregates, updated once per paid purchase (the ledger's primary key is the purchase id), so reads
 * never scan purchases. Every figure is an exact sum in paise, never rounded before display, so the dashboard's
 * total, the chart, My Courses' rows and their sum agree to the paisa.
 */
@Injectable()
export class EarningsService {
  constructor(private readonly dataSource: DataSource) {}

  /** Returns false when this purchase was already counted. */
  async record(event: PurchasePaidEvent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: Rows<{ purchase_id: string }> = await manager.query(
        `INSERT INTO "commerce"."earnings_ledger" ("purchase_id", "educator_id", "course_id", "amount_paise", "day")
         VALUES ($1, $2, $3, $4, ($5::timestamptz AT TIME ZONE '${EARNINGS_TIME_ZONE}')::date)
         ON CONFLICT ("purchase_id") DO NOTHING RETURNING "purchase_id"`,
        [event.purchaseId, event.educatorId, event.courseId, event.amountPaise, event.paidAt],
      );
      if (inserted.length === 0) return false;
      await manager.query(
        `INSERT INTO "commerce"."course_earnings" ("course_id", "educator_id", "total_paise", "enrolments") VALUES ($1, $2, $3, 1)
         ON CONFLICT ("course_id") DO UPDATE SET "total_paise" = "course_earnings"."total_paise" + EXCLUDED."total_paise",
           "enrolments" = "course_earnings"."enrolments" + 1`,
        [event.courseId, event.educatorId, event.amountPaise],
      );
      await manager.query(
        `INSERT INTO "commerce"."educator_earnings" ("educator_id", "total_paise", "enrolments") VALUES ($1, $2, 1)
         ON CONFLICT ("educator_id") DO UPDATE SET "total_paise" = "educator_earnings"."total_paise" + EXCLUDED."total_paise",
           "enrolments" = "educator_earnings"."enrolments" + 1`,
        [event.educatorId, event.amountPaise],
      );
      await manager.query(
        `INSERT INTO "commerce"."educator_daily_earnings" ("educator_id", "day", "total_paise", "enrolments")
         VALUES ($1, ($2::timestamptz AT TIME ZONE '${EARNINGS_TIME_ZONE}')::date, $3, 1)
         ON CONFLICT ("educator_id", "day") DO UPDATE SET "total_paise" = "educator_daily_earnings"."total_paise" + EXCLUDED."total_paise",
           "enrolments" = "educator_daily_earnings"."enrolments" + 1`,
        [event.educatorId, event.paidAt, event.amountPaise],
      );
      return true;
    });
  }

  /** Each course of the educator from the ledger's per-course totals (My Courses' Earnings column). */
  async courseTotals(educatorId: string): Promise<CourseEarnings[]> {
    const rows: Rows<{ course_id: string; total_paise: string; enrolments: number }> = await this.dataSource.query(
      `SELECT "course_id", "total_paise", "enrolments" FROM "commerce"."course_earnings" WHERE "educator_id" = $1`,
      [educatorId],
    );
    return rows.map((row) => ({ courseId: row.course_id, earnings: fromPaise(Number(row.total_paise)), enrolments: row.enrolments }));
  }

  /**
   * A processed refund of a purchase's payment: a negative ledger entry of the amount refunded and every aggregate
   * reduced by it on the refund's day (one enrolment fewer when the refund completes a refund in full), inside the caller's transaction. Returns false when this refund was already counted.
   */
  async reverse(
    manager: EntityManager,
    entry: { refundId: string; purchaseId: string; educatorId: string; courseId: string; amountPaise: number; endsEnrolment: boolean },
  ): Promise<boolean> {
    // A partial refund takes its amount off the earnings; only a refund in full takes the enrolment off too.
    const enrolments = entry.endsEnrolment ? 1 : 0;
    const inserted: Rows<{ refund_id: string }> = await manager.query(
      `INSERT INTO "commerce"."earnings_reversals" ("refund_id", "purchase_id", "educator_id", "course_id", "amount_paise", "day", "ends_enrolment")
       VALUES ($1, $2, $3, $4, $5, (now() AT TIME ZONE '${EARNINGS_TIME_ZONE}')::date, $6) ON CONFLICT ("refund_id") DO NOTHING RETURNING "refund_id"`,
      [entry.refundId, entry.purchaseId, entry.educatorId, entry.courseId, -entry.amountPaise, entry.endsEnrolment],
    );
    if (inserted.length === 0) return false;
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
    return true;
  }

  /** O(1): one row. `earnings` in rupees, exact to the paisa. */
  async educatorTotals(educatorId: string): Promise<{ earnings: number; earningsPaise: number; enrolments: number }> {
    const [row]: Rows<{ total_paise: string; enrolments: number }> = await this.dataSource.query(
      `SELECT "total_paise", "enrolments" FROM "commerce"."educator_earnings" WHERE "educator_id" = $1`,
      [educatorId],
    );
    const earningsPaise = Number(row?.total_paise ?? 0);
    return { earnings: fromPaise(earningsPaise), earningsPaise, enrolments: row?.enrolments ?? 0 };
  }

  /** Per Indian day or month, oldest first, from the per-day buckets. */
  async series(educatorId: string, granularity: EarningsGranularity): Promise<EarningsPoint[]> {
    const period = granularity === 'day' ? `to_char("day", 'YYYY-MM-DD')` : `to_char("day", 'YYYY-MM')`;
    // Clamped to the latest EARNINGS_SERIES_MAX_POINTS periods (a year of days, ten years of months).
    const rows: Rows<{ period: string; total_paise: string; enrolments: string }> = await this.dataSource.query(
      `SELECT * FROM (
         SELECT ${period} AS "period", SUM("total_paise") AS "total_paise", SUM("enrolments") AS "enrolments"
           FROM "commerce"."educator_daily_earnings" WHERE "educator_id" = $1 GROUP BY 1 ORDER BY 1 DESC LIMIT $2
       ) AS "latest" ORDER BY "period"`,
      [educatorId, EARNINGS_SERIES_MAX_POINTS[granularity]],
    );
    return rows.map((row) => ({ period: row.period, earnings: fromPaise(Number(row.total_paise)), enrolments: Number(row.enrolments) }));
  }
}
