import { EARNINGS_SERIES_MAX_POINTS, fromPaise, type CourseEarnings, type EarningsGranularity, type EarningsPoint } from '@academy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PurchasePaidEvent } from '../queue/commerce-jobs.js';
import { EarningsRepository, type ReversalEntry } from './earnings.repository.js';

/**
 * Earnings aggregates, updated once per paid purchase (the ledger's primary key is the purchase id), so reads
 * never scan purchases. Every figure is an exact sum in paise, never rounded before display, so the dashboard's
 * total, the chart, My Courses' rows and their sum agree to the paisa.
 */
@Injectable()
export class EarningsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: EarningsRepository,
  ) {}

  /** Returns false when this purchase was already counted. */
  async record(event: PurchasePaidEvent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.ledger.insertSale(manager, event))) return false;
      await this.ledger.addSaleToTotals(manager, event);
      return true;
    });
  }

  /** Each course of the educator from the ledger's per-course totals (My Courses' Earnings column). */
  async courseTotals(educatorId: string): Promise<CourseEarnings[]> {
    const rows = await this.ledger.courseTotals(educatorId);
    return rows.map((row) => ({ courseId: row.course_id, earnings: fromPaise(Number(row.total_paise)), enrolments: row.enrolments }));
  }

  /**
   * A processed refund of a purchase's payment: a negative ledger entry of the amount refunded and every aggregate
   * reduced by it on the refund's day (one enrolment fewer when the refund completes a refund in full), inside the caller's transaction. Returns false when this refund was already counted.
   */
  async reverse(manager: EntityManager, entry: ReversalEntry): Promise<boolean> {
    if (!(await this.ledger.insertReversal(manager, entry))) return false;
    // A partial refund takes its amount off the earnings; only a refund in full takes the enrolment off too.
    await this.ledger.subtractFromTotals(manager, entry, entry.endsEnrolment ? 1 : 0);
    return true;
  }

  /** O(1): one row. `earnings` in rupees, exact to the paisa. */
  async educatorTotals(educatorId: string): Promise<{ earnings: number; earningsPaise: number; enrolments: number }> {
    const row = await this.ledger.educatorTotals(educatorId);
    const earningsPaise = Number(row?.total_paise ?? 0);
    return { earnings: fromPaise(earningsPaise), earningsPaise, enrolments: row?.enrolments ?? 0 };
  }

  /** Per Indian day or month, oldest first, from the per-day buckets. */
  async series(educatorId: string, granularity: EarningsGranularity): Promise<EarningsPoint[]> {
    // Clamped to the latest EARNINGS_SERIES_MAX_POINTS periods (a year of days, ten years of months).
    const rows = await this.ledger.series(educatorId, granularity, EARNINGS_SERIES_MAX_POINTS[granularity]);
    return rows.map((row) => ({ period: row.period, earnings: fromPaise(Number(row.total_paise)), enrolments: Number(row.enrolments) }));
  }
}
