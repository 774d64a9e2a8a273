// The demo figures agree: the launcher's demo classmates bought, studied and rated the demo courses
// through the public API, and every page that shows a course's students, ratings or earnings shows the same
// numbers, backed by those records.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import {
  formatPrice,
  pluralize,
  type CourseDetail,
  type CourseSummary,
  type DashboardData,
  type CourseEarningsAnswer, type EducatorCourse, type EducatorCourseListing,
  type EnrolledStudentRecord,
} from '@academy/contracts';
import { classmatePlan, DEMO_CLASSMATE_NAMES, DEMO_COURSE_IDS } from '@academy/infra';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { settledValue } from '@academy/service-core/testing';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Figures {
  catalogue: CourseSummary[];
  myCourses: EducatorCourse[];
  students: EnrolledStudentRecord[];
  dashboard: DashboardData;
}

async function figures(token: string): Promise<Figures> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${portalUrl}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const [{ courses: catalogue }, { courses: listed }, { courses: ledger }, { enrolledStudents: students }, { dashboardData: dashboard }] = await Promise.all([
    get<{ courses: CourseSummary[] }>('/course/all?limit=100'),
    get<{ courses: EducatorCourseListing[] }>('/educator/courses'),
    get<CourseEarningsAnswer>('/educator/earnings/by-course'),
    get<{ enrolledStudents: EnrolledStudentRecord[] }>('/educator/enrolledStudents'),
    get<{ dashboardData: DashboardData }>('/educator/dashboard'),
  ]);
  // My Courses joins catalogue's list with commerce's ledger, as the page does.
  const earnings = new Map(ledger.map((row) => [row.courseId, row.earnings]));
  const myCourses = listed.map((course) => ({ ...course, earnings: earnings.get(course._id) ?? 0 }));
  return { catalogue, myCourses, students, dashboard };
}

/** Enrolment events reach the catalogue's counters a moment after the sale: wait for two reads that agree. */
async function settledFigures(page: Page): Promise<Figures> {
  const token = await cachedAccessToken(page);
  const studentsAgree = (current: Figures) =>
    current.myCourses.every((course) => course.studentCount === current.students.filter((row) => row.courseTitle === course.courseTitle && !row.refunded).length);
  return settledValue(() => figures(token), { accept: studentsAgree, timeoutMs: 20_000, what: 'the figures to settle' });
}

describe('demo figures', () => {
  it('every page shows the same students, ratings and earnings, all from the classmates’ real records', async () => {
    const { page } = await openPage(browser);
    await signIn(page, portalUrl, 'Meera Iyer');
    const { catalogue, myCourses, students, dashboard } = await settledFigures(page);

    // The classmates' purchases are there, course by course, as their plan says.
    let classmateEnrolments = 0;
    for (const [courseIndex, courseId] of DEMO_COURSE_IDS.entries()) {
      const summary = catalogue.find((course) => course._id === courseId)!;
      const detail = ((await (await fetch(`${portalUrl}/api/course/${courseId}`)).json()) as { courseData: CourseDetail }).courseData;
      const lectureCount = detail.courseContent.reduce((sum, chapter) => sum + chapter.chapterContent.length, 0);
      const buyers = DEMO_CLASSMATE_NAMES.filter((_, classmateIndex) => classmatePlan(classmateIndex, courseIndex, lectureCount).buys);
      const raters = DEMO_CLASSMATE_NAMES.filter((_, classmateIndex) => classmatePlan(classmateIndex, courseIndex, lectureCount).rating !== undefined);
      // Refunded sales stay listed in Students Enrolled, marked; they are no longer students.
      const rows = students.filter((row) => row.courseTitle === summary.courseTitle && !row.refunded);
      expect(rows.map((row) => row.student.name).filter((name) => buyers.includes(name)).sort()).toEqual([...buyers].sort());
      // Card and course page agree, and count at least the classmates (other journeys add their own learners).
      expect(summary.studentCount).toBe(rows.length);
      expect(detail.studentCount).toBe(summary.studentCount);
      expect(detail.ratingCount).toBe(summary.ratingCount);
      expect(summary.ratingCount).toBeGreaterThanOrEqual(raters.length);
      classmateEnrolments += buyers.length;
    }
    expect(classmateEnrolments).toBeGreaterThan(0);

    // My Courses and the dashboard read the same ledger; My Courses' students are the catalogue's counters.
    for (const course of myCourses) {
      const card = catalogue.find((summary) => summary._id === course._id);
      if (card) expect(course.studentCount).toBe(card.studentCount);
    }
    // To the paisa: My Courses' rows add up to the dashboard's total (each row exact, never rounded down).
    expect(Math.round(myCourses.reduce((sum, course) => sum + course.earnings * 100, 0))).toBe(Math.round(dashboard.totalEarnings * 100));
    expect(dashboard.totalEnrolments).toBe(students.filter((row) => !row.refunded).length);

    // The pages show those numbers: the dashboard's card and its chart's summary show the same total.
    await page.goto(`${portalUrl}/educator`);
    const total = formatPrice(dashboard.totalEarnings);
    await page.getByText(total, { exact: true }).first().waitFor();
    await page.getByText(`${total} earned from`).waitFor();
    const busiest = [...myCourses].filter((course) => course.isPublished).sort((a, b) => b.studentCount - a.studentCount)[0]!;
    await page.goto(`${portalUrl}/course/${busiest._id}`);
    await page.getByText(pluralize(busiest.studentCount, 'student')).first().waitFor();
    await page.goto(`${portalUrl}/educator/my-courses`);
    const row = page.getByRole('row').filter({ hasText: busiest.courseTitle });
    await row.getByRole('cell', { name: formatPrice(busiest.earnings), exact: true }).waitFor();
    await row.getByRole('cell', { name: String(busiest.studentCount), exact: true }).waitFor();
    await page.goto(`${portalUrl}/educator/students-enrolled`);
    const courseRows = page.getByRole('row').filter({ hasText: busiest.courseTitle });
    await courseRows.first().waitFor(); // the table arrives after the heading
    const refundedRows = students.filter((row) => row.courseTitle === busiest.courseTitle && row.refunded).length;
    await expect(courseRows.count()).resolves.toBe(busiest.studentCount + refundedRows);
  });
});
