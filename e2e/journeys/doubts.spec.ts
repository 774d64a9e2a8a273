// Doubts journey: a student asks under a lecture at 0:42; a classmate finds it while typing the same doubt and
// says "I have this doubt too"; the educator answers from the inbox; the student, with the doubt open, sees the
// answer arrive, plays the video from 0:42 and marks it resolved. An XSS corpus in doubts and answers renders
// inert. Another course's learner and signed-out callers are refused on every doubts route.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { doubtPath, doubtsPath, type DoubtSummary, type EnrolledCourse } from '@academy/contracts';
import { callApi } from '../support/api.js';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const FREE_COURSE_TITLE = 'Class 7 English Grammar Essentials';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function courseIdByTitle(title: string): Promise<string> {
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: { _id: string; courseTitle: string; coursePrice: number }[] };
  return all.courses.find((course) => course.courseTitle === title)!._id;
}

/** Enrols the signed-in student in the free course (409: an earlier run did) and gives its first playable lecture. */
async function enrolInFreeCourse(token: string): Promise<{ courseId: string; lectureId: string }> {
  const courseId = await courseIdByTitle(FREE_COURSE_TITLE);
  const purchase = await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) });
  expect([200, 201, 409]).toContain(purchase.status);
  const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(token, '/api/user/enrolled-courses');
  const course = enrolled.body.enrolledCourses.find((candidate) => candidate._id === courseId)!;
  const lecture = course.courseContent.flatMap((chapter) => chapter.chapterContent).find((candidate) => /\.(?:mp4|m3u8)(?:\?|$)/.test(candidate.lectureUrl ?? ''))!;
  return { courseId, lectureId: lecture.lectureId };
}

describe('doubts', () => {
  it('ask at 0:42, me too, the educator answers from the inbox, the answer arrives live, the time seeks, resolved', async () => {
    const run = Date.now().toString(36);
    const doubtText = `Why does the passive voice need a helping verb here ${run}?`;
    const answerText = `Because the main verb becomes a past participle ${run}`;

    const aarav = await openPage(browser);
    await signIn(aarav.page, portalUrl, 'Aarav Sharma');
    const { courseId, lectureId } = await enrolInFreeCourse(await cachedAccessToken(aarav.page));
    const diya = await openPage(browser);
    await signIn(diya.page, portalUrl, 'Diya Patel');
    await enrolInFreeCourse(await cachedAccessToken(diya.page));

    // The student asks at 0:42 of the lecture.
    await aarav.page.goto(`${portalUrl}/player/${courseId}?lecture=${lectureId}`);
    const panel = aarav.page.getByRole('region', { name: 'Doubts on this lecture' });
    await panel.getByLabel('Your doubt').fill(doubtText);
    await panel.getByLabel('Time in the video').fill('0:42');
    await panel.getByRole('button', { name: 'Post doubt' }).click();
    const asked = panel.getByRole('list', { name: 'Doubts on this lecture' }).getByRole('listitem').filter({ hasText: doubtText });
    await asked.getByRole('button', { name: 'Play from 0:42' }).waitFor();

    // A classmate typing the same doubt finds it in the course search and says "me too" instead of asking again.
    await diya.page.goto(`${portalUrl}/player/${courseId}?lecture=${lectureId}`);
    const diyaPanel = diya.page.getByRole('region', { name: 'Doubts on this lecture' });
    await diyaPanel.getByLabel('Your doubt').fill(`passive voice helping verb ${run}`);
    await diyaPanel.getByRole('heading', { name: 'Doubts in this course like yours' }).waitFor();
    const similar = diyaPanel.locator('.doubts__similar').getByRole('listitem').filter({ hasText: doubtText });
    await similar.getByRole('button', { name: 'I have this doubt too' }).click();
    await diyaPanel.getByRole('button', { name: 'I have this doubt too (1)' }).first().waitFor();

    // The student opens the doubt (its answers refresh while open) before the educator answers.
    await asked.getByRole('button', { name: '0 answers' }).click();
    await asked.getByLabel('Your answer').waitFor();

    // The educator answers from the inbox, filtered to the course; the doubt leaves the inbox.
    const meera = await openPage(browser);
    await signIn(meera.page, portalUrl, 'Meera Iyer');
    await meera.page.goto(`${portalUrl}/educator/inbox`);
    await meera.page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await meera.page.getByLabel('Course').selectOption({ label: FREE_COURSE_TITLE });
    const waiting = meera.page.getByRole('list', { name: 'Unanswered doubts' }).getByRole('listitem').filter({ hasText: doubtText });
    await waiting.getByText(/at 0:42/).waitFor();
    await waiting.getByLabel('Your answer').fill(answerText);
    await waiting.getByRole('button', { name: 'Post answer' }).click();
    await waiting.waitFor({ state: 'detached' });

    // The answer arrives on the student's open page, marked as the educator's, without a reload.
    const answers = asked.getByRole('list', { name: 'Answers' });
    await answers.getByText(answerText).waitFor({ timeout: 20_000 });
    await answers.getByRole('listitem').filter({ hasText: answerText }).getByText('Educator', { exact: true }).waitFor();

    // The doubt's time plays the lecture from there.
    await aarav.page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('video.player__video')!;
      video.muted = true;
      video.pause();
      video.currentTime = 0;
    });
    await asked.getByRole('button', { name: 'Play from 0:42' }).click();
    await aarav.page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('video.player__video');
      return !!video && video.currentTime >= Math.min(42, video.duration) - 1;
    });

    // The asker marks it resolved.
    await asked.getByRole('button', { name: 'Mark resolved' }).click();
    await asked.getByText('Resolved', { exact: true }).waitFor();
    await meera.context.close();
    await diya.context.close();
    await aarav.context.close();
  }, 180_000);

  it('renders an XSS corpus in doubts and answers inert', async () => {
    const { page } = await openPage(browser);
    await signIn(page, portalUrl, 'Aarav Sharma');
    const token = await cachedAccessToken(page);
    const { courseId, lectureId } = await enrolInFreeCourse(token);
    const corpus = [
      '<img src=x onerror="window.__xss=1">',
      '<script>window.__xss=2</script>',
      '[click me](javascript:window.__xss=3)',
      '<svg onload="window.__xss=4"></svg>',
      '"><iframe src="javascript:window.parent.__xss=5"></iframe>',
      '<a href="javascript:window.__xss=6">link</a>',
      '<details open ontoggle="window.__xss=7">x</details>',
    ];
    const first = await callApi<{ doubt: DoubtSummary }>(token, `/api${doubtsPath(courseId)}`, {
      method: 'POST',
      body: JSON.stringify({ lectureId, atSecond: 3, text: `XSS corpus ${corpus.join(' ')}` }),
    });
    expect(first.status).toBe(201);
    const answer = await callApi(token, `/api${doubtPath(courseId, first.body.doubt.id)}/answers`, { method: 'POST', body: JSON.stringify({ text: corpus.join('\n\n') }) });
    expect(answer.status).toBe(201);

    await page.goto(`${portalUrl}/player/${courseId}?lecture=${lectureId}`);
    const item = page.getByRole('region', { name: 'Doubts on this lecture' }).getByRole('listitem').filter({ hasText: 'XSS corpus' }).first();
    await item.getByRole('button', { name: '1 answer' }).click();
    await item.getByRole('list', { name: 'Answers' }).waitFor();
    // The text shows as text; no element the corpus tried to make exists, and no handler ran.
    await item.getByText('<script>window.__xss=2</script>', { exact: false }).first().waitFor();
    for (const link of await item.getByRole('link').all()) expect(await link.getAttribute('href')).toMatch(/^https?:/);
    // No element exists that could run a handler later, so the check below needs no wait.
    expect(await item.locator('img, script, svg, iframe, details, [onerror], [onload], [ontoggle]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  }, 120_000);

  it('refuses signed-out callers (401), another course’s learner and the students at the inbox (403), an unknown course (404)', async () => {
    const { page } = await openPage(browser);
    await signIn(page, portalUrl, 'Diya Patel');
    const diya = await cachedAccessToken(page);
    const free = await enrolInFreeCourse(diya);
    const asked = await callApi<{ doubt: DoubtSummary }>(diya, `/api${doubtsPath(free.courseId)}`, {
      method: 'POST',
      body: JSON.stringify({ lectureId: free.lectureId, atSecond: 1, text: `Access check ${Date.now()}` }),
    });
    expect(asked.status).toBe(201);
    // A paid course Diya has not bought: she is "another course's learner" there.
    const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: { _id: string; coursePrice: number }[] };
    const enrolled = (await callApi<{ enrolledCourses: EnrolledCourse[] }>(diya, '/api/user/enrolled-courses')).body.enrolledCourses.map((course) => course._id);
    const notHers = all.courses.find((course) => course.coursePrice > 0 && !enrolled.includes(course._id))!._id;
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const doubtId = asked.body.doubt.id;
    const routes = (courseId: string): [string, string][] => [
      ['GET', `/api${doubtsPath(courseId)}?lectureId=${free.lectureId}`],
      ['GET', `/api${doubtsPath(courseId)}/search?q=access`],
      ['POST', `/api${doubtsPath(courseId)}`],
      ['GET', `/api${doubtPath(courseId, doubtId)}`],
      ['POST', `/api${doubtPath(courseId, doubtId)}/me-too`],
      ['POST', `/api${doubtPath(courseId, doubtId)}/answers`],
      ['POST', `/api${doubtPath(courseId, doubtId)}/resolve`],
      ['POST', `/api${doubtPath(courseId, doubtId)}/report`],
      ['POST', `/api${doubtPath(courseId, doubtId)}/hide`],
    ];
    const body = JSON.stringify({ lectureId: free.lectureId, atSecond: 1, text: 'Let me in' });
    for (const [method, path] of routes(free.courseId)) {
      const anonymous = await fetch(`${portalUrl}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? body : undefined });
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    for (const [method, path] of routes(notHers)) {
      const refused = await callApi(diya, path, { method, body: method === 'POST' ? body : undefined });
      expect([path, refused.status]).toEqual([path, 403]);
    }
    for (const [method, path] of routes(unknown)) {
      const missing = await callApi(diya, path, { method, body: method === 'POST' ? body : undefined });
      expect([path, missing.status]).toEqual([path, 404]);
    }
    for (const path of ['/api/educator/inbox', '/api/educator/inbox/summary']) {
      expect((await fetch(`${portalUrl}${path}`)).status).toBe(401);
      expect((await callApi(diya, path)).status).toBe(403);
    }
  }, 120_000);
});
