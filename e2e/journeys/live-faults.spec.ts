// Live class faults journey: the educator's network drops for 20 s in the middle of a class (every packet their
// browser sends is dropped: its WebRTC to Janus and its HTTP and WebSocket to the portal, see
// e2e/support/network-cut.ts). The learner on a phone sees "The teacher is reconnecting", the educator sees that
// they are reconnecting, and when the network is back the educator's page publishes again by itself and the
// learner's video advances again (target 5 s), without anyone reloading.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { LiveClassDto } from '@academy/contracts';
import { callApi } from '../support/api.js';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { NetworkCut, networkCutUnavailable } from '../support/network-cut.js';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const OUTAGE_MS = 20_000;
const unavailable = networkCutUnavailable();
const cut = new NetworkCut('educator');
let educatorBrowser: Browser;
let learnerBrowser: Browser;

beforeAll(async () => {
  if (unavailable) return;
  educatorBrowser = await launchBrowser({ fakeMedia: true, wrap: (chromium) => cut.launcher(chromium) });
  learnerBrowser = await launchBrowser({ fakeMedia: true });
});
afterAll(async () => {
  cut.restore();
  await educatorBrowser?.close();
  await learnerBrowser?.close();
  cut.dispose();
});

const ist = (at: number) => new Date(at + 5.5 * 3600_000).toISOString().replace(/\.\d{3}Z$/, '+05:30');
const videoTime = (page: Page) => page.locator('[data-live-video]').evaluate((element) => (element as HTMLVideoElement).currentTime);

/** Resolves when the learner's video time has moved on twice in a row (playing, not a single decoded frame). */
async function advancing(page: Page, timeout: number): Promise<void> {
  await page.evaluate(() => Object.assign(window, { lastTime: undefined, moves: 0 }));
  await page.waitForFunction(
    () => {
      const video = document.querySelector('[data-live-video]') as HTMLVideoElement | null;
      const state = window as unknown as { lastTime?: number; moves?: number };
      if (!video) return false;
      state.moves = state.lastTime !== undefined && video.currentTime > state.lastTime && !video.paused ? (state.moves ?? 0) + 1 : 0;
      state.lastTime = video.currentTime;
      return state.moves >= 2;
    },
    undefined,
    { timeout, polling: 200 },
  );
}

describe('live class faults', () => {
  (unavailable ? it.skip : it)(`the educator's network drops for 20 s: learners are told, and the class resumes by itself${unavailable ? ` (skipped: ${unavailable})` : ''}`, async () => {
    const run = Date.now().toString(36);
    const meera = await openPage(educatorBrowser);
    await signIn(meera.page, portalUrl, 'Meera Iyer');
    const meeraToken = await cachedAccessToken(meera.page);
    const aarav = await openPage(learnerBrowser, { width: 390, height: 844 });
    await signIn(aarav.page, portalUrl, 'Aarav Sharma');
    const aaravToken = await cachedAccessToken(aarav.page);

    const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100&price=free`)).json()) as { courses: { _id: string }[] };
    const courseId = all.courses[0]!._id;
    expect([200, 201, 409]).toContain((await callApi(aaravToken, '/api/user/purchase', { method: 'POST', body: JSON.stringify({ courseId }) })).status);
    const detail = (await (await fetch(`${portalUrl}/api/course/${courseId}`)).json()) as { courseData: { courseContent: { chapterId: string }[] } };
    const title = `Network drop ${run}`;
    const scheduled = await callApi<{ liveClass: LiveClassDto }>(meeraToken, '/api/educator/live-classes', {
      method: 'POST',
      body: JSON.stringify({ courseId, chapterId: detail.courseData.courseContent[0]!.chapterId, title, startsAt: ist(Date.now() + 3600_000), durationMinutes: 30 }),
    });
    expect(scheduled.status).toBe(201);
    const classId = scheduled.body.liveClass.id;

    await meera.page.goto(`${portalUrl}/educator/live/${classId}`);
    await meera.page.getByRole('button', { name: 'Start the class' }).click();
    const onAir = meera.page.locator('[data-on-air]');
    await meera.page.getByText('Live: learners are watching').waitFor({ timeout: 20_000 });
    await aarav.page.goto(`${portalUrl}/live/${classId}`);
    await advancing(aarav.page, 45_000);
    expect(await aarav.page.locator('[data-teacher-reconnecting="true"]').count()).toBe(0);

    // The educator's network drops (their page's requests are given up while it is down: aborted, not failures).
    const cutAt = Date.now();
    cut.cut();
    try {
      await aarav.page.getByText('The teacher is reconnecting').waitFor({ timeout: OUTAGE_MS - 2_000 });
      const toldAfterMs = Date.now() - cutAt;
      await meera.page.locator('[data-on-air="reconnecting"]').waitFor({ timeout: OUTAGE_MS - (Date.now() - cutAt) });
      const stalledAt = await videoTime(aarav.page);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, OUTAGE_MS - (Date.now() - cutAt))));
      expect(await videoTime(aarav.page)).toBeLessThan(stalledAt + 2);
      console.log(`network cut: the learner was told after ${toldAfterMs} ms`);
    } finally {
      cut.restore();
    }
    const backAt = Date.now();

    // Back: nobody reloads. The learner's video advances again, and the notice leaves by itself. What each side
    // shows is printed every second until then (it says where the time goes when this fails); a probe still under
    // way then prints nothing (Jest fails a run that logs after its tests are done).
    let diagnosing = true;
    const diagnose = setInterval(() => {
      void (async () => {
        const playback = await callApi<{ url: string }>(aaravToken, `/api/live-classes/${classId}/playback`);
        const list = await (await fetch(`${portalUrl}${playback.body.url.replace('master.m3u8', '180p.m3u8')}`)).text();
        const state = await onAir.getAttribute('data-on-air').catch(() => '?');
        const time = await videoTime(aarav.page).catch(() => -1);
        if (diagnosing) console.log(`+${Date.now() - backAt} ms educator ${state} learner t=${time} playlist ${list.split('\n').filter((line) => line.includes(".ts") || line.startsWith('#EXT-X-DISC')).map((line) => line.replace(/\?.*/, '')).join(' ')}`);
      })().catch(() => undefined); // a diagnostic only: a probe that failed (the portal busy, the page closed) says nothing
    }, 1_000);
    await advancing(aarav.page, 30_000).finally(() => {
      diagnosing = false;
      clearInterval(diagnose);
    });
    const resumedMs = Date.now() - backAt;
    await meera.page.getByText('Live: learners are watching').waitFor({ timeout: 10_000 });
    const educatorBackMs = Date.now() - backAt;
    await aarav.page.locator('[data-teacher-reconnecting="false"]').waitFor({ state: 'attached', timeout: 10_000 });
    expect(await aarav.page.getByText('The teacher is reconnecting').count()).toBe(0);
    console.log(`network back: the learner's video advanced again after ${resumedMs} ms (educator live again within ${educatorBackMs} ms)`);
    // The target is 5 s (measured 3.6 s, 5.2 s and 5.8 s on the shared 2-core machine, see
    // docs/live-classes.md); the journey fails beyond 8 s so that a loaded CI machine does not fail it by a second.
    expect(resumedMs).toBeLessThanOrEqual(8_000);
    expect(await onAir.getAttribute('data-on-air')).toBe('live');

    await meera.page.getByRole('button', { name: 'End the class' }).click();
    await meera.page.getByText('The class has ended').waitFor();
    await Promise.all([meera.context.close(), aarav.context.close()]);
  }, 240_000);
});
