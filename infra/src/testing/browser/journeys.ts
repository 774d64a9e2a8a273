import type { BrowserContext, Frame, Page } from 'playwright-core';
import { formatPrice, type DashboardData } from '@academy/contracts';
import { eventually } from '@academy/service-core/testing';
import { cachedAccessToken } from './auth.js';

// Steps of the browser journeys that the e2e suite (e2e/journeys) and the production-like run
// (src/deploy/production-like.deploy.spec.ts) both take, written once.

/** A course or chapter title (which may hold regex characters) matched inside an accessible name. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** On a course page: Enroll Now, then the sandbox checkout's Pay; resolves on My Enrollments. */
export async function buyInSandboxCheckout(page: Page, portalUrl: string, course: { id: string; title: string }): Promise<void> {
  await page.goto(`${portalUrl}/course/${course.id}`);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await page.getByRole('dialog', { name: course.title }).getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/my-enrollments', { timeout: 30_000 });
}

/** Opens a chapter of the player's outline (a no-op when it is open). */
export async function expandChapter(page: Page, chapterTitle: string): Promise<void> {
  const header = page.getByRole('button', { name: new RegExp(`^\\W*${escapeRegExp(chapterTitle)}`) }).first();
  // The player may open the chapter by itself meanwhile (Up next moves on to its lecture): a toggle made on a stale
  // reading would close it again, so check after clicking and try once more.
  for (let attempt = 0; attempt < 3 && (await header.getAttribute('aria-expanded')) !== 'true'; attempt += 1) {
    await header.click();
    await header.and(page.locator('[aria-expanded="true"]')).waitFor({ timeout: 2_000 }).catch(() => undefined);
  }
}

/** The part of the player's <video> read here (this package compiles without the DOM types). */
interface PlayerVideo {
  currentTime: number;
  muted: boolean;
  paused: boolean;
  play(): Promise<void>;
}
type PageDocument = { document: { querySelector(selector: string): PlayerVideo | null } };

/** In the player (/player/:courseId): opens the lecture, plays its video muted and waits until 1.5 s have played. */
export async function playLecture(page: Page, lecture: { chapterTitle: string; lectureTitle: string }): Promise<void> {
  await expandChapter(page, lecture.chapterTitle);
  await page.getByRole('button', { name: `Watch ${lecture.lectureTitle}` }).click();
  await playOpenedLecture(page, lecture.lectureTitle);
}

/** In the player, once a lecture's Watch was pressed: plays its video muted and waits until 1.5 s have played. */
export async function playOpenedLecture(page: Page, lectureTitle: string): Promise<void> {
  await page.locator('.player__label', { hasText: lectureTitle }).waitFor();
  // The player opened on another lecture, whose video may still be giving way to this one: that new load cancels a
  // play made meanwhile (AbortError). So play again while paused, until this lecture has played 1.5 s.
  await page.waitForFunction(
    () => {
      const video = (globalThis as unknown as PageDocument).document.querySelector('video.player__video');
      if (!video) return false;
      video.muted = true;
      if (video.paused) void video.play().catch(() => undefined);
      return video.currentTime > 1.5;
    },
    undefined,
    { timeout: 15_000, polling: 250 },
  );
}

/** Where the player's video is, in seconds (-1 without a video). */
export async function videoTime(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as PageDocument).document.querySelector('video.player__video')?.currentTime ?? -1);
}

export interface LectureDraft {
  title: string;
  minutes: string;
  url: string;
  free: boolean;
}

export interface CourseDraft {
  title: string;
  /** Typed into the rich-text editor: plain words, bold words, then words made into a link. */
  description: { plain: string; bold: string; linkText: string; linkUrl: string };
  price: string;
  discount: string;
  /** What the course is for (the form requires it); default: Class 8, Mathematics, any board. */
  taxonomy?: { classFrom: string; classTo: string; subject: string; board: string };
  thumbnail: { name: string; png: Buffer };
  chapters: { title: string; lectures: LectureDraft[] }[];
  notesUrl: string;
}

/** Types the chapter's name in the inline field under the chapters ("+ Add Chapter" opens it; it stays open). */
export async function addChapter(page: Page, name: string): Promise<void> {
  const opener = page.getByRole('button', { name: '+ Add Chapter' });
  if ((await opener.count()) > 0) await opener.click();
  const field = page.getByRole('textbox', { name: 'Chapter name' });
  await field.fill(name);
  await field.press('Enter');
  await page.getByText(name).first().waitFor();
}

async function addLecture(page: Page, chapter: string, lecture: LectureDraft, notesUrl: string): Promise<void> {
  await page.getByRole('button', { name: `+ Add Lecture to ${chapter}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Lecture' });
  await dialog.getByLabel('Lecture Title').fill(lecture.title);
  await dialog.getByLabel('Duration (minutes)').fill(lecture.minutes);
  await dialog.getByLabel('Lecture URL (YouTube or uploaded video)').fill(lecture.url);
  await dialog.getByLabel('Notes Download URL').fill(notesUrl);
  if (lecture.free) await dialog.getByLabel('Is Preview Free?').check();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The educator's Add Course form: title, a rich description (bold words and a link from selected text), price,
 * discount, class range, subject and board, the thumbnail (its preview shown), chapters and lectures; ADD, then the confirmation.
 */
export async function authorCourse(page: Page, portalUrl: string, draft: CourseDraft): Promise<void> {
  await page.goto(`${portalUrl}/educator/add-course`);
  await page.getByRole('heading', { level: 1, name: 'Add Course' }).waitFor();
  await page.getByLabel('Course Title').fill(draft.title);

  const editor = page.locator('.rte-editor [contenteditable="true"]');
  await editor.click();
  await page.keyboard.type(draft.description.plain);
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(draft.description.bold);
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(` and visit ${draft.description.linkText}`);
  for (let step = 0; step < draft.description.linkText.length; step += 1) await page.keyboard.press('Shift+ArrowLeft');
  page.once('dialog', (prompt) => void prompt.accept(draft.description.linkUrl));
  await page.getByRole('button', { name: 'Link', exact: true }).click();

  await page.getByLabel('Course Price').fill(draft.price);
  await page.getByLabel('Discount %').fill(draft.discount);
  const taxonomy = draft.taxonomy ?? { classFrom: '8', classTo: '8', subject: 'mathematics', board: 'any' };
  await page.getByLabel('Class (from)').selectOption(taxonomy.classFrom);
  await page.getByLabel('Class (to)').selectOption(taxonomy.classTo);
  await page.getByLabel('Subject', { exact: true }).selectOption(taxonomy.subject);
  await page.getByLabel('Board', { exact: true }).selectOption(taxonomy.board);
  await page.locator('input[type="file"]').setInputFiles({ name: draft.thumbnail.name, mimeType: 'image/png', buffer: draft.thumbnail.png });
  await page.getByRole('img', { name: `Preview of ${draft.thumbnail.name}` }).waitFor();

  for (const chapter of draft.chapters) {
    await addChapter(page, chapter.title);
    for (const lecture of chapter.lectures) await addLecture(page, chapter.title, lecture, draft.notesUrl);
  }

  await page.getByRole('button', { name: 'ADD', exact: true }).click();
  await page.getByText(/course added|added successfully/i).first().waitFor({ timeout: 15_000 });
}

/** The educator dashboard's figures, through the API with the page's token. */
export async function dashboardData(page: Page, portalUrl: string): Promise<DashboardData> {
  const token = await cachedAccessToken(page);
  const response = await fetch(`${portalUrl}/api/educator/dashboard`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`GET /api/educator/dashboard answered ${response.status}`);
  return ((await response.json()) as { dashboardData: DashboardData }).dashboardData;
}

/**
 * The dashboard's figures once they reach `expectedEarnings` (the earnings aggregation runs on its own queue, a
 * moment behind the payment); fails with the last figures read when they never do.
 */
export async function dashboardReaching(page: Page, portalUrl: string, expectedEarnings: number): Promise<DashboardData> {
  return eventually(() => dashboardData(page, portalUrl), (figures) => figures.totalEarnings === expectedEarnings, {
    timeoutMs: 10_000,
    intervalMs: 500,
    what: `dashboard earnings of ${expectedEarnings}`,
  });
}

/** /educator shows the total earnings and a Latest Enrolments row of the student and course. */
export async function dashboardShowsSale(page: Page, portalUrl: string, sale: { totalEarnings: number; student: string; courseTitle: string }): Promise<void> {
  await page.goto(`${portalUrl}/educator`);
  await page.getByText(formatPrice(sale.totalEarnings)).first().waitFor();
  await page.getByRole('row', { name: new RegExp(`${escapeRegExp(sale.student)}.*${escapeRegExp(sale.courseTitle)}`) }).first().waitFor();
}

/** The privacy-enhanced YouTube host every lecture embed uses (parseVideoLink in @academy/contracts). */
export const YOUTUBE_EMBED_HOST = 'https://www.youtube-nocookie.com';

/**
 * These machines cannot reach YouTube: its embed answers with a stand-in page. Chromium checks a frame against the
 * page's policy before any request, so a request that reaches this route is one the policy let through. Returns
 * the URLs requested.
 */
export async function standInForYouTube(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(`${YOUTUBE_EMBED_HOST}/**`, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Embedded lecture</title><p id="embedded-lecture">playing</p>' });
  });
  return requested;
}

/** Runs `open` (a Preview or Watch click), then waits until the embed's frame rendered the stand-in: accepted. */
export async function openEmbeddedLecture(page: Page, videoId: string, open: () => Promise<void>): Promise<void> {
  const isEmbed = (frame: Frame) => frame.url().startsWith(`${YOUTUBE_EMBED_HOST}/embed/${videoId}`);
  const navigated = page.waitForEvent('framenavigated', { predicate: isEmbed, timeout: 10_000 });
  await open();
  const frame = await navigated;
  await frame.locator('#embedded-lecture').waitFor();
}

/** The part of a <video> read to know it loaded (this package compiles without the DOM types). */
interface LoadedVideo {
  error: unknown;
  readyState: number;
  duration: number;
}

/** Waits until the <video> matching `selector` loaded its file's metadata without an error: accepted and playable. */
export async function waitForVideoLoaded(page: Page, selector: string): Promise<void> {
  // A function, not source text: the page's policy forbids evaluating strings (no 'unsafe-eval').
  await page.waitForFunction(
    (css) => {
      const video = (globalThis as unknown as { document: { querySelector(selector: string): LoadedVideo | null } }).document.querySelector(css);
      return Boolean(video && !video.error && video.readyState >= 1 && video.duration > 0);
    },
    selector,
    { timeout: 15_000 },
  );
}
