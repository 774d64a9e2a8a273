// What both live benchmarks start from: a class scheduled in a free demo course, the learners enrolled, and the
// educator live from the Go live page in Chromium (with the drawn clock as camera when asked).
import type { Browser, Page } from 'playwright-core';
import { cachedAccessToken, openPage, signIn } from '../../testing/browser/index.js';
import { CLOCK_CAMERA_SCRIPT } from './drawn-clock.js';

export async function api<T>(portalUrl: string, token: string, route: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${portalUrl}${route}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as T };
}

/** Polls `probe` every 500 ms until it gives a value, or fails after `timeoutMs`. */
export async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const ist = (at: number) => new Date(at + 5.5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+05:30');

export interface LiveClassOnAir {
  classId: string;
  courseId: string;
  educator: Page;
  educatorToken: string;
  /** When the Go live page said the class is live. */
  liveAt: number;
}

/** Schedules a class in the first free demo course, enrols `learnerTokens` in it, and goes live as Meera. */
export async function goLive(browser: Browser, portalUrl: string, learnerTokens: string[], options: { clockCamera?: boolean } = {}): Promise<LiveClassOnAir> {
  const meera = await openPage(browser);
  if (options.clockCamera) await meera.context.addInitScript(CLOCK_CAMERA_SCRIPT);
  await signIn(meera.page, portalUrl, 'Meera Iyer');
  const educatorToken = await cachedAccessToken(meera.page);
  const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100&price=free`)).json()) as { courses: { _id: string }[] };
  const courseId = all.courses[0]!._id;
  for (const token of learnerTokens) {
    const purchase = await api(portalUrl, token, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) });
    if (![200, 201, 409].includes(purchase.status)) throw new Error(`enrolling a learner answered ${purchase.status}`);
  }
  const detail = (await (await fetch(`${portalUrl}/api/course/${courseId}`)).json()) as { courseData: { courseContent: { chapterId: string }[] } };
  const scheduled = await api<{ liveClass: { id: string } }>(portalUrl, educatorToken, '/api/educator/live-classes', {
    method: 'POST',
    body: JSON.stringify({ courseId, chapterId: detail.courseData.courseContent[0]!.chapterId, title: 'Benchmark class', startsAt: ist(Date.now() + 3600_000), durationMinutes: 60 }),
  });
  if (scheduled.status !== 201) throw new Error(`scheduling answered ${scheduled.status}`);
  const classId = scheduled.body.liveClass.id;
  await meera.page.goto(`${portalUrl}/educator/live/${classId}`);
  await meera.page.getByRole('button', { name: 'Start the class' }).click();
  await meera.page.getByText('Live: learners are watching').waitFor({ timeout: 30_000 });
  return { classId, courseId, educator: meera.page, educatorToken, liveAt: Date.now() };
}
