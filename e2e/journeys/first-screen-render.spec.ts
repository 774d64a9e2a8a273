// The first screens rendered on the edge: a new visitor's phone paints the public page from the HTML, before any
// script runs, and the portal's own render takes its place without a jump; a returning learner's My Enrollments
// comes the same way, with their own courses (docs/performance.md).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { FIRST_SCREEN_SESSION_COOKIE, isSignInRedirect } from '@academy/contracts';
import { cachedAccessToken, launchBrowser, openPage, signIn, waitForSettledNetwork } from '@academy/infra/browser';
import { eventually } from '@academy/service-core/testing';
import { callApi } from '../support/api.js';
import { layoutShiftSoFar } from '../support/layout-shift.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const PHONE = { width: 390, height: 844 };
let browser: Browser;
let course: { _id: string; courseTitle: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const { courses } = (await (await fetch(`${portalUrl}/api/course/all?limit=1`)).json()) as { courses: { _id: string; courseTitle: string }[] };
  course = courses[0]!;
});
afterAll(async () => {
  await browser?.close();
});

describe('a public page’s first screen comes in its HTML', () => {
  it('shows the home page, its courses and a course page with scripts turned off, in the visitor’s language', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await page.goto(`${portalUrl}/`);
      // (The rendered screen is hidden from assistive technology until the portal takes over: found by its markup.)
      await expect(page.locator('main h1').textContent()).resolves.toBe('Gain knowledge anytime, from anywhere.');
      await expect(page.locator('main .course-card__title').first().textContent()).resolves.toBeTruthy();
      await expect(page.locator('main .course-card__thumbnail').first().getAttribute('src')).resolves.toMatch(/^\/media\//);

      await page.goto(`${portalUrl}/course/${course._id}`);
      await expect(page.locator('main h1').textContent()).resolves.toBe(course.courseTitle);

      await page.goto(`${portalUrl}/?lang=hi`);
      await expect(page.locator('html').getAttribute('lang')).resolves.toBe('hi');
      await expect(page.locator('main h1').textContent()).resolves.toBe('कभी भी, कहीं से भी ज्ञान पाएँ।');
    } finally {
      await context.close();
    }
  });

  it('paints the page before the portal renders, then hands over to it without a jump: one main, working controls', async () => {
    const { page, context } = await openPage(browser, PHONE);
    try {
      // When the rendered screen leaves the document (the hand-over), in the page's own clock.
      await page.addInitScript(() => {
        new MutationObserver((_, observer) => {
          if (document.readyState !== 'loading' && !document.getElementById('first-screen')) {
            (window as unknown as { handedOverAt: number }).handedOverAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${portalUrl}/`);
      await page.waitForFunction(() => 'handedOverAt' in window);
      await waitForSettledNetwork(page);
      const { firstContentfulPaint, firstScriptStart, firstPaintOfPage, handedOverAt, mains, rootHidden } = await page.evaluate(
        () =>
          new Promise<{ firstContentfulPaint: number; firstScriptStart: number; firstPaintOfPage: number; handedOverAt: number; mains: number; rootHidden: boolean }>((resolve) => {
            new PerformanceObserver((list) => {
              const scripts = performance.getEntriesByType('resource').filter((entry) => /\.js(\?|$)/.test(entry.name));
              resolve({
                firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
                firstScriptStart: Math.min(...scripts.map((entry) => entry.startTime)),
                firstPaintOfPage: list.getEntries()[0]!.startTime,
                handedOverAt: (window as unknown as { handedOverAt: number }).handedOverAt,
                mains: document.querySelectorAll('main').length,
                rootHidden: document.getElementById('root')!.hidden !== false,
              });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      // The first largest paint is the rendered screen's, before the portal's render replaced it.
      expect(firstPaintOfPage).toBeLessThan(handedOverAt);
      // No script was asked for before that first paint: the bandwidth went to the HTML, its styles and image.
      expect(firstScriptStart).toBeGreaterThanOrEqual(firstContentfulPaint);
      expect(mains).toBe(1);
      expect(rootHidden).toBe(false);
      expect(await layoutShiftSoFar(page)).toBeLessThanOrEqual(0.01);
      // The portal's own controls answer (the rendered ones were inert).
      await page.locator('.home-hero').getByRole('link', { name: 'Get started' }).click();
      await page.waitForURL(`${portalUrl}/course-list`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBeTruthy();
    } finally {
      await context.close();
    }
  });

  it('sends the page the sign-in provider returns to as the portal’s alone: a student signing in is shown their page, not a visitor’s home', async () => {
    // Rendered, a visitor's home stood inert in front of a new student's class question until the hand-over gave up
    // (10 s), whenever the student's data arrived before the portal's first render.
    const { page, context } = await openPage(browser, PHONE);
    try {
      const returned = page.waitForResponse((response) => response.request().isNavigationRequest() && isSignInRedirect(new URL(response.url()).searchParams));
      await signIn(page, portalUrl, 'Diya Patel', { fresh: true });
      const html = await (await returned).text();
      expect(html).not.toContain('id="first-screen"');
      expect(html).toContain('<div id="root"></div>');
      await expect(page.locator('#root').isVisible()).resolves.toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('a signed-in learner’s My Enrollments comes in its HTML', () => {
  it('is rendered by the edge with their own courses from the session the portal handed it, handed over to the portal, and no longer once they sign out', async () => {
    const { page, context } = await openPage(browser, PHONE);
    try {
      await signIn(page, portalUrl, 'Aarav Sharma');
      const token = await cachedAccessToken(page);
      const { courses } = (await (await fetch(`${portalUrl}/api/course/all?limit=100&price=free`)).json()) as { courses: { _id: string }[] };
      expect([200, 201, 409]).toContain((await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: courses[0]!._id }) })).status);
      const enrolled = await callApi<{ enrolledCourses: { courseTitle: string }[] }>(token, '/api/user/enrolled-courses');
      const titles = enrolled.body.enrolledCourses.map((entry) => entry.courseTitle);

      // The portal hands the edge its token: kept where the page's own script cannot read it, sent only with the
      // signed-in page, never with a request of another site.
      const sessionCookies = async () => (await context.cookies()).filter((cookie) => cookie.name === FIRST_SCREEN_SESSION_COOKIE);
      const kept = await eventually(sessionCookies, (cookies) => cookies.length > 0, { what: 'the first-screen session cookie' });
      expect(kept).toEqual([expect.objectContaining({ path: '/my-enrollments', httpOnly: true, sameSite: 'Strict' })]);
      await expect(page.evaluate(() => document.cookie)).resolves.not.toContain(FIRST_SCREEN_SESSION_COOKIE);

      const response = await page.goto(`${portalUrl}/my-enrollments`);
      const html = await response!.text();
      expect(response!.headers()['cache-control']).toBe('private, no-store');
      const rendered = html.slice(html.indexOf('<div id="first-screen"'), html.indexOf('<div id="root" hidden>'));
      expect(rendered).toContain('<h1 class="enrollments__heading">My Enrollments</h1>');
      for (const title of titles) expect(rendered).toContain(title);
      expect(rendered).toContain('Aarav Sharma');
      // Its chrome's bell comes styled, as the portal's is (the bell's styles are in the HTML, not only in its chunk):
      // the same page with scripts turned off, from the same cookies.
      const scriptsOff = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, serviceWorkers: 'block' });
      try {
        await scriptsOff.addCookies(await context.cookies());
        const unscripted = await scriptsOff.newPage();
        await unscripted.goto(`${portalUrl}/my-enrollments`);
        const bell = unscripted.locator('#first-screen .bell__button');
        await expect(bell.evaluate((button) => getComputedStyle(button).borderTopLeftRadius)).resolves.toBe('50%');
      } finally {
        await scriptsOff.close();
      }

      // The portal takes over: one main, its rows, its controls.
      await page.waitForFunction(() => !document.getElementById('first-screen'));
      await expect(page.locator('main').count()).resolves.toBe(1);
      await expect(page.getByRole('heading', { level: 1, name: 'My Enrollments' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('progressbar', { name: `Progress of ${titles[0]}` }).count()).resolves.toBe(1);
      expect(await layoutShiftSoFar(page)).toBeLessThanOrEqual(0.02);

      await page.getByRole('button', { name: 'Aarav Sharma' }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
      await eventually(sessionCookies, (cookies) => cookies.length === 0, { what: 'the first-screen session cookie to go' });
      const afterSignOut = await (await context.request.get(`${portalUrl}/my-enrollments`)).text();
      expect(afterSignOut).not.toContain('id="first-screen"');
    } finally {
      await context.close();
    }
  });
});
