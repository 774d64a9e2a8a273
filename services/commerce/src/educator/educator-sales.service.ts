import { ENROLLED_STUDENTS_PAGE_MAX, formatDate, type DashboardData, type EnrolledStudentsExportQuery, type EnrolledStudentsPage } from '@academy/contracts';
import { stringify } from 'csv-stringify/sync';
import { decodeKeysetCursor, encodeKeysetCursor, escapeLikePattern } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { CatalogueClient } from '../clients/service-clients.js';
import { EarningsService } from '../earnings/earnings.service.js';
import { PurchasesRepository } from '../purchases/purchases.repository.js';

const LATEST_ENROLMENTS_ON_DASHBOARD = 10;

type EnrolledStudentsFilter = EnrolledStudentsExportQuery;


/**
 * An educator's sales. Names, pictures and titles were stored on each purchase when it was created (the buyer's
 * token claims, catalogue's title), totals come from the earnings aggregates, the course count from catalogue.
 */
@Injectable()
export class EducatorSalesService {
  constructor(
    private readonly purchases: PurchasesRepository,
    private readonly earnings: EarningsService,
    private readonly catalogue: CatalogueClient,
  ) {}

  async dashboard(educatorId: string): Promise<DashboardData> {
    const [latest, totals, totalCourses] = await Promise.all([
      this.purchases.latestPaidSales(educatorId, LATEST_ENROLMENTS_ON_DASHBOARD),
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
    const rows = await this.purchases.salesPage(educatorId, {
      after,
      limit: size + 1,
      courseId: page.courseId ?? null,
      likePattern: page.q === undefined ? null : escapeLikePattern(page.q),
    });
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
}
