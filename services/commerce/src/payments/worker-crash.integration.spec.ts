import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { eventually, startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';

const packageDir = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(packageDir, '../..');

/**
 * The worker process dies in the middle of a verification job (after the purchase was marked paid, while it waits
 * for progress to enrol). BullMQ hands the stalled job to a new worker process; the result is one enrolment, one
 * earnings entry, and the learner's verify call still answers success.
 */
describe('verification survives a worker killed mid-job (built worker as a child process)', () => {
  let h: CommerceHarness;
  let proxy: Awaited<ReturnType<typeof startHoldingProxy>>;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    execFileSync('npx', ['tsc', '-p', 'libs/contracts/tsconfig.build.json'], { cwd: repoRoot, stdio: 'inherit' });
    execFileSync('npx', ['tsc', '-p', 'services/core/tsconfig.build.json'], { cwd: repoRoot, stdio: 'inherit' });
    execFileSync('npx', ['tsc', '-p', 'services/commerce/tsconfig.build.json'], { cwd: repoRoot, stdio: 'inherit' });
    h = await startCommerceHarness({ VERIFY_WAIT_MS: '30000' });
    proxy = await startHoldingProxy(h.progressUrl);
    process.env.PROGRESS_URL = proxy.url;
  }, 180_000);

  afterAll(async () => {
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await proxy?.close();
    await h?.close();
  });

  const startWorker = () => {
    const child = spawn(process.execPath, [path.join(packageDir, 'dist/worker.js')], {
      env: { ...process.env, COMMERCE_JOB_LOCK_MS: '2000', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    workers.push(child);
    return child;
  };

  it('retries the job in a new worker and enrols exactly once', async () => {
    const courseId = randomUUID();
    await h.catalogue.putCourses([{ _id: courseId, courseTitle: 'Crash Course', coursePrice: 250, discount: 0, educatorId: 'sandbox|educator-meera' }]);
    const student = h.newStudent('crash');
    const headers = await h.bearer(student);
    const created = await request(h.app.getHttpServer()).post('/api/user/purchase').set(headers).send({ courseId }).expect(200);
    const paid = await h.pay(created.body.order.id);

    proxy.holdEnrolments = true;
    const first = startWorker();
    const verifying = request(h.app.getHttpServer())
      .post('/api/user/verifyRazorpay')
      .set(headers)
      .send({ ...paid, purchaseId: created.body.purchaseId })
      .then((response) => response);

    await eventually(async () => proxy.heldRequests, (count) => count >= 1, 20_000);
    const db = h.app.get(DataSource);
    const [midway] = await db.query('SELECT status, enrolled_at FROM commerce.purchases WHERE id = $1', [created.body.purchaseId]);
    expect(midway).toEqual({ status: 'paid', enrolled_at: null });
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    proxy.holdEnrolments = false;
    startWorker();
    const response = await verifying;
    expect(response.body).toEqual({ success: true, message: 'Payment verified' });

    const enrolments = await db.query('SELECT purchase_id FROM progress.enrolments WHERE user_id = $1', [student.sub]);
    expect(enrolments).toEqual([{ purchase_id: created.body.purchaseId }]);
    expect(await h.enrolledCourses(student)).toEqual([courseId]);
    await eventually(
      () => db.query('SELECT COUNT(*)::int AS n FROM commerce.earnings_ledger WHERE purchase_id = $1', [created.body.purchaseId]),
      (rows: { n: number }[]) => rows[0]!.n === 1,
      15_000,
    );
  }, 90_000);
});

/** Forwards to progress; while `holdEnrolments` is set, enrol calls get no answer (the worker waits on them). */
async function startHoldingProxy(targetUrl: string) {
  const target = new URL(targetUrl);
  const state = { holdEnrolments: false, heldRequests: 0 };
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (state.holdEnrolments && req.url?.startsWith('/internal/enrolments')) {
      state.heldRequests += 1;
      held.push(res);
      req.resume();
      return;
    }
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    get url() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    get heldRequests() {
      return state.heldRequests;
    },
    set holdEnrolments(value: boolean) {
      state.holdEnrolments = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
