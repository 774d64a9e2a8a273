import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { CourseDetail, CourseSummary, EnrolledCourse, PurchaseResult } from '@academy/contracts';
import { dataDir } from '../paths.js';
import { apiClient, signInWithCodeFlow } from './http-journeys.js';
import { findNginx, startProductionLike, type ProductionLikeStack } from './production-like.js';

// `npm run test:deploy`: the journeys a learner and an educator make, through Debian's nginx with the generated
// config, against 2 replicas of every service and 2 workers each, with NODE_ENV=production. Processes are killed
// and a remote is redeployed while the journeys run.

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
    async stop() {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}

const nginx = findNginx();
(nginx ? describe : describe.skip)('production-like run through nginx (NODE_ENV=production, replicas, workers)', () => {
  let stack: ProductionLikeStack;
  let learnerToken: string;
  let purchasedCourse: CourseSummary;

  beforeAll(async () => {
    const started = Date.now();
    stack = await startProductionLike({ replicas: REPLICAS, workers: WORKERS, logFile, log: say });
    say(`started in ${((Date.now() - started) / 1000).toFixed(1)} s; every process's output is in .data/logs/test-deploy.log`);
    say(`processes: ${stack.processes.map((entry) => `${entry.name}${entry.port ? `:${entry.port}` : ''}`).join(', ')}`);
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
    say(`journeys passed (${passed.length}):\n${passed.map((name) => `  ✓ ${name}`).join('\n')}`);
  });

  it('browses: the shell, its runtime config and the remotes come from nginx; the catalogue from the services', async () => {
    const index = await fetch(`${stack.portalUrl}/courses/anything`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('<div id="root">');
    expect(index.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(index.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const runtime = (await (await fetch(`${stack.portalUrl}/runtime-config.json`)).json()) as { auth0: { domain: string } };
    expect(runtime.auth0.domain).toBe(stack.sandboxUrl);
    for (const remote of ['learner', 'educator', 'info']) {
      const manifest = await fetch(`${stack.portalUrl}/mfe/${remote}/mf-manifest.json`);
      expect([remote, manifest.status, manifest.headers.get('cache-control')]).toEqual([remote, 200, 'no-cache']);
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
    passed.push('browse: shell, runtime config, 3 remotes, course list and detail through nginx');
  });

  it('signs in with the sandbox OpenID code flow (PKCE) and calls the API with the token through nginx', async () => {
    learnerToken = await signInWithCodeFlow({ sandboxUrl: stack.sandboxUrl, portalUrl: stack.portalUrl, subject: 'sandbox|student-aarav' });
    const me = await apiClient(stack.portalUrl, learnerToken).get<{ success: boolean; user: { name: string } }>('/api/user/data');
    expect(me.status).toBe(200);
    expect(me.body.user.name).toBe('Aarav Sharma');
    expect((await apiClient(stack.portalUrl).get('/api/user/data')).status).toBe(401);
    passed.push('sign in: sandbox code flow with PKCE, token accepted by progress through nginx');
  });

  it('buys a course through the sandbox Razorpay while one replica of every service and one worker each are killed; enrolled exactly once', async () => {
    const load = backgroundLoad(stack.portalUrl, learnerToken);
    const api = apiClient(stack.portalUrl, learnerToken);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Mid-run: one HTTP replica of each service and one worker of each service die without warning.
    for (const name of ['catalogue#2', 'commerce#2', 'progress#2', 'commerce-worker#1', 'progress-worker#1', 'catalogue-worker#1']) {
      await stack.kill(name);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const purchase = await api.post<{ success: boolean } & PurchaseResult>('/api/user/purchase', { courseId: purchasedCourse._id });
    expect([purchase.status, purchase.body.success]).toEqual([200, true]);
    expect(purchase.body.order?.id).toMatch(/^order_/);
    // Checkout's Pay button (the sandbox's stand-in for Razorpay's hosted checkout); the sandbox also sends the
    // payment.captured and order.paid webhooks to nginx, so three paths race to enrol the learner.
    const paid = await fetch(`${stack.sandboxUrl}/razorpay/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: stack.portalUrl },
      body: JSON.stringify({ key: purchase.body.keyId, order_id: purchase.body.order!.id, email: 'aarav@demo.academy' }),
    });
    expect(paid.status).toBe(200);
    const payment = (await paid.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    const verifyBody = { ...payment, purchaseId: purchase.body.purchaseId };
    const verifications = await Promise.all([api.post<{ success: boolean }>('/api/user/verifyRazorpay', verifyBody), api.post<{ success: boolean }>('/api/user/verifyRazorpay', verifyBody)]);
    for (const verification of verifications) expect([verification.status, verification.body.success]).toEqual([200, true]);

    let enrolled: EnrolledCourse[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const answer = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/api/user/enrolled-courses');
      enrolled = answer.status === 200 ? answer.body.enrolledCourses : [];
      if (enrolled.some((course) => course._id === purchasedCourse._id)) break;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const answers = await load.stop();

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

    const survivors = stack.processes.filter((entry) => !entry.child.hasExited).map((entry) => entry.name);
    say(`background load: ${answers.length} requests through nginx, all 200, while 3 replicas and 3 workers were killed; still running: ${survivors.join(', ')}`);
    passed.push(`buy: purchase, sandbox Razorpay payment, 2 verifications + webhooks → one paid purchase, one enrolment (${answers.length} requests, none failed, during kills)`);
  });

  it('watches a paid lecture: the enrolled learner gets a signed /api/files/ link that nginx streams; without the signature it is refused', async () => {
    const api = apiClient(stack.portalUrl, learnerToken);
    const enrolled = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/api/user/enrolled-courses');
    const course = enrolled.body.enrolledCourses.find((candidate) => candidate._id === purchasedCourse._id)!;
    const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent);
    const paid = lectures.find((lecture) => !lecture.isPreviewFree && lecture.lectureUrl?.startsWith('/api/files/'));
    expect(paid).toBeDefined();
    const video = await fetch(`${stack.portalUrl}${paid!.lectureUrl}`, { headers: { range: 'bytes=0-1023' } });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toContain('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBe(1024);
    const unsigned = await fetch(`${stack.portalUrl}${paid!.lectureUrl!.split('?')[0]}`);
    expect(unsigned.status).toBe(401);
    passed.push('watch: signed paid lecture link streamed (206) through nginx; unsigned refused (401)');
  });

  it('authors a course with a thumbnail: the educator uploads through nginx, the thumbnail lands in the S3 store', async () => {
    const token = await signInWithCodeFlow({ sandboxUrl: stack.sandboxUrl, portalUrl: stack.portalUrl, subject: 'sandbox|educator-meera' });
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a10000000049454e44ae426082',
      'hex',
    );
    const form = new FormData();
    form.append(
      'courseData',
      JSON.stringify({
        courseTitle: 'Deploy check: Ratios',
        courseDescription: '<p>Made by the production-like run.</p>',
        coursePrice: 499,
        discount: 10,
        courseContent: [{ chapterTitle: 'Ratios', chapterContent: [{ lectureTitle: 'What a ratio is', lectureDuration: 10, lectureUrl: 'https://www.youtube.com/watch?v=abcdefghijk', isPreviewFree: true }] }],
      }),
    );
    form.append('image', new Blob([png], { type: 'image/png' }), 'thumb.png');
    const api = apiClient(stack.portalUrl, token);
    const created = await api.post<{ success: boolean; courseId: string; message: string }>('/api/educator/add-course', form);
    expect([created.status, created.body.message]).toEqual([201, 'Course Added']);
    const detail = await api.get<{ course: { courseThumbnail: string } }>(`/api/educator/courses/${created.body.courseId}`);
    expect(detail.body.course.courseThumbnail.startsWith(stack.s3PublicBaseUrl)).toBe(true);
    const thumbnail = await fetch(detail.body.course.courseThumbnail);
    expect(thumbnail.status).toBe(200);
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(png)).toBe(true);
    passed.push('author: course with thumbnail through nginx, stored in the S3-compatible store (s3rver)');
  });

  it('redeploys a remote while a client has the page open: no failed request, the reload gets the new build, old chunks still load', async () => {
    // The client opens the page: shell, runtime config, the info remote's manifest and one of its chunks.
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
      expect(readdirSync(release)).toContain(chunk);
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
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
    passed.push(`redeploy: info remote swapped atomically (${statuses.length} manifest loads during the swap, all 200); reload sees the new build; old chunks kept`);
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
