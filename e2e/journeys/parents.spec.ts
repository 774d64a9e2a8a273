// Parents: a new student creates a link code, the demo parent links with it and follows the child's
// progress, buys a course for the child through the same Razorpay checkout, receives the weekly email in the
// sandbox inbox (the real progress queue), and loses access when the student removes the link.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { EnrolledCourse } from '@academy/contracts';
import { callApi } from '../support/api.js';
import { cachedAccessToken, escapeRegExp, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl, sandboxUrl, redisUrl, queuePrefix } = portal();
const FREE_COURSE_TITLE = 'Class 7 English Grammar Essentials';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A student nobody else uses, created on the sandbox's sign-up form. */
async function signUpStudent(page: Page, name: string, email: string): Promise<void> {
  await page.goto(`${portalUrl}/`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  const form = page.getByRole('region', { name: 'Create a student account' });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel(/^Password/).fill('learn-academy-e2e');
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.origin === new URL(portalUrl).origin);
  await page.getByRole('link', { name: 'My Enrollments' }).first().waitFor();
}

async function expandChapter(page: Page, chapterTitle: string): Promise<void> {
  const header = page.getByRole('button', { name: new RegExp(`^\\W*${escapeRegExp(chapterTitle)}`) }).first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

describe('parents', () => {
  it('links with a code, follows progress, buys for the child, gets the weekly email, and loses access when unlinked', async () => {
    const id = randomUUID().slice(0, 6);
    const childName = `Riya Kapoor ${id}`;
    const student = await openPage(browser);
    await signUpStudent(student.page, childName, `riya-${id}@test.academy`);
    const studentToken = await cachedAccessToken(student.page);

    // The student creates a one-time code from the account menu.
    await student.page.getByRole('button', { name: childName }).click();
    await student.page.getByRole('menuitem', { name: 'Parent access' }).click();
    await student.page.getByRole('heading', { level: 1, name: 'Parent access' }).waitFor();
    await student.page.getByRole('button', { name: 'Create a link code' }).click();
    const codeText = (await student.page.locator('.parents__code').textContent())!;
    expect(codeText).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await student.page.getByText(/It expires on \d{2}\/\d{2}\/\d{4} at/).waitFor();

    // The demo parent (already linked to Aarav by the demo activity) links with it.
    const parent = await openPage(browser);
    await signIn(parent.page, portalUrl, 'Kavita Sharma');
    const myChildren = parent.page.getByRole('link', { name: 'My Children' }).first();
    await myChildren.waitFor(); // shown once the user data says parent
    expect(await parent.page.getByRole('link', { name: 'My Enrollments' }).count()).toBe(0);
    await myChildren.click();
    await parent.page.getByRole('heading', { level: 1, name: 'My Children' }).waitFor();
    await parent.page.getByRole('heading', { level: 3, name: 'Aarav Sharma' }).waitFor();
    const codeField = parent.page.getByLabel('Link code');
    parent.expectProblem('request', /^400 POST .*\/api\/parents\/links$/); // the wrong code, refused on purpose
    await codeField.fill('ZZZZ-2222');
    await parent.page.getByRole('button', { name: 'Link child' }).click();
    await parent.page.getByText('That code is not valid. Check it with your child, or ask them for a new one.').waitFor();
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    await codeField.fill(codeText.toLowerCase());
    await parent.page.getByRole('button', { name: 'Link child' }).click();
    await parent.page.getByRole('heading', { level: 3, name: childName }).waitFor();
    // Both see the link.
    await student.page.reload();
    await student.page.getByRole('heading', { level: 3, name: 'Kavita Sharma' }).waitFor();

    // The student enrols in a free course and marks a lecture complete in the player.
    const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: { _id: string; courseTitle: string; coursePrice: number; discount: number }[] };
    const free = all.courses.find((course) => course.courseTitle === FREE_COURSE_TITLE)!;
    expect((await callApi(studentToken, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: free._id }) })).status).toBe(200);
    const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(studentToken, '/api/user/enrolled-courses');
    const course = enrolled.body.enrolledCourses.find((candidate) => candidate._id === free._id)!;
    const total = course.courseContent.reduce((sum, chapter) => sum + chapter.chapterContent.length, 0);
    const first = course.courseContent[0]!;
    await student.page.goto(`${portalUrl}/player/${free._id}`);
    await expandChapter(student.page, first.chapterTitle);
    await student.page.getByRole('button', { name: `Watch ${first.chapterContent[0]!.lectureTitle}`, exact: true }).click();
    await student.page.locator('.player__complete', { hasText: 'Mark Complete' }).click();
    // Mark Complete moves on to the next lecture; the one completed gets its tick in the outline.
    await student.page
      .getByRole('listitem')
      .filter({ has: student.page.getByRole('button', { name: `Watch ${first.chapterContent[0]!.lectureTitle}`, exact: true }) })
      .getByRole('img', { name: 'Completed' })
      .waitFor();

    // The parent sees the child's course with that progress, read-only.
    await parent.page.getByRole('link', { name: `See ${childName}'s report` }).click();
    await parent.page.getByRole('heading', { level: 1, name: `${childName}'s progress` }).waitFor();
    const row = parent.page.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) });
    await row.waitFor();
    expect(await row.textContent()).toContain(`1 / ${total} Lectures`);
    // The one completion rule: every lecture and every chapter quiz is a step, as the learner's own bar counts them.
    const steps = total + course.courseContent.filter((chapter) => chapter.quiz).length;
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(Math.round((1 / steps) * 100)));
    expect(await row.textContent()).toMatch(/In progress/);
    expect(await row.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    const childUrl = parent.page.url();

    // The parent buys a paid course for the child (two children: choose one), paying in the sandbox's Checkout. A
    // course Aarav does not have (other journeys buy for him), so afterwards he can still be chosen for it.
    const links = await callApi<{ children: { email: string; enrolledCourses: string[] }[] }>(await cachedAccessToken(parent.page), '/api/parents/links');
    const aaravCourses = new Set(links.body.children.find((child) => child.email === 'aarav@demo.academy')!.enrolledCourses);
    const paid = all.courses.find((candidate) => Math.round(candidate.coursePrice * (100 - candidate.discount)) > 0 && !aaravCourses.has(candidate._id))!;
    await parent.page.goto(`${portalUrl}/course/${paid._id}`);
    await parent.page.getByRole('heading', { level: 1, name: paid.courseTitle }).waitFor();
    await parent.page.getByLabel('Child').selectOption({ label: childName });
    await parent.page.getByRole('button', { name: 'Enroll my child' }).click();
    const dialog = parent.page.getByRole('dialog', { name: paid.courseTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await parent.page.getByText(/Enrollment successful!/).first().waitFor({ timeout: 30_000 });
    await parent.page.waitForURL((url) => url.href === childUrl);
    await parent.page.getByRole('row', { name: new RegExp(escapeRegExp(paid.courseTitle)) }).waitFor();
    // The child sees it in My Enrollments; the parent is not enrolled; the course page says the child is.
    await student.page.goto(`${portalUrl}/my-enrollments`);
    await student.page.getByRole('row', { name: new RegExp(escapeRegExp(paid.courseTitle)) }).waitFor();
    await parent.page.goto(`${portalUrl}/course/${paid._id}`);
    await parent.page.getByText(`${childName} is already enrolled.`).waitFor();
    expect(await parent.page.getByRole('option', { name: `${childName} (already enrolled)` }).isDisabled()).toBe(true);

    // The weekly email, run through the progress worker's real queue, arrives in the sandbox inbox.
    const connection = { url: redisUrl };
    const queue = new Queue('progress', { connection, prefix: queuePrefix });
    const events = new QueueEvents('progress', { connection, prefix: queuePrefix });
    try {
      await events.waitUntilReady();
      const job = await queue.add('parent-weekly-progress', { periodKey: `e2e-${id}` });
      expect(await job.waitUntilFinished(events, 30_000)).toMatchObject({ sent: expect.any(Number) });
    } finally {
      await events.close();
      await queue.close();
    }
    const inbox = await openPage(browser);
    await inbox.page.goto(`${sandboxUrl}/forms/inbox`);
    const email = inbox.page.locator('article.mail', { hasText: 'kavita@demo.academy' }).filter({ hasText: childName }).first();
    await email.getByRole('heading', { name: 'Your weekly progress summary from Academy' }).waitFor();
    expect(await email.textContent()).toContain(`${FREE_COURSE_TITLE}: 1 of ${total} lectures complete`);
    await email.getByRole('link', { name: /Open the HTML version/ }).click();
    await inbox.page.getByRole('heading', { level: 2, name: childName }).waitFor();
    await inbox.context.close();

    // The student removes the link: the parent loses access.
    await student.page.goto(`${portalUrl}/parent-access`);
    await student.page.getByRole('button', { name: 'Remove link with Kavita Sharma' }).click();
    await student.page.getByRole('alertdialog', { name: 'Remove the link with Kavita Sharma?' }).getByRole('button', { name: 'Remove Kavita Sharma' }).click();
    await student.page.getByText('No parent is linked to your account.').waitFor();
    parent.expectProblem('request', /^404 GET .*\/api\/parents\/children\//); // the unlinked child's progress
    await parent.page.goto(childUrl);
    await parent.page.getByText('This learner is not linked to your account').waitFor();
    await parent.page.goto(`${portalUrl}/parent`);
    await parent.page.getByRole('heading', { level: 3, name: 'Aarav Sharma' }).waitFor();
    expect(await parent.page.getByRole('heading', { level: 3, name: childName }).count()).toBe(0);
    await student.context.close();
    await parent.context.close();
  }, 180_000);
});
