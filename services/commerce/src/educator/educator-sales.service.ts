import { Injectable } from '@nestjs/common';
import type { DashboardData, EnrolledStudentRecord } from '@academy/contracts';
import { DataSource } from 'typeorm';

interface PaidSaleRow {
  user_id: string;
  course_id: string;
  created_at: Date;
}

const LATEST_ENROLMENTS_ON_DASHBOARD = 10;

/**
 * An educator's sales, read from commerce's own purchases. Student names and course titles belong to progress
 * and catalogue: until the purchases issue adds those internal look-ups, records carry the ids' owners' data
 * as empty strings (the tables are empty before purchases exist, so nothing is shown wrongly).
 */
@Injectable()
export class EducatorSalesService {
  constructor(private readonly dataSource: DataSource) {}

  async dashboard(educatorId: string): Promise<DashboardData> {
    const [latest, totals] = await Promise.all([
      this.paidSales(educatorId, LATEST_ENROLMENTS_ON_DASHBOARD),
      this.dataSource.query<{ earnings_paise: string; courses: string }[]>(
        `SELECT COALESCE(SUM("amount_paise"), 0) AS earnings_paise, COUNT(DISTINCT "course_id") AS courses
           FROM "commerce"."purchases" WHERE "educator_id" = $1 AND "status" = 'paid'`,
        [educatorId],
      ),
    ]);
    return {
      enrolledStudentsData: latest.map(() => ({ student: { name: '', imageUrl: '' }, courseTitle: '' })),
      // Courses with at least one sale; the catalogue's own count replaces this when the earnings issue lands.
      totalCourses: Number(totals[0]?.courses ?? 0),
      // Rupees actually paid (amounts are stored in paise so sums stay exact).
      totalEarnings: Number(totals[0]?.earnings_paise ?? 0) / 100,
    };
  }

  async enrolledStudents(educatorId: string): Promise<EnrolledStudentRecord[]> {
    const sales = await this.paidSales(educatorId);
    return sales.map((sale) => ({
      student: { name: '', imageUrl: '' },
      courseTitle: '',
      purchaseDate: sale.created_at.toISOString(),
    }));
  }

  private paidSales(educatorId: string, limit?: number): Promise<PaidSaleRow[]> {
    return this.dataSource.query<PaidSaleRow[]>(
      `SELECT "user_id", "course_id", "created_at" FROM "commerce"."purchases"
        WHERE "educator_id" = $1 AND "status" = 'paid' ORDER BY "created_at" DESC ${limit ? 'LIMIT $2' : ''}`,
      limit ? [educatorId, limit] : [educatorId],
    );
  }
}
