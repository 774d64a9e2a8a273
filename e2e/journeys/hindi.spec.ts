// Hindi: the language switch on /, remembered in the browser, chosen first from the browser's language, and every
// mounted remote re-rendered at once without a reload, loading only the chosen language's strings.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { cachedAccessToken, escapeRegExp, launchBrowser, openPage } from '@academy/infra/browser';
import { eventually, pdfText } from '@academy/service-core/testing';
import { portal } from '../support/portal.js';
import { text } from '../support/translations.js';

const { portalUrl } = portal();
const hi = (key: Parameters<typeof text>[1], values?: Record<string, string | number>) => text('hi', key, values);
// The demo catalogue's course taught in Hindi: paid, a chapter quiz after its first chapter (demo-courses.ts).
const HINDI_COURSE = {
  title: 'कक्षा 8 हिंदी: व्याकरण और रचना',
  chapter: 'शब्द-भेद',
  uploadedLecture: 'विशेषण से वाक्य सजाइए',
  quiz: 'संज्ञा और सर्वनाम की जाँच',
};
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The translation chunks the page fetched, as "namespace-language" (i18n-learner-hi-json.1a2b3c4d.js → learner-hi). */
function translationChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = /i18n-([a-z]+)-([a-z]+)-json/.exec(new URL(request.url()).pathname);
    if (match) seen.push(`${match[1]}-${match[2]}`);
  });
  return seen;
}

describe('the portal in Hindi', () => {
  it('switches every part of / to Hindi without a reload, and remembers it', async () => {
    const { page, context } = await openPage(browser, undefined, { locale: 'en-IN' });
    const chunks = translationChunks(page);
    await page.goto(`${portalUrl}/`);
    await page.getByRole('button', { name: 'Create Account', exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // The info remote's testimonials load below the fold: scroll to them, so the shell and two remotes are mounted.
    await page.getByRole('heading', { level: 2, name: text('en', 'info:sections.testimonials.heading') }).scrollIntoViewIfNeeded();
    await page.getByRole('heading', { level: 2, name: text('en', 'info:sections.testimonials.heading') }).waitFor();
    expect(chunks.every((chunk) => chunk.endsWith('-en'))).toBe(true);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    // The shell's chrome, the learner remote's page and the info remote's section, all at once.
    await page.getByRole('button', { name: hi('shell:nav.createAccount'), exact: true }).waitFor();
    await page.getByRole('heading', { level: 1, name: hi('learner:catalogue.home.heroTitle') }).waitFor();
    await page.getByRole('heading', { level: 2, name: hi('info:sections.testimonials.heading') }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: text('en', 'info:sections.testimonials.heading') }).count()).toBe(0);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(chunks).toEqual(expect.arrayContaining(['shell-hi', 'learner-hi', 'info-hi', 'ui-hi', 'platform-hi']));

    await page.reload();
    await page.getByRole('button', { name: hi('shell:nav.createAccount'), exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await context.close();
  });

  it('starts in Hindi for a browser set to Hindi, fetching only the Hindi strings', async () => {
    const { page, context } = await openPage(browser, undefined, { locale: 'hi-IN' });
    const chunks = translationChunks(page);
    await page.goto(`${portalUrl}/`);
    await page.getByRole('button', { name: hi('shell:nav.createAccount'), exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => !chunk.endsWith('-hi'))).toEqual([]);
    await context.close();
  });

  it('opens in Hindi from a link with ?lang=hi, whatever the browser says', async () => {
    const { page, context } = await openPage(browser, undefined, { locale: 'en-US' });
    await page.goto(`${portalUrl}/about?lang=hi`);
    await page.getByRole('button', { name: hi('shell:nav.createAccount'), exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await context.close();
  });

  it('a new learner spends their day in Hindi: signs up, finds a Hindi course, buys it, watches, passes the quiz, gets a Hindi receipt', async () => {
    const { page, context } = await openPage(browser, undefined, { locale: 'hi-IN' });
    await page.goto(`${portalUrl}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('hi');

    // Sign up on the sandbox's (English) sign-in page; back on the portal, everything is Hindi.
    await page.getByRole('button', { name: hi('shell:nav.createAccount'), exact: true }).click();
    const form = page.getByRole('region', { name: 'Create a student account' });
    await form.getByLabel('Full name').fill(`Anaya Verma ${randomUUID().slice(0, 6)}`);
    await form.getByLabel('Email address').fill(`anaya-${randomUUID().slice(0, 8)}@school.example`);
    await form.getByLabel(/^Password/).fill('learn-academy-e2e');
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.origin === new URL(portalUrl).origin);
    await page.getByRole('link', { name: hi('shell:nav.myEnrollments') }).first().waitFor();
    const token = await cachedAccessToken(page);
    // The browser's language is recorded for the new user (their emails come in it).
    const savedLanguage = await eventually(
      async () => {
        const answer = await fetch(`${portalUrl}/api/user/data`, { headers: { Authorization: `Bearer ${token}` } });
        return ((await answer.json()) as { user: { language?: string | null } }).user.language;
      },
      (language) => language === 'hi',
      { what: 'the new user’s language on the server' },
    );
    expect(savedLanguage).toBe('hi');

    // Browse: the course list filtered to courses taught in Hindi.
    await page.goto(`${portalUrl}/course-list?language=hi`);
    await page.getByRole('heading', { level: 1, name: hi('learner:catalogue.list.title') }).waitFor();
    await page.getByRole('link', { name: HINDI_COURSE.title }).click();
    await page.getByRole('heading', { level: 1, name: HINDI_COURSE.title }).waitFor();
    const courseId = new URL(page.url()).pathname.split('/').pop()!;

    // Buy it through the sandbox's Razorpay Checkout.
    await page.getByRole('button', { name: hi('learner:catalogue.enroll.enrollNow') }).first().click();
    await page.getByRole('dialog', { name: HINDI_COURSE.title }).getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText(hi('learner:checkout.enrolled')).first().waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname === '/my-enrollments', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: hi('learner:enrollments.title') }).waitFor();
    await page.getByRole('row', { name: new RegExp(escapeRegExp(HINDI_COURSE.title)) }).waitFor();

    // Watch an uploaded lecture.
    await page.goto(`${portalUrl}/player/${courseId}`);
    await page.getByRole('heading', { level: 1, name: HINDI_COURSE.title }).waitFor();
    const chapter = page.getByRole('button', { name: new RegExp(`^\\W*${escapeRegExp(HINDI_COURSE.chapter)}`) }).first();
    if ((await chapter.getAttribute('aria-expanded')) !== 'true') await chapter.click();
    await page.getByRole('button', { name: hi('learner:player.chapters.watch', { title: HINDI_COURSE.uploadedLecture }) }).click();
    await page.locator('video.player__video').waitFor();
    await page.evaluate(() => {
      const video = document.querySelector('video.player__video') as HTMLVideoElement;
      video.muted = true;
      return video.play();
    });
    await page.waitForFunction(() => ((document.querySelector('video.player__video') as HTMLVideoElement | null)?.currentTime ?? 0) > 1.5, undefined, { timeout: 15_000 });

    // Pass the chapter's quiz, asked and graded in Hindi.
    await page.getByRole('button', { name: hi('learner:player.chapters.takeQuiz', { title: HINDI_COURSE.quiz }) }).click();
    await page.getByRole('heading', { name: hi('learner:player.quiz.title', { title: HINDI_COURSE.quiz }) }).waitFor();
    const quiz = page.locator('form.quiz__form');
    await quiz.getByRole('radio', { name: 'राम', exact: true }).check();
    await quiz.getByRole('checkbox', { name: 'वह', exact: true }).check();
    await quiz.getByRole('checkbox', { name: 'हम', exact: true }).check();
    await quiz.getByLabel(hi('learner:player.quiz.yourAnswerTo', { number: 3 })).fill('3');
    await quiz.getByRole('button', { name: hi('learner:player.quiz.submit') }).click();
    await page.getByRole('heading', { name: hi('learner:player.quiz.resultPassed', { score: 5, maxScore: 5, percent: 100 }) }).waitFor();

    // The receipt, asked for in Hindi: Devanagari and ₹ in the PDF's own text.
    const purchases = (await (await fetch(`${portalUrl}/api/user/purchases`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      purchases: { purchaseId: string; courseTitle: string }[];
    };
    const purchase = purchases.purchases.find((entry) => entry.courseTitle === HINDI_COURSE.title)!;
    const receipt = await fetch(`${portalUrl}/api/user/purchases/${purchase.purchaseId}/receipts/payment?lang=hi`, { headers: { Authorization: `Bearer ${token}` } });
    expect(receipt.status).toBe(200);
    const receiptText = await pdfText(Buffer.from(await receipt.arrayBuffer()));
    expect(receiptText).toContain('₹');
    expect(receiptText).toContain('रसीद');
    expect(receiptText).not.toContain('INR');
    await context.close();
  }, 120_000);
});
