// On a 390 × 844 phone nothing floating lies over what the learner taps or reads: no link, button, field or price
// on the first screen or at the bottom of the learner and information pages is under the WhatsApp button (or
// anything else), and the WhatsApp box opens when its button is tapped.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { CourseSummary } from '@academy/contracts';
import { coveredControls, launchBrowser, openPage } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const PHONE = { width: 390, height: 844 };
/** Prices must stay visible too, wherever a page shows one. */
const PRICES = '[class*="price"]';
const SCREENSHOTS = path.join(import.meta.dirname, '..', 'artifacts', 'phone');
let browser: Browser;
let coursePath: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
  coursePath = `/course/${all.courses.find((course) => course.courseTitle === 'Class 8 Maths: Algebra Foundations')!._id}`;
});
afterAll(async () => {
  await browser?.close();
});

/** Scrolls to the very bottom and waits two frames for fixed elements to settle. */
async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(async () => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

describe('a phone at 390 × 844', () => {
  const pages = () => [
    '/',
    coursePath,
    '/course-list',
    '/my-enrollments',
    '/about',
    '/contact',
    '/testimonials',
    '/terms-conditions',
    '/privacy-policy',
    '/beyond-the-classroom',
    '/frequently-asked-questions',
  ];

  it('covers no control or price on the first screen or at the bottom of any learner or information page', async () => {
    const { page, context } = await openPage(browser, PHONE);
    const covered: string[] = [];
    for (const route of pages()) {
      await page.goto(`${portalUrl}${route}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.locator('.site-footer').waitFor();
      // Let cards, images and fonts land before measuring.
      await page.waitForLoadState('networkidle');
      for (const control of await coveredControls(page, PRICES)) covered.push(`${route} first screen: ${control.control} under ${control.coveredBy}`);
      // Kept for a person to look at (e2e/artifacts is not committed).
      const name = route === coursePath ? 'course' : route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-first-screen.png` });
      await scrollToBottom(page);
      for (const control of await coveredControls(page, PRICES)) covered.push(`${route} bottom: ${control.control} under ${control.coveredBy}`);
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-bottom.png` });
    }
    expect(covered).toEqual([]);
    await context.close();
  });

  it('keeps the footer’s Terms & Conditions and Privacy Policy links clear of the WhatsApp button at the bottom of the home and course pages', async () => {
    const { page, context } = await openPage(browser, PHONE);
    for (const route of ['/', coursePath]) {
      await page.goto(`${portalUrl}${route}`);
      await page.locator('.site-footer').waitFor();
      await page.waitForLoadState('networkidle');
      await scrollToBottom(page);
      const button = await page.getByRole('button', { name: 'Ask us on WhatsApp' }).boundingBox();
      expect(button).not.toBeNull();
      for (const name of ['Terms & Conditions', 'Privacy Policy']) {
        const link = (await page.getByRole('link', { name }).boundingBox())!;
        const overlaps = link.x < button!.x + button!.width && button!.x < link.x + link.width && link.y < button!.y + button!.height && button!.y < link.y + link.height;
        expect([route, name, overlaps]).toEqual([route, name, false]);
      }
    }
    await context.close();
  });

  it('shows the WhatsApp box as a round button that opens the box when tapped and folds it with Escape', async () => {
    const { page, context } = await openPage(browser, PHONE);
    await page.goto(`${portalUrl}/about`);
    const toggle = page.getByRole('button', { name: 'Ask us on WhatsApp' });
    const question = page.getByLabel('Your question for us on WhatsApp');
    expect(await question.isVisible()).toBe(false);
    const box = (await toggle.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await toggle.click();
    await question.waitFor();
    expect(await question.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
