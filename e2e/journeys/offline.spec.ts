// Offline: with the portal's service worker installed, a learner on a train keeps My Enrollments, the player's
// course outline and the notes they chose to keep; a lecture marked complete without a network is sent when it
// returns and counted once, even with two tabs open. The portal is installable (Chromium's own check).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { lecturesInOrder, quizPath, quizzesOf, type CourseSummary, type EnrolledCourse, type LearnerProgressData, type QuizForLearner } from '@academy/contracts';
import { cachedAccessToken, escapeRegExp, expandChapter, launchBrowser, openPage } from '@academy/infra/browser';
import { callApi } from '../support/api.js';
import { eventually } from '@academy/service-core/testing';
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

async function signUpStudent(page: Page): Promise<void> {
  await page.goto(`${portalUrl}/`);
  await page.getByRole('button', { name: 'Create Account' }).first().click();
  const form = page.getByRole('region', { name: 'Create a student account' });
  await form.getByLabel('Full name').fill(`Tara Offline ${randomUUID().slice(0, 4)}`);
  await form.getByLabel('Email address').fill(`${randomUUID().slice(0, 8)}@offline.e2e`);
  await form.getByLabel(/^Password/).fill('learn-academy-e2e');
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.origin === new URL(portalUrl).origin);
  await page.getByRole('link', { name: 'My Enrollments' }).first().waitFor({ state: 'attached' });
}

/** Waits until the portal's worker is active and controls the page (it claims open pages when it activates). */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker?: { controller: unknown } } }).navigator.serviceWorker?.controller != null, undefined, {
    timeout: 30_000,
  });
}

async function enrolInFreeCourse(token: string): Promise<EnrolledCourse> {
  const found = ((await (await fetch(`${portalUrl}/api/course/all?search=english%20grammar`)).json()) as { courses: CourseSummary[] }).courses;
  const free = found.find((course) => course.courseTitle === FREE_COURSE_TITLE)!;
  expect([200, 201]).toContain((await callApi(token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId: free._id }) })).status);
  const enrolled = await callApi<{ enrolledCourses: EnrolledCourse[] }>(token, '/api/user/enrolled-courses');
  return enrolled.body.enrolledCourses.find((course) => course._id === free._id)!;
}

async function completedLectures(token: string, courseId: string): Promise<string[]> {
  const answer = await callApi<{ progressData: LearnerProgressData }>(token, '/api/user/get-course-progress', { method: 'POST', body: JSON.stringify({ courseId }) });
  expect(answer.status).toBe(200);
  return answer.body.progressData.lectureCompleted;
}

describe('offline', () => {
  it('is installable: a manifest with icons, a theme colour and a start URL, and a worker controlling the page', async () => {
    const { page, context } = await openPage(browser, undefined, { serviceWorkers: 'allow' });
    try {
      await page.goto(`${portalUrl}/`);
      await waitForServiceWorker(page);
      const manifest = await page.evaluate(`fetch('/manifest.webmanifest').then(async (r) => ({ type: r.headers.get('content-type'), body: await r.json() }))`) as {
        type: string;
        body: { start_url: string; theme_color: string; display: string; icons: { sizes: string; type: string }[] };
      };
      expect(manifest.type).toMatch(/^application\/manifest\+json/);
      expect(manifest.body.theme_color).toBe('#0e7490');
      expect(manifest.body.display).toBe('standalone');
      expect(manifest.body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      // Chromium's own installability check (what decides whether it offers to install the portal).
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      // The test browser's contexts are incognito windows, where Chromium never offers to install: that one is ours to ignore.
      expect(installabilityErrors.map((error) => error.errorId).filter((errorId) => errorId !== 'in-incognito')).toEqual([]);
      const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
      expect(url).toBe(`${portalUrl}/manifest.webmanifest`);
    } finally {
      await context.close();
    }
  });

  it('under the worker, a page online is the edge’s, with its first-screen preloads; the shell’s scripts come from the worker’s cache', async () => {
    const { page, context } = await openPage(browser, undefined, { serviceWorkers: 'allow' });
    try {
      await page.goto(`${portalUrl}/`);
      await waitForServiceWorker(page);
      const shellScripts: { url: string; fromWorker: boolean }[] = [];
      page.on('response', (response) => {
        if (/\/main\.[0-9a-f]{8,}\.js$/.test(new URL(response.url()).pathname)) shellScripts.push({ url: response.url(), fromWorker: response.fromServiceWorker() });
      });
      const document = await page.goto(`${portalUrl}/`);
      expect(document!.fromServiceWorker()).toBe(true);
      // The edge's HTML names the page's remote and data (a rendered page's, once its first paint started its
      // scripts, which the portal's heading shows); the precached index.html names neither.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const preloaded = await page.evaluate(`[...document.querySelectorAll('link[rel=preload]')].map((link) => new URL(link.href).pathname)`) as string[];
      expect(preloaded).toEqual(expect.arrayContaining(['/runtime-config.json', '/mfe/learner/remoteEntry.js']));
      expect(shellScripts).toEqual([{ url: expect.stringContaining('/main.'), fromWorker: true }]);
      // Kept by the worker on activation, in its own cache (not by the install-time precache).
      const kept = await page.evaluate(`caches.open('academy-shell-scripts-v1').then((cache) => cache.keys()).then((keys) => keys.map((key) => new URL(key.url).pathname))`) as string[];
      expect(kept).toContain(new URL(shellScripts[0]!.url).pathname);
      // A navigation the shell does not answer (an API answer or a file in its own tab) is answered by the worker with
      // the request navigation preload started; left to the browser, it would be fetched a second time.
      const fileInItsTab = await page.goto(`${portalUrl}/api/course/all?limit=1`);
      expect([fileInItsTab!.status(), fileInItsTab!.fromServiceWorker()]).toEqual([200, true]);
    } finally {
      await context.close();
    }
  });

  it('opens My Enrollments, the outline and a kept PDF without a network; a lecture completed and a quiz answered offline count once', async () => {
    const watched = await openPage(browser, undefined, { serviceWorkers: 'allow' });
    const { page, context } = watched;
    // Without a network every call to the API fails on purpose: the pages answer from the device's copy.
    watched.expectProblem('request', /ERR_INTERNET_DISCONNECTED/);
    try {
      await signUpStudent(page);
      const token = await cachedAccessToken(page);
      const course = await enrolInFreeCourse(token);
      const lectures = lecturesInOrder(course.courseContent);
      const withNotes = lectures.find(({ lecture }) => lecture.notesUrl)!;
      expect(withNotes).toBeDefined();
      const toComplete = lectures.find(({ lecture }) => lecture.lectureUrl)!;
      await waitForServiceWorker(page);

      // Online: My Enrollments and the player, which keep their copy; the learner keeps the notes of one lecture.
      await page.goto(`${portalUrl}/my-enrollments`);
      await page.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) }).waitFor();
      await page.goto(`${portalUrl}/player/${course._id}`);
      await page.getByRole('heading', { name: FREE_COURSE_TITLE }).waitFor();
      const notesName = `Lecture ${withNotes.label} - ${withNotes.lecture.lectureTitle}`;
      await page.getByRole('button', { name: `Keep offline notes of ${notesName}`, exact: true }).click();
      await page.getByRole('link', { name: `Open offline copy of notes of ${notesName} (opens in a new tab)` }).waitFor();
      // The chapter quiz, opened once online, is kept so it can be answered offline.
      const quiz = quizzesOf(course.courseContent)[0]!;
      expect(quiz).toBeDefined();
      const quizChapter = course.courseContent.find((chapter) => chapter.quiz?.quizId === quiz.quizId)!;
      await expandChapter(page, quizChapter.chapterTitle);
      await page.getByRole('button', { name: `Take quiz ${quiz.title}`, exact: true }).click();
      await page.locator('form.quiz__form').waitFor();

      // A course this learner is not enrolled in (say, refunded) left in the device's copy is purged on the next
      // online read: the server's list is the entitlement.
      await page.evaluate(`new Promise((resolve, reject) => {
        const open = indexedDB.open('academy-learner-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['courses', 'files'], 'readwrite');
          tx.objectStore('courses').put({ userId: ${JSON.stringify(await userIdOf(page))}, order: 99, savedAt: Date.now(), course: { _id: 'refunded-course', courseTitle: 'Refunded', courseContent: [] }, progress: { lectureCompleted: [], quizzes: [], assignments: [], positions: {}, lastLectureId: null } });
          tx.objectStore('files').put({ id: 'refunded-file', userId: ${JSON.stringify(await userIdOf(page))}, courseId: 'refunded-course', lectureId: 'x', kind: 'notes', title: 'Refunded notes', blob: new Blob(['%PDF-1.4']), savedAt: Date.now() });
          tx.oncomplete = () => resolve(true);
          tx.onerror = () => reject(tx.error);
        };
      })`);
      await page.goto(`${portalUrl}/my-enrollments`);
      await page.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) }).waitFor();
      expect(await eventually(() => page.evaluate(countOfflineRows('refunded-course')), (count) => count === 0)).toBe(0);

      // The network goes: My Enrollments still opens (from the device's copy), saying so.
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'My Enrollments' }).waitFor();
      await page.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) }).waitFor();
      await page.getByText(/You are offline: this is your list as of/).waitFor();
      await page.getByRole('status', { name: 'Offline' }).getByText('Videos need a connection').waitFor();

      // The player's outline, and the kept notes open from the device (the PDF's own bytes).
      await page.getByRole('button', { name: new RegExp(`open ${escapeRegExp(FREE_COURSE_TITLE)}`) }).click();
      await page.getByRole('heading', { name: FREE_COURSE_TITLE }).waitFor();
      await page.getByRole('heading', { name: 'Course Structure' }).waitFor();
      const kept = page.getByRole('link', { name: `Open offline copy of notes of ${notesName} (opens in a new tab)` });
      const href = (await kept.getAttribute('href'))!;
      expect(href).toMatch(/^blob:/);
      // The link's bytes are the file kept on the device: the PDF itself.
      const head = (await page.evaluate(`new Promise((resolve, reject) => {
        const open = indexedDB.open('academy-learner-offline');
        open.onsuccess = () => {
          const request = open.result.transaction('files', 'readonly').objectStore('files').getAll();
          request.onsuccess = async () => {
            const file = request.result.find((row) => row.courseId === ${JSON.stringify(course._id)} && row.kind === 'notes');
            const bytes = new Uint8Array(await file.blob.arrayBuffer());
            resolve({ size: bytes.byteLength, head: String.fromCharCode(...bytes.slice(0, 5)) });
          };
          request.onerror = () => reject(request.error);
        };
      })`)) as { size: number; head: string };
      expect(head.head).toBe('%PDF-');
      expect(head.size).toBeGreaterThan(100);
      const [pdfTab] = await Promise.all([context.waitForEvent('page'), kept.click()]);
      await pdfTab.waitForLoadState();
      expect(pdfTab.url()).toBe(href);
      await pdfTab.close();

      // Mark a lecture complete offline: shown at once, queued on the device; video says it needs the network.
      await expandChapter(page, course.courseContent.find((chapter) => chapter.chapterContent.some((l) => l.lectureId === toComplete.lecture.lectureId))!.chapterTitle);
      await page.getByRole('button', { name: `Watch ${toComplete.lecture.lectureTitle}`, exact: true }).click();
      await page.getByText('Videos are not available offline.').waitFor();
      const sentCompletions: string[] = [];
      context.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/user/update-course-progress') sentCompletions.push(request.url());
      });
      await page.locator('.player__complete').click();
      await page.getByText('Marked complete on this device').waitFor();
      expect(await completedLectures(token, course._id)).not.toContain(toComplete.lecture.lectureId);

      // The quiz, answered offline: kept on the device for grading when the network returns.
      await expandChapter(page, quizChapter.chapterTitle);
      await page.getByRole('button', { name: `Take quiz ${quiz.title}`, exact: true }).click();
      const form = page.locator('form.quiz__form');
      await form.waitFor();
      for (const question of await form.locator('fieldset.quiz__question').all()) {
        const text = question.locator('input[type="text"]');
        if ((await text.count()) > 0) await text.fill('1');
        else await question.locator('input').first().check();
      }
      await form.getByRole('button', { name: 'Submit answers' }).click();
      await page.getByText('your answers are saved on this device and are sent for grading when you are back online').waitFor();
      const attemptsBefore = (await callApi<QuizForLearner>(token, quizPath(course._id, quiz.quizId).replace(/^\/user/, '/api/user'))).body.standing.attempts;
      expect(attemptsBefore).toBe(0);

      // A second tab is open too when the network returns: both hear it, the completion is sent once.
      const secondTab = await context.newPage();
      await secondTab.goto(`${portalUrl}/my-enrollments`);
      await secondTab.getByRole('row', { name: new RegExp(escapeRegExp(FREE_COURSE_TITLE)) }).waitFor();
      await context.setOffline(false);
      const sentNotice = /Back online: 2 changes made offline sent/;
      await Promise.any([page.getByText(sentNotice).waitFor(), secondTab.getByText(sentNotice).waitFor()]);
      const completed = await eventually(() => completedLectures(token, course._id), (done) => done.includes(toComplete.lecture.lectureId));
      expect(completed.filter((lectureId) => lectureId === toComplete.lecture.lectureId)).toHaveLength(1);
      // Sends run one at a time under the outbox's Web Lock in either tab: once both outboxes are empty and no tab
      // holds or waits for the lock, no second send can still be on its way.
      for (const tab of [page, secondTab]) await eventually(async () => (await tab.evaluate(outboxSettled())) === true, (settled) => settled);
      expect(sentCompletions).toHaveLength(1);
      const graded = await eventually(
        async () => (await callApi<QuizForLearner>(token, quizPath(course._id, quiz.quizId).replace(/^\/user/, '/api/user'))).body.standing.attempts,
        (attempts) => attempts > 0,
      );
      expect(graded).toBe(1);
      await secondTab.close();
    } finally {
      await context.close();
    }
  });
});

/** The signed-in user's subject, as the sign-in SDK keeps it (the key of what the device keeps for them). */
async function userIdOf(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith('@@auth0spajs@@') && key.endsWith('@@user@@')) return JSON.parse(localStorage.getItem(key)).decodedToken.user.sub;
    }
    return null;
  })()`)) as string;
}

function countOfflineRows(courseId: string): string {
  return `new Promise((resolve) => {
    const open = indexedDB.open('academy-learner-offline');
    open.onsuccess = () => {
      const tx = open.result.transaction(['courses', 'files'], 'readonly');
      let count = 0;
      tx.objectStore('courses').getAll().onsuccess = (event) => { count += event.target.result.filter((row) => row.course._id === ${JSON.stringify(courseId)}).length; };
      tx.objectStore('files').getAll().onsuccess = (event) => { count += event.target.result.filter((row) => row.courseId === ${JSON.stringify(courseId)}).length; };
      tx.oncomplete = () => resolve(count);
    };
  })`;
}

/** True when the device's outbox is empty and no tab holds or waits for its lock (nothing left to send). */
function outboxSettled(): string {
  return `(async () => {
    const count = await new Promise((resolve) => {
      const open = indexedDB.open('academy-outbox');
      open.onsuccess = () => {
        const request = open.result.transaction('writes', 'readonly').objectStore('writes').count();
        request.onsuccess = () => resolve(request.result);
      };
    });
    const locks = await navigator.locks.query();
    const busy = [...(locks.held ?? []), ...(locks.pending ?? [])].some((lock) => String(lock.name).startsWith('academy-outbox'));
    return count === 0 && !busy;
  })()`;
}
