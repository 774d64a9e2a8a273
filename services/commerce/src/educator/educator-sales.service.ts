import { ENROLLED_STUDENTS_PAGE_MAX, formatDate, type DashboardData, type EnrolledStudentsExportQuery, type EnrolledStudentsPage } from '@academy/contracts';
import { stringify } from 'csv-stringify/sync';
import { cursorTimestampSql, decodeKeysetCursor, encodeKeysetCursor, escapeLikePattern } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueClient } from '../clients/service-clients.js';
import { EarningsService } from '../earnings/earnings.service.js';

interface PaidSaleRow {
  student_name: string;
  student_image_url: string;
  course_title: string;
  paid_at: Date;
}

const LATEST_ENROLMENTS_ON_DASHBOARD = 10;

type EnrolledStudentsFilter = EnrolledStudentsExportQuery;


/** An educator's paid sales, newest first ($1 educator id). */
export const PAID_SALES_SQL = `SELECT "student_name", "student_image_url", "course_title", "paid_at"
   FROM "commerce"."purchases"
  WHERE "educator_id" = $1 AND "status" = 'paid' ORDER BY "paid_at" DESC, "id" DESC`;
/** The newest $2 of them, for the dashboard. */
export const LATEST_PAID_SALES_SQL = `${PAID_SALES_SQL} LIMIT $2`;
/**
 * Students Enrolled, one page: paid and refunded sales newest first, refunded ones with the date of the refund that completed it (partial refunds add up)
 * ($1 educator id, $2/$3 the previous page's last (paid_at, id) or null, $4 rows).
 */
export const SALES_PAGE_SQL = `SELECT p."id", p."student_name", p."student_image_url", p."course_id", p."course_title", p."paid_at", p."status", p."amount_paise",
        (SELECT max(r."processed_at") FROM "commerce"."refunds" r
          WHERE p."status" = 'refunded' AND r."purchase_id" = p."id" AND r."razorpay_payment_id" = p."razorpay_payment_id" AND r."status" = 'processed'
        ) AS "refunded_at", ${cursorTimestampSql('p."paid_at"')} AS "cursor_at"
   FROM "commerce"."purchases" p
  WHERE p."educator_id" = $1 AND p."status" IN ('paid', 'refunded') AND p."paid_at" IS NOT NULL
    AND ($2::timestamptz IS NULL OR (p."paid_at", p."id") < ($2::timestamptz, $3::uuid))
    AND ($5::uuid IS NULL OR p."course_id" = $5::uuid)
    AND ($6::text IS NULL OR p."student_name" ILIKE '%' || $6 || '%' OR p."course_title" ILIKE '%' || $6 || '%')
  ORDER BY p."paid_at" DESC, p."id" DESC LIMIT $4`;

interface SaleRow extends PaidSaleRow {
  id: string;
  course_id: string;
  amount_paise: string | number;
  status: 'paid' | 'refunded';
  refunded_at: Date | null;
  cursor_at: string;
}

/**
 * An educator's sales. Names, pictures and titles were stored on each purchase when it was created (the buyer's
 * token claims, catalogue's title), totals come from the earnings aggregates, the course count from catalogue.
 */
@Injectable()
export class EducatorSalesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly earnings: EarningsService,
    private readonly catalogue: CatalogueClient,
  ) {}

  async dashboard(educatorId: string): Promise<DashboardData> {
    const [latest, totals, totalCourses] = await Promise.all([
      this.paidSales(educatorId, LATEST_ENROLMENTS_ON_DASHBOARD),
      this.earnings.educatorTotals(educatorId),
      this.catalogue.educatorCourseCount(educatorId),
    ]);
    return {
      enrolledStudentsData: latest.map((sale) => ({
        student: { name: sale.student_name, imageUrl: sale.student_image_url },
        courseTitle: sale.course_title,
      })),
      totalEnrolments: totals.enrolments,
      totalCourses,
      // Exact to the paisa: the same ledger sum as the chart and My Courses' rows.
      totalEarnings: totals.earnings,
    };
  }

  /**
   * One page of the educator's students, newest first: paid sales and refunded ones (marked, with the refund's
   * date), a keyset on (paid_at, id) walking purchases_educator_sales_idx, so page 1,000 costs what page 1 costs.
   * Without a limit the page is the cap (ENROLLED_STUDENTS_PAGE_MAX); `nextCursor` is set when more follow. A
   * malformed cursor is a 400.
   */
  async enrolledStudents(educatorId: string, page: { limit?: number; cursor?: string } & EnrolledStudentsFilter = {}): Promise<EnrolledStudentsPage> {
    const size = Math.min(page.limit ?? ENROLLED_STUDENTS_PAGE_MAX, ENROLLED_STUDENTS_PAGE_MAX);
    const after = page.cursor === undefined ? undefined : decodeKeysetCursor(page.cursor);
    const rows: SaleRow[] = await this.dataSource.query(SALES_PAGE_SQL, [
      educatorId,
      after?.at ?? null,
      after?.id ?? null,
      size + 1,
      page.courseId ?? null,
      page.q === undefined ? null : escapeLikePattern(page.q),
    ]);
    const hasMore = rows.length > size;
    const shown = hasMore ? rows.slice(0, size) : rows;
    const last = shown[shown.length - 1];
    return {
      enrolledStudents: shown.map((sale) => ({
        student: { name: sale.student_name, imageUrl: sale.student_image_url },
        courseId: sale.course_id,
        courseTitle: sale.course_title,
        purchaseDate: new Date(sale.paid_at).toISOString(),
        amountPaise: Number(sale.amount_paise),
        ...(sale.status === 'refunded' ? { refunded: true, refundedAt: sale.refunded_at ? new Date(sale.refunded_at).toISOString() : null } : {}),
      })),
      nextCursor: hasMore && last ? encodeKeysetCursor({ at: last.cursor_at, id: last.id }) : null,
    };
  }

  /**
   * Every row the filters keep, newest first, as CSV for a spreadsheet (read a page at a time, so memory stays
   * flat). The first page is read before anything is yielded, so a database that is down fails before the answer starts.
   */
  async *enrolledStudentsCsv(educatorId: string, filter: EnrolledStudentsFilter): AsyncGenerator<string> {
    let cursor: string | undefined;
    let first = true;
    do {
      const page = await this.enrolledStudents(educatorId, { ...filter, cursor });
      if (first) yield stringify([['Student Name', 'Course Title', 'Date', 'Amount (INR)', 'Status']], { bom: true });
      first = false;
      yield stringify(
        page.enrolledStudents.map((record) => [
          record.student.name,
          record.courseTitle,
          formatDate(record.purchaseDate),
          record.amountPaise === 0 ? 'Free' : (record.amountPaise / 100).toFixed(2),
          record.refunded ? `Refunded${record.refundedAt ? ` on ${formatDate(record.refundedAt)}` : ''}` : record.amountPaise === 0 ? 'Enrolled free' : 'Paid',
        ]),
      );
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /**
   * Newest first. Every paid purchase has `paid_at` (markPaid sets it), so the order walks
   * purchases_educator_paid_idx and a limited read stops after `limit` rows however many sales there are.
   */
  private paidSales(educatorId: string, limit: number): Promise<PaidSaleRow[]> {
    return this.dataSource.query<PaidSaleRow[]>(LATEST_PAID_SALES_SQL, [educatorId, limit]);
  }
}
