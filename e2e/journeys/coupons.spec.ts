// Coupons: the educator creates a 50 % code on the Coupons page, a student applies it on the course page, pays half
// through the sandbox Checkout, the receipt shows the discount, and the code's use count is 1.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { formatPrice, fromPaise, priceAfterDiscountPaise, type EducatorCourse, type LearnerPurchase } from '@academy/contracts';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { pdfText } from '@academy/service-core/testing';
import { callApi } from '../support/api.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const api = async <T>(page: Page, path: string) => callApi<T>(await cachedAccessToken(page), `/api${path}`);

/** One of the educator's published paid courses the student has neither bought nor tried to (journeys share a portal). */
async function courseToDiscount(educator: Page, student: Page): Promise<EducatorCourse> {
  const mine = (await api<{ courses: EducatorCourse[] }>(educator, '/educator/courses')).body.courses;
  const enrolled = (await api<{ user: { enrolledCourses: string[] } }>(student, '/user/data')).body.user.enrolledCourses;
  const bought = (await api<{ purchases: LearnerPurchase[] }>(student, '/user/purchases')).body.purchases.map((purchase) => purchase.courseId);
  const touched = new Set([...enrolled, ...bought]);
  const course = mine.find((candidate) => candidate.isPublished && priceAfterDiscountPaise(candidate.coursePrice, candidate.discount) >= 200 && !touched.has(candidate._id));
  expect(course).toBeDefined();
  return course!;
}

describe('coupons', () => {
  it('a 50 % code: created by the educator, applied by a student who pays half, on the receipt, counted once', async () => {
    const educator = await openPage(browser);
    await signIn(educator.page, portalUrl, 'Meera Iyer');
    const student = await openPage(browser);
    await signIn(student.page, portalUrl, 'Diya Patel');
    const course = await courseToDiscount(educator.page, student.page);
    const listPaise = priceAfterDiscountPaise(course.coursePrice, course.discount);
    const halfPaise = listPaise - Math.floor(listPaise / 2);
    const code = `HALF${Date.now().toString(36).toUpperCase()}`.slice(0, 20);

    // The educator creates the code on the Coupons page of the educator area.
    await educator.page.goto(`${portalUrl}/educator/coupons`);
    await educator.page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    const form = educator.page.getByRole('form', { name: 'New code' });
    await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await form.getByLabel('Course').selectOption(course._id);
    await form.getByLabel('Percent off', { exact: true }).check();
    await form.getByLabel('Percent off (1 to 100)').fill('50');
    await form.getByLabel('Total uses').fill('5');
    await form.getByRole('button', { name: 'Create code' }).click();
    const row = educator.page.getByRole('row').filter({ has: educator.page.getByRole('rowheader', { name: code }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([course.courseTitle, '50% off', expect.stringMatching(/^\d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}$/), '0 of 5', '0', formatPrice(0)]);

    // The student applies it on the course page and sees the new price before paying.
    const page = student.page;
    await page.goto(`${portalUrl}/course/${course._id}`);
    await page.getByRole('heading', { level: 1, name: course.courseTitle }).waitFor();
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    const applied = page.getByRole('status').filter({ hasText: `Code ${code} applied` });
    await applied.waitFor();
    expect(await applied.textContent()).toContain(`you pay ${formatPrice(fromPaise(halfPaise))}`);
    expect(await page.locator('.course-side-card__price').textContent()).toBe(`Price: ${formatPrice(fromPaise(halfPaise))}`);

    // The order the server makes is for half, and the sandbox Checkout takes half.
    const orderAnswer = page.waitForResponse((response) => response.url().endsWith('/api/user/purchase'));
    await page.locator('.course-side-card__enroll').click();
    const order = (await (await orderAnswer).json()) as { purchaseId: string; order: { amount: number } };
    expect(order.order.amount).toBe(halfPaise);
    const dialog = page.getByRole('dialog', { name: course.courseTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Enrollment successful!').waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === '/my-enrollments');

    // The receipt shows the price, the discount with the code, and what was paid.
    const purchase = (await api<{ purchases: LearnerPurchase[] }>(page, '/user/purchases')).body.purchases.find((entry) => entry.purchaseId === order.purchaseId)!;
    expect([purchase.status, purchase.amountPaise]).toEqual(['paid', halfPaise]);
    const receipt = await fetch(`${portalUrl}/api/user/purchases/${order.purchaseId}/receipts/payment`, {
      headers: { Authorization: `Bearer ${await cachedAccessToken(page)}` },
    });
    expect(receipt.status).toBe(200);
    const rupees = (paise: number) => formatPrice(fromPaise(paise));
    const receiptText = await pdfText(Buffer.from(await receipt.arrayBuffer()));
    for (const line of [rupees(listPaise), `Discount (coupon ${code}) ${rupees(-(listPaise - halfPaise))}`, `Price after discount ${rupees(halfPaise)}`, `Total paid ${rupees(halfPaise)}`]) {
      expect(receiptText).toContain(line);
    }

    // The educator sees one use, one redemption and the revenue it brought.
    await educator.page.reload();
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([
      course.courseTitle,
      '50% off',
      expect.any(String),
      '1 of 5',
      '1',
      formatPrice(fromPaise(halfPaise)),
    ]);
    await student.context.close();
    await educator.context.close();
  }, 150_000);
});
