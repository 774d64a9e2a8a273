// Money journeys: the 7-day refund from My Enrollments ends access and nets the educator's dashboard;
// a failed attempt then a payment on the same order, with every webhook dropped, enrols exactly once.
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { formatPrice, type DashboardData, type LearnerPurchase } from '@academy/contracts';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { eventually, settledValue } from '@academy/service-core/testing';
import { portal } from '../support/portal.js';

const { portalUrl, sandboxUrl, refundSettleMs } = portal();
let browser: Browser;

interface CourseCard {
  _id: string;
  courseTitle: string;
  coursePrice: number;
  discount: number;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(page: Page, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const token = await cachedAccessToken(page);
  const response = await fetch(`${portalUrl}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) },
  });
  return { status: response.status, body: (await response.json()) as T };
}

const enrolledCourses = async (page: Page) => (await api<{ user: { enrolledCourses: string[] } }>(page, '/user/data')).body.user.enrolledCourses;
const purchasesOf = async (page: Page) => (await api<{ purchases: LearnerPurchase[] }>(page, '/user/purchases')).body.purchases;

/** A paid course this learner has neither bought nor refunded in another journey (they share one portal). */
async function freshPaidCourse(page: Page): Promise<CourseCard> {
  const all = ((await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseCard[] }).courses;
  const touched = new Set([...(await enrolledCourses(page)), ...(await purchasesOf(page)).map((purchase) => purchase.courseId)]);
  const course = all.find((candidate) => Math.round(candidate.coursePrice * (100 - candidate.discount)) > 0 && !touched.has(candidate._id));
  expect(course).toBeDefined();
  return course!;
}

/** The dashboard once earlier sales and refunds have been aggregated: two reads a second apart that agree. */
function settledDashboard(page: Page): Promise<DashboardData> {
  const read = async () => (await api<{ dashboardData: DashboardData }>(page, '/educator/dashboard')).body.dashboardData;
  return settledValue(read, { timeoutMs: 15_000, what: 'the educator dashboard to stop changing' });
}

async function sandbox(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(new URL(`razorpay/${path}`, sandboxUrl), {
    method: body === undefined && path.endsWith('.json') ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status).toBe(200);
  return response.json();
}

interface SandboxEvent {
  event: string;
  orderId: string;
  paymentId: string;
  status: string;
  createdAt: number;
  payload: { payload: { refund?: { entity: { id: string } } } };
}
/** The catalogue's public student count of a course, once it stops changing (events arrive a moment behind). */
async function studentCount(courseId: string, expected?: number): Promise<number> {
  const read = async () => ((await (await fetch(`${portalUrl}/api/course/${courseId}`)).json()) as { courseData: { studentCount: number } }).courseData.studentCount;
  if (expected === undefined) return read();
  return eventually(read, (value) => value === expected, { timeoutMs: 20_000, intervalMs: 500, what: `${expected} students on ${courseId}` });
}

const sandboxEvents = async () => ((await sandbox('sandbox/events.json')) as { events: SandboxEvent[] }).events;

describe('money journeys', () => {
  it('refund: requested on My Enrollments, pending, then processed by Razorpay on its own; the paid lectures are gone and the dashboard is net', async () => {
    const educator = await openPage(browser);
    await signIn(educator.page, portalUrl, 'Meera Iyer');
    const learner = await openPage(browser);
    const { page } = learner;
    await signIn(page, portalUrl, 'Diya Patel');
    const course = await freshPaidCourse(page);
    const before = await settledDashboard(educator.page);
    const studentsBefore = await studentCount(course._id);

    // Bought as Checkout does (order, the sandbox's Pay, verify); the checkout UI itself is the payments journey's.
    const order = await api<{ purchaseId: string; order: { id: string } }>(page, '/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: course._id }) });
    expect(order.status).toBe(200);
    const paid = (await sandbox('checkout/pay', { key: 'rzp_test_sandbox', order_id: order.body.order.id })) as Record<string, string>;
    const verified = await api<{ success: boolean }>(page, '/user/verifyRazorpay', { method: 'POST', body: JSON.stringify({ ...paid, purchaseId: order.body.purchaseId }) });
    expect(verified.body.success).toBe(true);
    const bought = await settledDashboard(educator.page);
    expect(bought.totalEnrolments).toBe(before.totalEnrolments + 1);
    expect(bought.totalEarnings).toBeGreaterThan(before.totalEarnings);
    expect(await studentCount(course._id, studentsBefore + 1)).toBe(studentsBefore + 1);

    await page.goto(`${portalUrl}/my-enrollments`);
    await page.getByRole('heading', { level: 1, name: 'My Enrollments' }).waitFor();
    const open = page.getByRole('button', { name: `Request refund for ${course.courseTitle}` });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Request a refund?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape'); // changes nothing
    await dialog.waitFor({ state: 'detached' });
    await open.click();
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((element) => element === document.activeElement)).toBe(true);
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText(`Refund requested for ${course.courseTitle}.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: course.courseTitle });
    await row.getByText('Refund pending').waitFor();
    expect(await enrolledCourses(page)).not.toContain(course._id); // access ends as soon as the refund is asked for
    const ofThisPayment = async () => (await sandboxEvents()).filter((event) => event.paymentId === paid.razorpay_payment_id);
    expect((await ofThisPayment()).map((event) => event.event)).not.toContain('refund.processed'); // pending at Razorpay too

    // Nobody settles it (no test-only route): the sandbox does, refundSettleMs after it was made, as Razorpay's test
    // mode does; refund.processed reaches commerce by webhook and the page, polling, shows the outcome.
    const refunded = page.getByRole('region', { name: 'Refunded courses' });
    await refunded.getByText(`${course.courseTitle}: `, { exact: false }).waitFor({ timeout: 30_000 });
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    const refundEvents = async () =>
      (await ofThisPayment()).reverse().filter((event) => event.event.startsWith('refund.') || event.event === 'payment.refunded');
    // Oldest first; payment.refunded may be a moment behind.
    const events = await eventually(refundEvents, (seen) => !seen.some((event) => event.status === 'pending'), { timeoutMs: 10_000, intervalMs: 500, what: 'the refund to settle at Razorpay' });
    expect(events.map((event) => event.event)).toEqual([
      'refund.created',
      'refund.processed',
      'payment.refunded',
    ]);
    const created = events.find((event) => event.event === 'refund.created')!;
    const processed = events.find((event) => event.event === 'refund.processed')!;
    expect(processed.payload.payload.refund!.entity.id).toBe(created.payload.payload.refund!.entity.id);
    // Event times are whole seconds: processed at least the delay (less a second of rounding) after it was made.
    expect(processed.createdAt - created.createdAt).toBeGreaterThanOrEqual(Math.floor(refundSettleMs / 1000) - 1);
    expect(events.map((event) => event.status)).toEqual(['delivered', 'delivered', 'delivered']);

    // Access to the paid lectures is gone: no signed links any more, the player refuses.
    expect(await enrolledCourses(page)).not.toContain(course._id);
    const lectures = await api<{ enrolledCourses: { _id: string }[] }>(page, '/user/enrolled-courses');
    expect(lectures.body.enrolledCourses.map((entry) => entry._id)).not.toContain(course._id);
    await page.goto(`${portalUrl}/player/${course._id}`);
    await page.getByRole('heading', { name: 'You are not enrolled in this course' }).waitFor();
    await page.goto(`${portalUrl}/purchase-history`);
    const historyRow = page.getByRole('row').filter({ hasText: course.courseTitle }).first();
    await historyRow.getByText('Refunded').first().waitFor();
    await historyRow.getByRole('button', { name: /Refund credit note ACAD-CN\// }).waitFor();

    // The catalogue counts the student out (course.unenrolled through progress's outbox).
    expect(await studentCount(course._id, studentsBefore)).toBe(studentsBefore);

    // The educator's figures are net again: the dashboard page shows the same earnings as before the sale.
    const after = await settledDashboard(educator.page);
    expect(after).toMatchObject({ totalEarnings: before.totalEarnings, totalEnrolments: before.totalEnrolments });
    await educator.page.goto(`${portalUrl}/educator`);
    await educator.page.getByText(formatPrice(before.totalEarnings), { exact: false }).first().waitFor();
    await educator.page.goto(`${portalUrl}/educator/students-enrolled`);
    await educator.page.getByRole('row').filter({ hasText: course.courseTitle }).filter({ hasText: 'Refunded' }).first().waitFor();
    await learner.context.close();
    await educator.context.close();
  }, 180_000);

  it('fail then pay on the same order with every webhook dropped: enrolled exactly once', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Aarav Sharma');
    const course = await freshPaidCourse(page);
    await sandbox('sandbox/webhooks', { enabled: false });
    try {
      await page.goto(`${portalUrl}/course/${course._id}`);
      await page.getByRole('heading', { level: 1, name: course.courseTitle }).waitFor();
      await page.getByRole('button', { name: 'Enroll Now' }).click();
      const dialog = page.getByRole('dialog', { name: course.courseTitle });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Fail', exact: true }).click();
      await dialog.getByText('Payment failed. You can try again or close this window.').waitFor();
      await dialog.getByRole('button', { name: 'Pay', exact: true }).click(); // the retry, on the same order
      await page.getByText('Enrollment successful!').waitFor({ timeout: 30_000 });
      await page.waitForURL((url) => url.pathname === '/my-enrollments');
      await page.getByRole('row').filter({ hasText: course.courseTitle }).first().waitFor({ timeout: 15_000 });
    } finally {
      await sandbox('sandbox/webhooks', { enabled: true });
    }
    const orderEvents = (await sandboxEvents()).filter((event) => event.paymentId && event.orderId);
    const purchases = (await purchasesOf(page)).filter((purchase) => purchase.courseId === course._id);
    expect(purchases.map((purchase) => purchase.status)).toEqual(['paid']);
    expect(purchases[0]!.receipts.map((receipt) => receipt.kind)).toEqual(['payment']);
    const ours = orderEvents.filter((event) => ['payment.failed', 'payment.captured'].includes(event.event) && event.status === 'not_sent');
    expect(ours.length).toBeGreaterThanOrEqual(2); // both attempts' webhooks were dropped
    expect((await enrolledCourses(page)).filter((id) => id === course._id)).toHaveLength(1);
    expect(await page.getByRole('row').filter({ hasText: course.courseTitle }).count()).toBe(1);
    await context.close();
  }, 120_000);
});
