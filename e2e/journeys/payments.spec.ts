// Payments: a learner pays through the sandbox's Razorpay Checkout and lands on /my-enrollments; a failed
// payment shows the failure and enrols nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import type { CollectedSpan } from '@academy/infra';
import { eventually, untilWorkSettled } from '@academy/service-core/testing';
import { portal } from '../support/portal.js';

const { portalUrl, sandboxUrl, traceCollectorUrl, redisUrl, queuePrefix } = portal();

/** payment.failed webhooks the sandbox has delivered to commerce (answered 2xx). */
async function deliveredFailures(): Promise<number> {
  const { events } = (await (await fetch(new URL('razorpay/sandbox/events.json', sandboxUrl))).json()) as { events: { event: string; status: string }[] };
  return events.filter((event) => event.event === 'payment.failed' && event.status === 'delivered').length;
}
let browser: Browser;

interface CourseCard {
  _id: string;
  courseTitle: string;
  coursePrice: number;
  discount: number;
}

async function paidCourses(): Promise<CourseCard[]> {
  const body = (await (await fetch(`${portalUrl}/api/course/all`)).json()) as { courses: CourseCard[] };
  return body.courses.filter((course) => Math.round(course.coursePrice * (100 - course.discount)) > 0);
}

/** Journeys share one portal: pick a paid course this learner has not bought in another journey. */
async function paidCourseNotOwned(page: Page): Promise<CourseCard> {
  const owned = new Set(await enrolledCourses(page));
  const course = (await paidCourses()).find((candidate) => !owned.has(candidate._id));
  expect(course).toBeDefined();
  return course!;
}

async function enrolledCourses(page: Page): Promise<string[]> {
  const token = await cachedAccessToken(page);
  const response = await fetch(`${portalUrl}/api/user/data`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { user: { enrolledCourses: string[] } }).user.enrolledCourses;
}

/** The spans of a trace once each of the given services has exported some (they batch for half a second). */
function traceReaching(traceId: string, services: string[]): Promise<CollectedSpan[]> {
  return eventually(
    async () => (await (await fetch(`${traceCollectorUrl}/traces/${traceId}`)).json()) as CollectedSpan[],
    (spans) => services.every((service) => spans.some((span) => span.service === service)),
    { timeoutMs: 20_000, intervalMs: 250, what: `spans of ${services.join(', ')} in trace ${traceId}` },
  );
}

async function openCheckout(page: Page, course: CourseCard) {
  await page.goto(`${portalUrl}/course/${course._id}`);
  await page.getByRole('heading', { level: 1, name: course.courseTitle }).waitFor();
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  const dialog = page.getByRole('dialog', { name: course.courseTitle });
  await dialog.waitFor();
  await dialog.getByText('Course Enrollment').waitFor();
  return dialog;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('payments', () => {
  it('enrols a learner who pays in the sandbox checkout and takes them to My Enrollments, the button busy meanwhile', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Aarav Sharma');
    const course = await paidCourseNotOwned(page);
    // The real order and verification calls, held back 1.5 s each so the busy button can be seen.
    const purchases: string[] = [];
    const traceparents: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/purchase')) purchases.push(request.url());
      if (/\/api\/user\/(purchase|verifyRazorpay)$/.test(request.url())) traceparents.push(request.headers().traceparent ?? '');
    });
    // Each call is held until the test has seen the button busy, then let through.
    const gate = () => {
      let resolve = () => {};
      const promise = new Promise<void>((open) => (resolve = open));
      return { promise, resolve };
    };
    const held = { purchase: gate(), verifyRazorpay: gate() };
    for (const name of ['purchase', 'verifyRazorpay'] as const) {
      await page.route(`**/api/user/${name}`, async (route) => {
        await held[name].promise;
        await route.continue();
      });
    }
    await page.goto(`${portalUrl}/course/${course._id}`);
    await page.getByRole('heading', { level: 1, name: course.courseTitle }).waitFor();
    // The learner's account has loaded (the navbar shows their link): Enroll before that asks them to sign in.
    await page.getByRole('link', { name: 'My Enrollments' }).first().waitFor();
    const enroll = page.locator('.course-side-card__enroll');
    await enroll.click();
    await page.getByRole('button', { name: 'Processing…' }).waitFor();
    expect(await enroll.getAttribute('aria-busy')).toBe('true');
    expect(await enroll.isDisabled()).toBe(true);
    await enroll.click({ force: true }); // a second click while busy starts nothing
    held.purchase.resolve();
    const dialog = page.getByRole('dialog', { name: course.courseTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('button', { name: 'Confirming payment…' }).waitFor();
    expect(await enroll.getAttribute('aria-busy')).toBe('true');
    held.verifyRazorpay.resolve();
    await page.getByText('Enrollment successful!').waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === '/my-enrollments');
    expect(await enrolledCourses(page)).toContain(course._id);
    await page.getByText(course.courseTitle).first().waitFor({ timeout: 15_000 });
    await page.goto(`${portalUrl}/course/${course._id}`);
    await page.getByRole('button', { name: 'Already Enrolled' }).waitFor();
    expect(purchases).toHaveLength(1);

    // One trace from the click to the enrolment: the browser's trace id on both calls, continued by the edge, the
    // commerce service, its verification job on the worker, and the enrolment in progress.
    expect(traceparents).toHaveLength(2);
    const traceId = traceparents[0]!.split('-')[1]!;
    expect(traceparents[1]!.split('-')[1]).toBe(traceId);
    const spans = await traceReaching(traceId, ['edge', 'commerce', 'commerce-worker', 'progress']);
    const names = spans.map((span) => `${span.service}: ${span.name}`);
    expect(names).toEqual(expect.arrayContaining(['edge: edge POST /api/user/purchase', 'commerce: POST /api/user/purchase', 'commerce: POST /api/user/verifyRazorpay']));
    expect(spans.some((span) => span.service === 'commerce-worker' && /verify-payment|commerce/.test(span.name))).toBe(true);
    expect(spans.some((span) => span.service === 'progress' && span.name.startsWith('POST /internal/'))).toBe(true);
    // Every span hangs from another span of the trace, up to the browser's click (whose span is not exported).
    const ids = new Set(spans.map((span) => span.spanId));
    const browserParents = new Set(traceparents.map((header) => header.split('-')[2]));
    expect(spans.filter((span) => !ids.has(span.parentSpanId ?? '') && !browserParents.has(span.parentSpanId ?? ''))).toEqual([]);
    await context.close();
  }, 90_000);

  it('shows the failure when the learner presses Fail, and enrols nothing', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Diya Patel');
    const course = await paidCourseNotOwned(page);
    const dialog = await openCheckout(page, course);
    const failuresBefore = await deliveredFailures();
    await dialog.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.getByText(/^Payment failed: /).first().waitFor({ timeout: 15_000 });
    await dialog.getByText('Payment failed. You can try again or close this window.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(new URL(page.url()).pathname).toBe(`/course/${course._id}`);
    expect(await page.getByText('Enrollment successful!').count()).toBe(0);
    // The payment.failed webhook has reached commerce and whatever it queued has run: nothing enrolled.
    await eventually(deliveredFailures, (delivered) => delivered > failuresBefore, { timeoutMs: 15_000, intervalMs: 250, what: 'the payment.failed webhook' });
    await untilWorkSettled({ redisUrl, prefix: queuePrefix, queues: ['commerce'] }, 15_000);
    expect(await enrolledCourses(page)).not.toContain(course._id);
    await page.getByRole('button', { name: 'Enroll Now' }).waitFor();
    await context.close();
  }, 90_000);
});
