import { eventually } from '@academy/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { courseEarnings, fromPaise, toPaise, type CourseDetail, type CourseSummary, type EnrolledCourse, type PurchaseResult } from '@academy/contracts';
import { dataDir, repoRoot } from '../paths.js';
import {
  authorCourse,
  buyInSandboxCheckout,
  cachedAccessToken,
  dashboardData,
  dashboardReaching,
  dashboardShowsSale,
  expandChapter,
  launchBrowser,
  openEmbeddedLecture,
  openPage,
  playLecture,
  signIn,
  standInForYouTube,
  type WatchedPage,
} from '../testing/browser/index.js';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { apiClient } from './http-journeys.js';
import { findNginx, startProductionLike, type ProductionLikeStack } from './production-like.js';

// `npm run test:deploy`: the journeys a learner and an educator make in headless Chromium, through Debian's nginx
// with the generated config (its production security headers included), against 2 replicas of every service and
// 2 workers each, with NODE_ENV=production. Processes are killed and a remote is redeployed while the journeys run.

const REPLICAS = 2;
const WORKERS = 2;
const logFile = path.join(dataDir, 'logs', 'test-deploy.log');
const passed: string[] = [];
const say = (line: string) => process.stdout.write(`[deploy] ${line}\n`);

/** Calls through nginx in a loop until stopped; every answer is kept so the test can show none failed. */
function backgroundLoad(portalUrl: string, token: string) {
  const answers: { path: string; status: number; at: number }[] = [];
  let running = true;
  const paths = ['/api/course/all', '/api/user/enrolled-courses', '/api/user/data'];
  const loops = [0, 1].map(async (lane) => {
    let index = lane;
    while (running) {
      const target = paths[index % paths.length]!;
      index += 1;
      try {
        const response = await fetch(`${portalUrl}${target}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
        await response.arrayBuffer();
        answers.push({ path: target, status: response.status, at: Date.now() });
      } catch (error) {
        answers.push({ path: `${target} (${(error as Error).message})`, status: 0, at: Date.now() });
      }
    }
  });
  return {
    answers,
    /** Resolves once `count` more answers have come back (the load is really running through what happens meanwhile). */
    async more(count: number) {
      const target = answers.length + count;
      await eventually(() => answers.length >= target, { what: `${count} more answers of the background load`, timeoutMs: 30_000 });
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** The page has loaded this image (the production CSP let it through and the store served it). */
async function imageShown(page: Page, url: string): Promise<void> {
  type Images = { document: { images: ArrayLike<{ src: string; complete: boolean; naturalWidth: number }> } };
  await page.waitForFunction(
    (src) => Array.from((globalThis as unknown as Images).document.images).some((image) => image.src === src && image.complete && image.naturalWidth > 0),
    url,
    { timeout: 15_000 },
  );
}

const nginx = findNginx();
(nginx ? describe : describe.skip)('production-like run through nginx (NODE_ENV=production, replicas, workers)', () => {
  let stack: ProductionLikeStack;
  let browser: Browser;
  let learner: WatchedPage;
  let educator: WatchedPage;
  let learnerToken: string;
  let purchasedCourse: CourseSummary;
  let authoredCourse: { id: string; title: string };
  /** The purchase journey's load: stopped in afterAll too, so a failed assertion does not leave it spinning (jest would never exit). */
  let load: ReturnType<typeof backgroundLoad> | undefined;
  /**
   * Every page's Content Security Policy violations and uncaught errors: the production headers must let each journey
   * through. (Console errors and failed requests are expected here: processes are killed mid-journey.)
   */
  const cspViolations = () =>
    [learner, educator].flatMap((watched) => (watched?.problems ?? []).filter((problem) => problem.kind === 'csp' || problem.kind === 'page-error').map((problem) => problem.text));

  beforeAll(async () => {
    const started = Date.now();
    stack = await startProductionLike({ replicas: REPLICAS, workers: WORKERS, logFile, log: say });
    say(`started in ${((Date.now() - started) / 1000).toFixed(1)} s; every process's output is in .data/logs/test-deploy.log`);
    say(`processes: ${stack.processes.map((entry) => `${entry.name}${entry.port ? `:${entry.port}` : ''}`).join(', ')}`);
    browser = await launchBrowser();
    learner = await openPage(browser);
    educator = await openPage(browser);
  }, 240_000);

  afterAll(async () => {
    await load?.stop();
    await browser?.close();
    await stack?.stop();
    say(`journeys passed (${passed.length}):\n${passed.map((name) => `  ✓ ${name}`).join('\n')}`);
  });

  it('browses: the shell, its runtime config and the remotes come from nginx; the catalogue from the services', async () => {
    const index = await fetch(`${stack.portalUrl}/courses/anything`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root">');
    expect(index.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(index.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    // The shell's first requests start with the HTML (the Chromium journey below checks each is fetched once).
    expect(index.headers.get('link')).toContain('</runtime-config.json>; rel=preload; as=fetch; crossorigin=anonymous');
    for (const remote of ['learner', 'educator', 'info']) expect(index.headers.get('link')).toContain(`</mfe/${remote}/mf-manifest.json>; rel=preload`);
    // The shell's script goes out as the build's compressed copy (brotli_static, gzip_static): byte for byte the file
    // the build wrote, with the script's type. nginx here has no brotli filter, so `br` can only be the copy.
    const shellIndex = readFileSync(path.join(repoRoot, 'shell', 'dist', 'index.html'), 'utf8');
    const mainScript = /src="\/(main\.[0-9a-f]{8}\.js)"/.exec(shellIndex)![1]!;
    for (const [accepted, encoding, suffix] of [['gzip, deflate, br, zstd', 'br', '.br'], ['gzip', 'gzip', '.gz']] as const) {
      const answer = await rawBytes(`${stack.portalUrl}/${mainScript}`, { 'Accept-Encoding': accepted });
      expect([accepted, answer.status, answer.headers['content-encoding'], answer.headers['content-type']]).toEqual([accepted, 200, encoding, 'application/javascript']);
      expect(answer.body.equals(readFileSync(path.join(repoRoot, 'shell', 'dist', `${mainScript}${suffix}`)))).toBe(true);
    }
    const runtime = (await (await fetch(`${stack.portalUrl}/runtime-config.json`)).json()) as { auth0: { domain: string } };
    expect(runtime.auth0.domain).toBe(stack.sandboxUrl);
    for (const remote of ['learner', 'educator', 'info']) {
      const manifest = await fetch(`${stack.portalUrl}/mfe/${remote}/mf-manifest.json`);
      expect([remote, manifest.status, manifest.headers.get('cache-control')]).toEqual([remote, 200, 'no-cache']);
    }
    // The apps' server modules (the edge's render of a first screen) are in the images beside the files, never served.
    for (const serverModule of ['/.server/first-screen.cjs', '/mfe/learner/.server/first-screen.cjs']) {
      expect(existsSync(path.join(repoRoot, serverModule.startsWith('/mfe/') ? 'mfe-learner' : 'shell', 'dist', '.server', 'first-screen.cjs'))).toBe(true);
      const refused = await fetch(`${stack.portalUrl}${serverModule}`);
      expect([serverModule, refused.status, (await refused.text()).includes('renderPage')]).toEqual([serverModule, 404, false]);
    }

    const api = apiClient(stack.portalUrl);
    const list = await api.get<{ success: boolean; courses: CourseSummary[] }>('/api/course/all');
    expect(list.status).toBe(200);
    expect(list.body.courses.length).toBeGreaterThan(3);
    purchasedCourse = list.body.courses.find((course) => course.coursePrice > 0 && course.discount < 100)!;
    expect(purchasedCourse).toBeDefined();
    const detail = await api.get<{ success: boolean; courseData: CourseDetail }>(`/api/course/${purchasedCourse._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.courseData.courseTitle).toBe(purchasedCourse.courseTitle);
    // nginx's request id reaches the browser on API answers too (and the service logged it: see the log file).
    expect(detail.requestId).toMatch(/^[0-9a-f]{32}$/);
    // The edge never exposes service-to-service routes, whatever the upstream would answer.
    expect((await api.get('/internal/enrolments')).status).toBe(404);
    // Nor the operator pages, in any spelling, with the operator's credential: they are served on each service's
    // operator port only, which nginx does not proxy. Through nginx, through the stand-in of the Kubernetes Service
    // (/internal/ allowed there), and on the services' own public port: 404. On the operator port: served.
    const catalogue = stack.processes.find((entry) => entry.name === 'catalogue#1')!;
    const operatorHeaders = { 'x-operator-token': stack.operatorToken };
    const entries = [stack.portalUrl, stack.internalUrls.catalogue, `http://127.0.0.1:${catalogue.port}`];
    for (const base of entries) {
      for (const variant of OPERATOR_PATH_VARIANTS) {
        const answer = await rawGet(base, variant, operatorHeaders);
        // Never an answer of the operator pages (their page, their JSON, their 401). nginx matches locations case-
        // sensitively: `/INTERNAL/QUEUES` is no route of its own and gets the app's index.html, as any unknown path does.
        const fromOperatorPages = answer.status === 401 || answer.body.includes('Academy queues') || answer.body.includes('deadLetters');
        const appIndex = base === stack.portalUrl && answer.status === 200 && answer.body.includes('<div id="root">');
        expect([base, variant, fromOperatorPages, answer.status === 404 || answer.status === 400 || appIndex]).toEqual([base, variant, false, true]);
      }
    }
    const board = await rawGet(`http://127.0.0.1:${catalogue.operatorPort}`, '/internal/queues', operatorHeaders);
    expect([board.status, board.body.includes('Academy queues')]).toEqual([200, true]);
    passed.push('browse: shell, runtime config, 3 remotes, course list and detail through nginx');
  });

  it('plays a YouTube preview in Chromium under the production policy nginx sends, which reports violations to /api/csp-reports', async () => {
    const course = (await (await fetch(`${stack.portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
    const { courseData } = (await (
      await fetch(`${stack.portalUrl}/api/course/${course.courses.find((candidate) => candidate.courseTitle === 'Class 8 Maths: Algebra Foundations')!._id}`)
    ).json()) as { courseData: CourseDetail };
    const chapter = courseData.courseContent.find((candidate) => candidate.chapterContent.some((lecture) => lecture.lectureUrl?.includes('youtube')))!;
    const lecture = chapter.chapterContent.find((candidate) => candidate.isPreviewFree && candidate.lectureUrl?.includes('youtube'))!;
    const embedRequests = await standInForYouTube(learner.context);
    const page = await fetch(`${stack.portalUrl}/course/${courseData._id}`);
    expect(page.headers.get('content-security-policy')).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
    expect(page.headers.get('content-security-policy')).toContain('report-uri /api/csp-reports');
    const firstRequests: string[] = [];
    const countFirstRequest = (request: { url(): string }) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/runtime-config.json' || pathname.endsWith('/mf-manifest.json')) firstRequests.push(pathname);
    };
    learner.page.on('request', countFirstRequest);
    await learner.page.goto(`${stack.portalUrl}/course/${courseData._id}`);
    await expandChapter(learner.page, chapter.chapterTitle);
    learner.page.off('request', countFirstRequest);
    // Preloaded by nginx's Link header and used by the shell's fetch: each asked for once, not once per mode.
    expect(firstRequests.sort()).toEqual(['/mfe/educator/mf-manifest.json', '/mfe/info/mf-manifest.json', '/mfe/learner/mf-manifest.json', '/runtime-config.json']);
    await openEmbeddedLecture(learner.page, new URL(lecture.lectureUrl!).searchParams.get('v')!, () =>
      learner.page.getByRole('button', { name: `Preview ${lecture.lectureTitle}` }).click(),
    );
    expect(embedRequests).toHaveLength(1);
    expect(cspViolations()).toEqual([]);
    const report = await fetch(`${stack.portalUrl}/api/csp-reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': { 'document-uri': `${stack.portalUrl}/`, 'effective-directive': 'frame-src', 'blocked-uri': 'https://evil.example/' } }),
    });
    expect(report.status).toBe(204);
    passed.push('YouTube preview (Chromium) framed under the production policy from nginx; a violation report reaches catalogue through nginx');
  });

  it('signs in in Chromium: the Auth0 SDK runs the code flow against the sandbox, under the production CSP, and the token works through nginx', async () => {
    await signIn(learner.page, stack.portalUrl, 'Aarav Sharma');
    learnerToken = await cachedAccessToken(learner.page);
    const me = await apiClient(stack.portalUrl, learnerToken).get<{ success: boolean; user: { name: string } }>('/api/user/data');
    expect(me.status).toBe(200);
    expect(me.body.user.name).toBe('Aarav Sharma');
    expect((await apiClient(stack.portalUrl).get('/api/user/data')).status).toBe(401);
    expect(cspViolations()).toEqual([]);
    passed.push('sign in (Chromium): Auth0 SDK code flow with PKCE against the sandbox, token accepted by progress through nginx');
  });

  it('buys a course in Chromium through the sandbox Razorpay checkout while one replica of every service and one worker each are killed; enrolled exactly once', async () => {
    const purchaseLoad = backgroundLoad(stack.portalUrl, learnerToken);
    load = purchaseLoad;
    const api = apiClient(stack.portalUrl, learnerToken);
    await purchaseLoad.more(10);
    // Mid-run: one HTTP replica of each service and one worker of each service die without warning.
    for (const name of ['catalogue#2', 'commerce#2', 'progress#2', 'commerce-worker#1', 'progress-worker#1', 'catalogue-worker#1']) {
      await stack.kill(name);
    }
    await purchaseLoad.more(10); // the survivors answer while the killed ones are down

    // The learner buys in Chromium: Enroll Now, the sandbox's checkout (its script loaded under the production CSP),
    // Pay; the front end verifies, and the sandbox also sends the payment.captured and order.paid webhooks to nginx,
    // so several paths race to enrol the learner while the killed processes' work moves to the survivors.
    const purchaseAnswer = learner.page.waitForResponse((response) => response.url().endsWith('/api/user/purchase') && response.request().method() === 'POST');
    const verifyAnswer = learner.page.waitForResponse((response) => response.url().endsWith('/api/user/verifyRazorpay'));
    await buyInSandboxCheckout(learner.page, stack.portalUrl, { id: purchasedCourse._id, title: purchasedCourse.courseTitle });
    const purchase = { status: (await purchaseAnswer).status(), body: (await (await purchaseAnswer).json()) as { success: boolean } & PurchaseResult };
    expect([purchase.status, purchase.body.success]).toEqual([200, true]);
    expect(purchase.body.order?.id).toMatch(/^order_/);
    const verification = (await (await verifyAnswer).json()) as { success: boolean };
    expect([(await verifyAnswer).status(), verification.success]).toEqual([200, true]);
    await learner.page.getByText(purchasedCourse.courseTitle).first().waitFor({ timeout: 15_000 });

    const enrolled = await eventually(
      async () => {
        const answer = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/api/user/enrolled-courses');
        return answer.status === 200 ? answer.body.enrolledCourses : [];
      },
      (courses) => courses.some((course) => course._id === purchasedCourse._id),
      { what: 'the purchased course among the enrolled ones', timeoutMs: 30_000, intervalMs: 300 },
    );
    await purchaseLoad.more(10);
    const answers = await purchaseLoad.stop();

    expect(enrolled.filter((course) => course._id === purchasedCourse._id)).toHaveLength(1);
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed).toEqual([]);
    expect(answers.length).toBeGreaterThan(20);

    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const purchases = await client.query('select status from commerce.purchases where user_id = $1 and course_id = $2', ['sandbox|student-aarav', purchasedCourse._id]);
      expect(purchases.rows).toEqual([{ status: 'paid' }]);
      const enrolments = await client.query('select purchase_id from progress.enrolments where user_id = $1 and course_id = $2', ['sandbox|student-aarav', purchasedCourse._id]);
      expect(enrolments.rows).toEqual([{ purchase_id: purchase.body.purchaseId }]);
    } finally {
      await client.end();
    }
    // The payment's verification job ran under the request id nginx gave the call that enqueued it (a verify call
    // or the webhook): one id finds the HTTP request and the job in the logs of different processes.
    const logLines = stack.logText().split('\n');
    const jobLine = logLines.find((line) => line.includes('[commerce-worker#') && line.includes(`verify-${purchase.body.order!.id}`) && line.includes('completed'));
    expect(jobLine).toBeDefined();
    const jobRequestId = /"requestId":"([^"]+)"/.exec(jobLine!)?.[1] ?? '';
    expect(jobRequestId).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, not a job-made one
    const processesWithId = new Set(logLines.filter((line) => line.includes(jobRequestId)).map((line) => /\[([\w#-]+)\]/.exec(line)?.[1]));
    say(`request id ${jobRequestId} (from nginx) appears in the logs of: ${[...processesWithId].join(', ')}`);
    expect([...processesWithId].some((name) => name?.startsWith('commerce#'))).toBe(true);
    expect([...processesWithId].some((name) => name?.startsWith('commerce-worker#'))).toBe(true);

    // The purchase.paid event was written to commerce's outbox under the id of the work that settled the payment,
    // and the relayed earnings job ran under it: the id survives the outbox too.
    const outbox = new pg.Client({ connectionString: stack.databaseUrl });
    await outbox.connect();
    let event: { id: string; request_id: string | null } | undefined;
    try {
      event = (await outbox.query(`select id, request_id from commerce.outbox where name = 'purchase.paid' and key = $1`, [purchase.body.purchaseId])).rows[0];
    } finally {
      await outbox.end();
    }
    expect(event?.request_id).toMatch(/^[0-9a-f]{32}$/);
    const relayedLine = await eventually(() => stack.logText().split('\n').find((line) => line.includes(`job purchase.paid (${event!.id}) completed`)), {
      what: 'the relayed purchase.paid job in the log',
      intervalMs: 200,
    });
    expect(/"requestId":"([^"]+)"/.exec(relayedLine ?? '')?.[1]).toBe(event!.request_id);

    const survivors = stack.processes.filter((entry) => !entry.child.hasExited).map((entry) => entry.name);
    say(`background load: ${answers.length} requests through nginx, all 200, while 3 replicas and 3 workers were killed; still running: ${survivors.join(', ')}`);
    expect(cspViolations()).toEqual([]);
    passed.push(`buy (Chromium): Enroll Now, sandbox Razorpay checkout, Pay, verification + webhooks → one paid purchase, one enrolment, My Enrollments (${answers.length} background requests, none failed, during kills)`);
  });

  it('watches a paid lecture in Chromium: the player streams the signed encrypted HLS through nginx; without the signature it is refused', async () => {
    const api = apiClient(stack.portalUrl, learnerToken);
    const enrolled = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/api/user/enrolled-courses');
    const course = enrolled.body.enrolledCourses.find((candidate) => candidate._id === purchasedCourse._id)!;
    const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => ({ chapter, lecture })));
    const paid = lectures.find(({ lecture }) => !lecture.isPreviewFree && lecture.lectureUrl?.startsWith('/api/videos/'));
    expect(paid).toBeDefined();
    const playlistPath = paid!.lecture.lectureUrl!.split('?')[0]!;
    const segment = learner.page.waitForResponse((response) => response.url().includes(playlistPath.replace('master.m3u8', '')) && /\.ts\?/.test(response.url()) && response.status() === 200);
    await learner.page.goto(`${stack.portalUrl}/player/${purchasedCourse._id}`);
    await learner.page.getByRole('heading', { name: purchasedCourse.courseTitle }).first().waitFor();
    await playLecture(learner.page, { chapterTitle: paid!.chapter.chapterTitle, lectureTitle: paid!.lecture.lectureTitle });
    expect((await segment).headers()['content-type']).toContain('video/mp2t');
    const unsigned = await fetch(`${stack.portalUrl}${playlistPath}`);
    expect(unsigned.status).toBe(401);
    expect(cspViolations()).toEqual([]);
    passed.push('watch (Chromium): the player streams a paid lecture\'s encrypted HLS from its signed playlist through nginx; unsigned refused (401)');
  });

  it('authors a course with a thumbnail in Chromium: uploaded through nginx, stored in the S3 store, shown on the course page', async () => {
    await signIn(educator.page, stack.portalUrl, 'Meera Iyer');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
      'hex',
    );
    const title = `Deploy check: Ratios ${Date.now()}`;
    await authorCourse(educator.page, stack.portalUrl, {
      title,
      description: { plain: 'Made by the production-like run. ', bold: 'Ratios', linkText: 'the notes', linkUrl: 'https://academy.example/ratios' },
      price: '499',
      discount: '10',
      thumbnail: { name: 'ratios.png', png },
      chapters: [{ title: 'Ratios', lectures: [{ title: 'What a ratio is', minutes: '10', url: 'https://www.youtube.com/watch?v=abcdefghijk', free: true }] }],
      notesUrl: 'https://notes.example.org/ratios.pdf',
    });
    const { courses } = (await (await fetch(`${stack.portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
    const created = courses.find((course) => course.courseTitle === title);
    expect(created).toBeDefined();
    authoredCourse = { id: created!._id, title };
    const { courseData } = (await (await fetch(`${stack.portalUrl}/api/course/${created!._id}`)).json()) as { courseData: CourseDetail };
    expect(courseData.courseThumbnail.startsWith(stack.s3PublicBaseUrl)).toBe(true);
    const thumbnail = await fetch(courseData.courseThumbnail);
    expect(thumbnail.status).toBe(200);
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(png)).toBe(true);
    await learner.page.goto(`${stack.portalUrl}/course/${created!._id}`);
    await imageShown(learner.page, courseData.courseThumbnail);
    expect(cspViolations()).toEqual([]);
    passed.push('author (Chromium): course with a thumbnail through nginx, stored in the S3-compatible store (s3rver), shown on its page');
  });

  it('shows the sale on the educator dashboard in Chromium once a learner buys the new course', async () => {
    const before = await dashboardData(educator.page, stack.portalUrl);
    await buyInSandboxCheckout(learner.page, stack.portalUrl, authoredCourse);
    const expectedEarnings = fromPaise(toPaise(before.totalEarnings) + toPaise(courseEarnings(1, 499, 10)));
    const after = await dashboardReaching(educator.page, stack.portalUrl, expectedEarnings);
    expect([after.totalEarnings, after.totalEnrolments]).toEqual([expectedEarnings, before.totalEnrolments + 1]);
    await dashboardShowsSale(educator.page, stack.portalUrl, { totalEarnings: expectedEarnings, student: 'Aarav Sharma', courseTitle: authoredCourse.title });
    expect(cspViolations()).toEqual([]);
    passed.push('educator dashboard (Chromium): the new course\'s sale in the totals and Latest Enrolments');
  });

  it('redeploys a remote while a client has the page open: no failed request, the reload gets the new build, old chunks still load', async () => {
    // A learner has /about open in Chromium (the info remote, release 1).
    type Release = { academyInfoRelease?: string };
    const runningRelease = () => learner.page.evaluate(() => (globalThis as Release).academyInfoRelease ?? 'release 1');
    await learner.page.goto(`${stack.portalUrl}/about`);
    await learner.page.getByRole('heading', { level: 1, name: 'About Academy' }).waitFor();
    expect(await runningRelease()).toBe('release 1');
    // A client opens the page: shell, runtime config, the info remote's manifest and one of its chunks.
    expect((await fetch(`${stack.portalUrl}/about`)).status).toBe(200);
    const firstManifestResponse = await fetch(`${stack.portalUrl}/mfe/info/mf-manifest.json`);
    const etag = firstManifestResponse.headers.get('etag');
    const firstManifest = await firstManifestResponse.text();
    const chunk = /"([0-9a-z_-]+\.[0-9a-f]{8}\.js)"/.exec(firstManifest)?.[1];
    expect(chunk).toBeDefined();
    expect((await fetch(`${stack.portalUrl}/mfe/info/${chunk}`)).status).toBe(200);

    // Someone keeps loading the remote during the swap.
    const statuses: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const response = await fetch(`${stack.portalUrl}/mfe/info/mf-manifest.json`).catch(() => undefined);
        statuses.push(response?.status ?? 0);
        await response?.arrayBuffer();
      }
    })();

    // The new build: a changed chunk under a new hash, and a manifest pointing at it.
    const newChunk = chunk!.replace(/\.[0-9a-f]{8}\.js$/, '.0d0e0f10.js');
    stack.redeployRemote('info', (release) => {
      writeFileSync(path.join(release, newChunk), `${readFileSync(path.join(release, chunk!), 'utf8')}\n/* release 2 */\n`);
      const manifestFile = path.join(release, 'mf-manifest.json');
      writeFileSync(manifestFile, readFileSync(manifestFile, 'utf8').split(chunk!).join(newChunk));
      // remoteEntry.js keeps its URL (revalidated, never cached as immutable): the new build marks itself there.
      const remoteEntry = path.join(release, 'remoteEntry.js');
      writeFileSync(remoteEntry, `${readFileSync(remoteEntry, 'utf8')}\n;globalThis.academyInfoRelease = 'release 2';\n`);
      expect(readdirSync(release)).toContain(chunk);
    });
    const swappedAt = statuses.length;
    await eventually(() => statuses.length >= swappedAt + 10, { what: 'manifest loads after the swap' });
    polling = false;
    await poller;
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);

    // The open page's reload revalidates the manifest (no-cache): a new answer pointing at the new chunk.
    const reload = await fetch(`${stack.portalUrl}/mfe/info/mf-manifest.json`, { headers: etag ? { 'if-none-match': etag } : {} });
    expect(reload.status).toBe(200);
    const newManifest = await reload.text();
    expect(newManifest).toContain(newChunk);
    expect(newManifest).not.toContain(`"${chunk}"`);
    const fresh = await fetch(`${stack.portalUrl}/mfe/info/${newChunk}`);
    expect([fresh.status, fresh.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    expect(await fresh.text()).toContain('/* release 2 */');
    // A page opened before the swap that lazily loads its old chunk still finds it.
    expect((await fetch(`${stack.portalUrl}/mfe/info/${chunk}`)).status).toBe(200);
    // The open page, reloaded, runs the new build of the remote.
    await learner.page.reload();
    await learner.page.getByRole('heading', { level: 1, name: 'About Academy' }).waitFor();
    expect(await runningRelease()).toBe('release 2');
    expect(cspViolations()).toEqual([]);
    passed.push(`redeploy: info remote swapped atomically (${statuses.length} manifest loads during the swap, all 200); the reloaded page in Chromium runs the new build; old chunks kept`);
  });

  it('publishes queue depth, outbox backlog and job metrics: HTTP replicas and workers on /metrics', async () => {
    const commerce = stack.processes.find((entry) => entry.name === 'commerce#1')!;
    const httpMetrics = await (await fetch(`http://127.0.0.1:${commerce.port}/metrics`)).text();
    expect(httpMetrics).toMatch(/queue_jobs\{queue="[\w-]+",state="waiting"\} \d+/);
    expect(httpMetrics).toMatch(/outbox_backlog\{schema="commerce"\} \d+/);
    expect(httpMetrics).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/api\/user\/verifyRazorpay",status="200"\} [1-9]/);
    const worker = stack.processes.find((entry) => entry.name === 'commerce-worker#2')!;
    const workerMetrics = await (await fetch(`http://127.0.0.1:${worker.port}/metrics`)).text();
    expect(workerMetrics).toMatch(/queue_job_duration_seconds_count\{queue="[\w-]+",job="[\w-]+",outcome="completed"\} [1-9]/);
    passed.push('metrics: queue depth, outbox backlog, HTTP latency on replicas; job durations on a worker');
  });

  it('keeps serving after the kills: nginx reports the dead upstreams, the surviving replicas answer every call', async () => {
    const api = apiClient(stack.portalUrl, learnerToken);
    const results = await Promise.all(Array.from({ length: 12 }, (_, index) => api.get(index % 2 ? '/api/course/all' : '/api/user/enrolled-courses')));
    expect(results.map((result) => result.status)).toEqual(Array(12).fill(200));
    // nginx saw the refused connections and moved on to the other replica (proxy_next_upstream).
    expect(stack.nginxErrors()).toMatch(/connect\(\) failed \(111: Connection refused\)/);
    passed.push('failover: after the kills every call answered by the surviving replica (nginx logged the refused upstreams)');
  });
});

/** Spellings of the operator paths a proxy or a router might read as them (encoded, doubled slashes, `..`, case). */
const OPERATOR_PATH_VARIANTS = [
  '/internal/queues',
  '/internal/queues/api/queues',
  '/INTERNAL/QUEUES',
  '/internal//queues',
  '//internal/queues',
  '/internal/./queues',
  '/api/../internal/queues',
  '/api/%2e%2e/internal/queues',
  '/api/%2E%2E%2Finternal%2Fqueues',
  '/%69nternal/queues',
  '/internal/%71ueues',
  '/internal/%2571ueues',
  '/internal%2fqueues',
  '/api/internal/queues',
  '/api/course/..%2f..%2finternal/queues',
  '/internal/operator/dead-letters',
  '/internal/%6fperator/dead-letters',
  '/api/../internal/operator/dead-letters',
];

/** A GET whose answer is kept as sent (fetch would decompress it). */
function rawBytes(url: string, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** A GET with the path exactly as written (fetch would resolve `..` and `//` before sending). */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: hostname, port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', reject);
    call.end();
  });
}
