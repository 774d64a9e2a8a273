// Hindi: the language switch on /, remembered in the browser, chosen first from the browser's language, and every
// mounted remote re-rendered at once without a reload, loading only the chosen language's strings.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { cachedAccessToken, escapeRegExp, launchBrowser, openPage, playOpenedLecture, signIn } from '@academy/infra/browser';
import { eventually, pdfText } from '@academy/service-core/testing';
import { portal } from '../support/portal.js';
import { text } from '../support/translations.js';

const { portalUrl, sandboxUrl, redisUrl, queuePrefix } = portal();
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

// The smallest valid PNG (1 × 1 pixel), as a thumbnail.
const THUMBNAIL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function savedLanguage(token: string): Promise<string | null | undefined> {
  const answer = await fetch(`${portalUrl}/api/user/data`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { user: { language?: string | null } }).user.language;
}

/** Puts a demo account back in English (other journeys sign in as it and read English). */
async function backToEnglish(token: string): Promise<void> {
  const answer = await fetch(`${portalUrl}/api/user/data/language`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'en' }),
  });
  expect(answer.status).toBe(200);
}

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
    await page.getByRole('heading', { level: 2, name: text('en', 'learner:catalogue.home.ctaTitle') }).scrollIntoViewIfNeeded();
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

    // The choice is also kept in a cookie, so the edge preloads the Hindi strings (not the browser's English ones).
    chunks.length = 0;
    await page.reload();
    await page.getByRole('button', { name: hi('shell:nav.createAccount'), exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => !chunk.endsWith('-hi'))).toEqual([]);
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
    await eventually(() => savedLanguage(token), (language) => language === 'hi', { what: 'the new user’s language on the server' });

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
    await page.getByRole('button', { name: hi('learner-study:player.chapters.watch', { title: HINDI_COURSE.uploadedLecture }) }).click();
    await playOpenedLecture(page, HINDI_COURSE.uploadedLecture);

    // Pass the chapter's quiz, asked and graded in Hindi.
    await page.getByRole('button', { name: hi('learner-study:player.chapters.takeQuiz', { title: HINDI_COURSE.quiz }) }).click();
    await page.getByRole('heading', { name: hi('learner-study:player.quiz.title', { title: HINDI_COURSE.quiz }) }).waitFor();
    const quiz = page.locator('form.quiz__form');
    await quiz.getByRole('radio', { name: 'राम', exact: true }).check();
    await quiz.getByRole('checkbox', { name: 'वह', exact: true }).check();
    await quiz.getByRole('checkbox', { name: 'हम', exact: true }).check();
    await quiz.getByLabel(hi('learner-study:player.quiz.yourAnswerTo', { number: 3 })).fill('3');
    await quiz.getByRole('button', { name: hi('learner-study:player.quiz.submit') }).click();
    await page.getByRole('heading', { name: hi('learner-study:player.quiz.resultPassed', { score: 5, maxScore: 5, percent: 100 }) }).waitFor();

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

  it('an educator who chose Hindi adds a course taught in Hindi, and their other device opens in Hindi', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Meera Iyer');
    const token = await cachedAccessToken(page);
    try {
      await page.getByRole('combobox', { name: 'Language' }).first().selectOption('hi');
      await eventually(() => savedLanguage(token), (language) => language === 'hi', { what: 'Meera’s language on the server' });

      const title = `कक्षा 7 विज्ञान: पौधों में पोषण ${randomUUID().slice(0, 6)}`;
      await page.goto(`${portalUrl}/educator/add-course`);
      await page.getByRole('heading', { level: 1, name: hi('educator:addCourse.page.title') }).waitFor();
      await page.getByLabel(hi('educator:addCourse.form.courseTitle')).fill(title);
      await page.locator('.rte-editor [contenteditable="true"]').click();
      await page.keyboard.type('पौधे अपना भोजन कैसे बनाते हैं: प्रकाश-संश्लेषण, सरल प्रयोगों के साथ।');
      await page.getByLabel(hi('educator:addCourse.form.coursePrice')).fill('299');
      await page.getByLabel(hi('educator:addCourse.form.discount')).fill('0');
      await page.getByLabel(hi('educator:addCourse.form.classFrom')).selectOption('7');
      await page.getByLabel(hi('educator:addCourse.form.classTo')).selectOption('7');
      await page.getByLabel(hi('educator:addCourse.form.subject'), { exact: true }).selectOption('science');
      await page.getByLabel(hi('educator:addCourse.form.board'), { exact: true }).selectOption('any');
      await page.getByLabel(hi('educator:addCourse.form.language'), { exact: true }).selectOption('hi');
      await page.locator('input[type="file"]').setInputFiles({ name: 'poshan.png', mimeType: 'image/png', buffer: THUMBNAIL_PNG });
      await page.getByRole('img', { name: hi('educator:addCourse.thumbnail.previewOf', { name: 'poshan.png' }) }).waitFor();

      await page.getByRole('button', { name: hi('educator:addCourse.chapters.addChapterOpen') }).click();
      const chapterName = page.getByRole('textbox', { name: hi('educator:addCourse.chapters.chapterNameLabel') });
      await chapterName.fill('प्रकाश-संश्लेषण');
      await chapterName.press('Enter');
      await page.getByRole('button', { name: new RegExp(`^${escapeRegExp(hi('educator:addCourse.chapters.addLecture'))}`) }).first().click();
      const lecture = page.getByRole('dialog', { name: hi('educator:addCourse.lecture.addTitle') });
      await lecture.getByLabel(hi('educator:addCourse.lecture.title')).fill('पत्तियाँ भोजन कैसे बनाती हैं');
      await lecture.getByLabel(hi('educator:addCourse.lecture.duration')).fill('12');
      await lecture.getByLabel(hi('educator:addCourse.lecture.lectureUrl')).fill('https://youtu.be/dQw4w9WgXcQ');
      await lecture.getByRole('button', { name: hi('educator:addCourse.lecture.add'), exact: true }).click();
      await lecture.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: hi('educator:addCourse.page.submit'), exact: true }).click();

      // Published, taught in Hindi: the course list's Hindi filter finds it, and so does a search in Devanagari.
      const published = await eventually(
        async () => {
          const answer = (await (await fetch(`${portalUrl}/api/course/all?language=hi&search=${encodeURIComponent('पोषण')}`)).json()) as {
            courses: { courseTitle: string; language: string }[];
          };
          return answer.courses.find((course) => course.courseTitle === title);
        },
        { what: 'the new Hindi course in the catalogue' },
      );
      expect(published.language).toBe('hi');

      // Another device, its browser in English: once Meera has signed in there, the portal turns to Hindi.
      const other = await openPage(browser, undefined, { locale: 'en-US' });
      await other.page.goto(`${portalUrl}/`);
      await other.page.getByRole('button', { name: 'Create Account', exact: true }).click();
      await other.page.getByRole('button', { name: 'Sign in as Meera Iyer' }).click();
      await other.page.waitForURL((url) => url.pathname === '/educator');
      await other.page.waitForFunction(() => document.documentElement.lang === 'hi');
      await other.page.getByRole('heading', { level: 1 }).filter({ hasText: /[\u0900-\u097F]/ }).first().waitFor();
      await other.context.close();
    } finally {
      await backToEnglish(token);
      await context.close();
    }
  }, 120_000);

  it('a parent who chose Hindi reads the weekly email in Hindi', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Kavita Sharma');
    const token = await cachedAccessToken(page);
    try {
      await page.getByRole('combobox', { name: 'Language' }).first().selectOption('hi');
      await eventually(() => savedLanguage(token), (language) => language === 'hi', { what: 'Kavita’s language on the server' });

      // The weekly email, run through the progress worker's real queue, arrives in the sandbox inbox.
      const connection = { url: redisUrl };
      const queue = new Queue('progress', { connection, prefix: queuePrefix });
      const events = new QueueEvents('progress', { connection, prefix: queuePrefix });
      try {
        await events.waitUntilReady();
        const job = await queue.add('parent-weekly-progress', { periodKey: `e2e-hindi-${randomUUID().slice(0, 6)}` });
        expect(await job.waitUntilFinished(events, 30_000)).toMatchObject({ sent: expect.any(Number) });
      } finally {
        await events.close();
        await queue.close();
      }
      const inbox = await openPage(browser);
      await inbox.page.goto(`${sandboxUrl}/forms/inbox`);
      const email = inbox.page.locator('article.mail', { hasText: 'kavita@demo.academy' }).filter({ hasText: text('hi', 'progressEmails:weekly.subject') }).first();
      await email.getByRole('heading', { name: text('hi', 'progressEmails:weekly.subject') }).waitFor();
      expect(await email.textContent()).toContain(text('hi', 'progressEmails:weekly.intro'));
      await inbox.context.close();
    } finally {
      await backToEnglish(token);
      await context.close();
    }
  }, 120_000);
});
