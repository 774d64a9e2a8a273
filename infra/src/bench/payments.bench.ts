// Benchmark: a learner's payment end to end against the sandbox, as the browser does it: the order through the API
// (`POST /api/user/purchase`), the payment in the sandbox's Checkout (`POST /razorpay/checkout/pay`, which also
// sends Razorpay's webhook), then `POST /api/user/verifyRazorpay`, which waits for the order's verification job
// (the queue round trip). BUYERS learners buy at once, each COURSES_PER_BUYER paid demo courses one after the other.
// The payment rate limit (PAYMENT_RATE_LIMIT_PER_MINUTE, 20 calls per learner per minute) is left as configured:
// each learner makes 2 × COURSES_PER_BUYER calls, under the limit, so the load comes from many learners.
// "Pay → enrolled" is the learner's wait from pressing Pay in Checkout to the verified, enrolled answer (Checkout's
// payment plus verifyRazorpay). The portal gets a Redis of its own, so the CPU profile (per process group, taken
// over the concurrent phase) counts only this run. Writes bench/results/payments.{json,md}.
import type { CourseListPage, PurchaseResult } from '@academy/contracts';
import { signInOverHttp, type SpaClient } from '@academy/sandbox/scripted-sign-in';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { cpuUsedBetween, sampleCpu } from './load/process-cpu.js';
import { portalCpuGroups } from './load/portal-cpu.js';
import { startOwnRedis } from './load/own-redis.js';
import { markdownTable, ms, percentile, progress, runStamp, startBenchPortal, writeResults } from './results.js';

const BUYERS = Number(process.env.BENCH_PAYMENT_BUYERS ?? 50);
const COURSES_PER_BUYER = Number(process.env.BENCH_PAYMENT_COURSES ?? 8);
const TARGET_PAY_TO_ENROLLED_P99_MS = 1000;
const TARGET_VERIFIED_PER_SECOND = 100;
const PASSWORD = 'bench-learner-password';

interface Buyer {
  email: string;
  token: string;
}

interface Sample {
  purchaseMs: number;
  payMs: number;
  verifyMs: number;
  payToEnrolledMs: number;
  totalMs: number;
  verified: boolean;
  status: number;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => ({}))) as T };
}

/** Runs `work` on every item with at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function buy(apiUrl: string, sandboxUrl: string, buyer: Buyer, courseId: string): Promise<Sample> {
  const started = performance.now();
  const [purchase, purchaseMs] = await timed(() => postJson<PurchaseResult & { message?: string }>(`${apiUrl}/user/purchase`, { courseId }, buyer.token));
  if (purchase.status !== 200 || !purchase.body.order) {
    throw new Error(`purchase of ${courseId} answered ${purchase.status}: ${purchase.body.message ?? JSON.stringify(purchase.body)}`);
  }
  const [payment, payMs] = await timed(() =>
    postJson<Record<string, string>>(`${sandboxUrl}/razorpay/checkout/pay`, { key: purchase.body.keyId, order_id: purchase.body.order!.id, email: buyer.email }),
  );
  if (payment.status !== 200) throw new Error(`sandbox checkout answered ${payment.status}: ${JSON.stringify(payment.body)}`);
  const [verify, verifyMs] = await timed(() =>
    postJson<{ success?: boolean; message?: string }>(`${apiUrl}/user/verifyRazorpay`, { ...payment.body, purchaseId: purchase.body.purchaseId }, buyer.token),
  );
  return { purchaseMs, payMs, verifyMs, payToEnrolledMs: payMs + verifyMs, totalMs: performance.now() - started, verified: verify.status === 200 && verify.body.success === true, status: verify.status };
}

function stats(values: number[]) {
  return { p50Ms: percentile(values, 50), p95Ms: percentile(values, 95), p99Ms: percentile(values, 99), maxMs: Math.max(...values) };
}

type Stats = ReturnType<typeof stats>;

interface PaymentsSummary {
  date: string;
  node: string;
  cpus: number;
  loadAverage: number[];
  payments: number;
  verified: number;
  failures: number;
  failureExamples: string[];
  verifyStatuses: Record<string, number>;
  paymentsPerSecond: number;
  verifiedPerSecond: number;
  purchase: Stats;
  sandboxPay: Stats;
  verifyRazorpay: Stats;
  payToEnrolled: Stats;
  endToEnd: Stats;
  cpuMsPerPayment: Record<string, number>;
  coresBusy: number;
  met: boolean;
}

function summarise(samples: Sample[], failures: string[], seconds: number, cpuSeconds: Record<string, number>): PaymentsSummary {
  const verifiedCount = samples.filter((sample) => sample.verified).length;
  const payToEnrolled = stats(samples.map((sample) => sample.payToEnrolledMs));
  const verifiedPerSecond = verifiedCount / seconds;
  const cpuMsPerPayment = Object.fromEntries(
    Object.entries(cpuSeconds)
      .sort((a, b) => b[1] - a[1])
      .map(([name, used]) => [name, Math.round((used * 1000 * 10) / Math.max(1, samples.length)) / 10]),
  );
  return {
    ...runStamp(),
    loadAverage: os.loadavg(),
    payments: samples.length,
    verified: verifiedCount,
    failures: failures.length,
    failureExamples: [...new Set(failures.map((message) => message.replace(/^purchase of \S+ /, 'purchase ')))].slice(0, 5),
    verifyStatuses: Object.fromEntries([...new Set(samples.map((sample) => sample.status))].map((status) => [status, samples.filter((sample) => sample.status === status).length])),
    paymentsPerSecond: samples.length / seconds,
    verifiedPerSecond,
    purchase: stats(samples.map((sample) => sample.purchaseMs)),
    sandboxPay: stats(samples.map((sample) => sample.payMs)),
    verifyRazorpay: stats(samples.map((sample) => sample.verifyMs)),
    payToEnrolled,
    endToEnd: stats(samples.map((sample) => sample.totalMs)),
    cpuMsPerPayment,
    coresBusy: Object.values(cpuSeconds).reduce((sum, used) => sum + used, 0) / seconds,
    met: payToEnrolled.p99Ms <= TARGET_PAY_TO_ENROLLED_P99_MS && verifiedPerSecond >= TARGET_VERIFIED_PER_SECOND && verifiedCount === samples.length && failures.length === 0,
  };
}

function paymentsMarkdown(summary: PaymentsSummary): string {
  const row = (name: string, s: Stats) => [name, ms(s.p50Ms), ms(s.p95Ms), ms(s.p99Ms), ms(s.maxMs)];
  const statuses = Object.entries(summary.verifyStatuses).map(([status, count]) => `${status} × ${count}`).join(', ');
  return [
    `# Payments (${BUYERS} learners paying at once, ${summary.payments} payments)`,
    '',
    `Order → sandbox Checkout payment → \`POST /api/user/verifyRazorpay\` (waits for the verification job). ${summary.verified}/${summary.payments} verified (verify answered ${statuses}; latencies include every answer), ${summary.failures} purchases failed before verification (${summary.failureExamples.join('; ') || 'none'}), **${summary.verifiedPerSecond.toFixed(1)} verified payments/s**. Targets: Pay → enrolled p99 ≤ ${TARGET_PAY_TO_ENROLLED_P99_MS} ms and ≥ ${TARGET_VERIFIED_PER_SECOND} verified/s: ${summary.met ? 'met' : 'not met'}. Rate limit at its default (each learner stays under it). Run ${summary.date}, Node ${summary.node}, ${summary.cpus} cores, load average ${summary.loadAverage.map((value) => value.toFixed(1)).join(' ')} at the end.`,
    '',
    markdownTable(
      ['call', 'p50', 'p95', 'p99', 'max'],
      [
        row('**Pay → enrolled** (Checkout pay + verify)', summary.payToEnrolled),
        row('`POST /api/user/verifyRazorpay`', summary.verifyRazorpay),
        row('`POST /api/user/purchase`', summary.purchase),
        row('sandbox Checkout pay', summary.sandboxPay),
        row('whole purchase', summary.endToEnd),
      ],
    ),
    '',
    `## Where the time goes: CPU per payment (${summary.coresBusy.toFixed(2)} cores busy on average during the run)`,
    '',
    markdownTable(['process group', 'CPU ms per payment'], Object.entries(summary.cpuMsPerPayment).map(([name, value]) => [name, value.toFixed(1)])),
  ].join('\n');
}

async function signUpBuyers(portal: { portalUrl: string; sandboxUrl: string }): Promise<Buyer[]> {
  const config = (await (await fetch(`${portal.portalUrl}/runtime-config.json`)).json()) as { auth0: { clientId: string; audience: string } };
  const client: SpaClient = { clientId: config.auth0.clientId, audience: config.auth0.audience, redirectUri: portal.portalUrl };
  progress('payments', `signing up ${BUYERS + 1} learners through the sandbox's hosted sign-up page`);
  const run = randomBytes(3).toString('hex');
  const emails = Array.from({ length: BUYERS + 1 }, (_, index) => `bench-${run}-${index}@learners.academy`);
  const buyers: Buyer[] = [];
  await pool(emails, 5, async (email) => {
    const tokens = await signInOverHttp(`${portal.sandboxUrl}/`, client, 'signup', { name: `Bench Learner ${email.split('@')[0]}`, email, password: PASSWORD });
    buyers.push({ email, token: tokens.access_token });
  });
  return buyers;
}

async function main(): Promise<void> {
  const redis = await startOwnRedis();
  const portal = await startBenchPortal('payments', { demoActivity: false, env: { ...process.env, REDIS_URL: redis.url } });
  try {
    const apiUrl = `${portal.portalUrl}/api`;
    const list = (await (await fetch(`${apiUrl}/course/all?limit=50`)).json()) as CourseListPage;
    const paid = list.courses.filter((course) => course.coursePrice * (1 - course.discount / 100) > 0).map((course) => course._id);
    const perBuyer = Math.min(COURSES_PER_BUYER, paid.length - 1);
    if (perBuyer < 1) throw new Error('the demo catalogue has too few paid courses for the payments bench');
    const buyers = await signUpBuyers(portal);
    const warmUp = buyers.pop()!;
    progress('payments', 'warming up (one learner buys one course; not counted)');
    await buy(apiUrl, portal.sandboxUrl, warmUp, paid.at(-1)!);

    progress('payments', `${BUYERS} learners buy ${perBuyer} courses each, all at once (${BUYERS} payments in flight)`);
    const samples: Sample[] = [];
    const failures: string[] = [];
    const groups = portalCpuGroups(new URL(portal.databaseUrl).pathname.slice(1), redis.pid);
    const cpuBefore = sampleCpu(groups);
    const started = performance.now();
    await Promise.all(
      buyers.map(async (buyer) => {
        for (const courseId of paid.slice(0, perBuyer)) {
          try {
            samples.push(await buy(apiUrl, portal.sandboxUrl, buyer, courseId));
          } catch (error) {
            failures.push((error as Error).message);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const summary = summarise(samples, failures, seconds, cpuUsedBetween(cpuBefore, sampleCpu(groups)));
    const markdown = paymentsMarkdown(summary);
    console.log(markdown);
    if (failures.length > 0) console.log(`failures (first): ${summary.failureExamples.join(' | ')}`);
    writeResults('payments', { ...summary, buyers: BUYERS, coursesPerBuyer: perBuyer, inFlight: BUYERS }, markdown);
    progress('payments', 'wrote bench/results/payments.json and payments.md');
  } finally {
    await portal.stop();
    await redis.stop();
  }
}

await main();
