import { PausableTcpProxy, TestIssuer } from '@academy/service-core/testing';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { dataDir } from '../paths.js';
import { startPortal, type RunningPortal } from '../launcher/start-portal.js';

/**
 * `npm run test:faults`: purchase flows through the real portal (edge, services, workers as processes, the sandbox's
 * Razorpay with its webhooks) while faults are injected: workers SIGKILLed mid-job, Redis gone and Redis stalled,
 * PostgreSQL gone (all through proxies in front of the machine's stores, which are never touched). Then it checks that
 * nothing was lost or duplicated: every captured payment is a paid purchase, every paid purchase is enrolled exactly
 * once, nothing unpaid is enrolled, the earnings ledger and the catalogue's student counters are exact.
 */
export interface FaultRunOptions {
  flows: number;
  /** Flows in flight at once. */
  concurrency?: number;
  databaseUrl: string;
  redisUrl: string;
  log?: (line: string) => void;
}

export interface FaultRunReport {
  flows: number;
  ordersCreated: number;
  paymentsCaptured: number;
  paidPurchases: number;
  enrolments: number;
  duplicateEnrolments: number;
  unpaidEnrolments: number;
  lostPurchases: number;
  ledgerPaise: number;
  capturedPaise: number;
  counterMismatches: number;
  deadLetters: number;
  answers: Record<string, number>;
  faults: string[];
  seconds: number;
  problems: string[];
}

type Variant = 'verify' | 'double-verify' | 'forged-then-verify' | 'webhook-only';
const VARIANTS: Variant[] = ['verify', 'double-verify', 'forged-then-verify', 'webhook-only'];

interface FlowOutcome {
  userId: string;
  courseId: string;
  orderId?: string;
  purchaseId?: string;
  amountPaise?: number;
  captured: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runFaults(options: FaultRunOptions): Promise<FaultRunReport> {
  const log = options.log ?? ((line: string) => console.log(`[faults] ${line}`));
  const started = Date.now();
  const realRedis = new URL(options.redisUrl);
  const realPg = new URL(options.databaseUrl);
  const redisProxy = await PausableTcpProxy.start({ host: realRedis.hostname, port: Number(realRedis.port || 6379) });
  const pgProxy = await PausableTcpProxy.start({ host: realPg.hostname, port: Number(realPg.port || 5432) });
  const issuer = await TestIssuer.start();
  const answers: Record<string, number> = {};
  const faults: string[] = [];
  let portal: RunningPortal | undefined;
  let db: pg.Client | undefined;
  try {
    portal = await startPortal({
      isolated: true,
      ports: 'auto',
      appDirs: { shell: null, learner: null, educator: null, info: null },
      logFile: path.join(dataDir, 'logs', `faults-${Date.now()}.log`),
      log,
      authEnv: issuer.env(),
      // Its own learners sign their tokens with another issuer; the demo classmates would not get in.
      demoActivity: false,
      env: {
        ...process.env,
        DATABASE_URL: pgProxy.rewrite(options.databaseUrl),
        REDIS_URL: redisProxy.rewrite(options.redisUrl),
        // Faults are hours apart in production; here they are seconds apart, so everything retries sooner.
        JOB_BACKOFF_MS: '300',
        COMMERCE_JOB_LOCK_MS: '3000',
        RECONCILE_AFTER_MS: '4000',
        RECONCILE_EVERY_MS: '3000',
        VERIFY_WAIT_MS: '8000',
        PAYMENT_RATE_LIMIT_PER_MINUTE: '1000',
        LOG_LEVEL: 'warn',
      },
    });
    const running = portal;
    const realDb = new URL(running.databaseUrl);
    realDb.hostname = realPg.hostname;
    realDb.port = realPg.port || '5432';
    db = new pg.Client({ connectionString: realDb.href });
    await db.connect();
    const client = db;

    const courses: { id: string; amount_paise: number; student_count: number }[] = (
      await client.query(
        `SELECT id, floor(price * (100 - discount))::int AS amount_paise, student_count FROM catalogue.courses
          WHERE is_published AND floor(price * (100 - discount)) >= 100 ORDER BY id`,
      )
    ).rows;
    if (courses.length === 0) throw new Error('no paid published course in the catalogue seed');
    const enrolledBefore = new Map<string, number>(
      (await client.query(`SELECT course_id, count(*)::int AS n FROM progress.enrolments GROUP BY 1`)).rows.map((row: { course_id: string; n: number }) => [
        row.course_id,
        row.n,
      ]),
    );
    log(`portal up at ${running.portalUrl}; ${options.flows} flows over ${courses.length} paid courses`);

    const api = async (method: string, pathname: string, token: string | undefined, body?: unknown) => {
      for (let attempt = 0; ; attempt += 1) {
        let status: number;
        let json: Record<string, unknown> = {};
        try {
          const response = await fetch(`${running.portalUrl}/api${pathname}`, {
            method,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          status = response.status;
          json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
        } catch {
          status = -1; // no answer at all (a hang cut by the timeout, a reset)
        }
        answers[String(status)] = (answers[String(status)] ?? 0) + 1;
        // As the front end does: an outage answer is retried after its Retry-After, a few times.
        if ((status === 503 || status === 502 || status === -1) && attempt < 6) {
          await sleep(500 * (attempt + 1));
          continue;
        }
        return { status, json };
      }
    };

    const pay = async (orderId: string) => {
      const response = await fetch(`${running.sandboxUrl}/razorpay/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'rzp_test_sandbox', order_id: orderId, email: 'faults@test.academy' }),
      });
      if (!response.ok) throw new Error(`checkout pay answered ${response.status}`);
      return (await response.json()) as { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };
    };

    const flow = async (index: number): Promise<FlowOutcome> => {
      const course = courses[index % courses.length]!;
      const userId = `faults|learner-${index}-${randomUUID().slice(0, 6)}`;
      const outcome: FlowOutcome = { userId, courseId: course.id, captured: false };
      const token = await issuer.sign({ sub: userId, name: `Learner ${index}`, email: `learner${index}@faults.test`, picture: '', roles: [] });
      const created = await api('POST', '/user/purchase', token, { courseId: course.id });
      const order = created.json.order as { id: string; amount: number } | undefined;
      if (created.status !== 200 || !order) return outcome;
      outcome.orderId = order.id;
      outcome.purchaseId = created.json.purchaseId as string;
      outcome.amountPaise = order.amount;
      const paid = await pay(order.id);
      outcome.captured = true;
      const body = { ...paid, purchaseId: outcome.purchaseId };
      const variant = VARIANTS[index % VARIANTS.length]!;
      if (variant === 'forged-then-verify') {
        const forged = await api('POST', '/user/verifyRazorpay', token, { ...body, razorpay_signature: 'f'.repeat(64) });
        if (forged.status === 200 && forged.json.success === true) throw new Error(`a forged signature was accepted for ${order.id}`);
      }
      if (variant === 'verify' || variant === 'forged-then-verify') await api('POST', '/user/verifyRazorpay', token, body);
      if (variant === 'double-verify') await Promise.all([api('POST', '/user/verifyRazorpay', token, body), api('POST', '/user/verifyRazorpay', token, body)]);
      return outcome; // webhook-only: the sandbox's webhooks (and reconciliation) must complete it
    };

    // Faults, each at a point of the run (fraction of flows started).
    const schedule: { at: number; name: string; inject: () => Promise<void> }[] = [
      { at: 0.15, name: 'commerce worker SIGKILL (back after 1 s)', inject: () => running.restart('commerce:worker', 'SIGKILL', 1_000) },
      { at: 0.3, name: 'Redis gone for 2 s', inject: async () => { redisProxy.drop(); await sleep(2_000); redisProxy.resume(); } },
      { at: 0.45, name: 'progress worker SIGKILL (back after 1 s)', inject: () => running.restart('progress:worker', 'SIGKILL', 1_000) },
      { at: 0.6, name: 'PostgreSQL gone for 2 s', inject: async () => { pgProxy.drop(); await sleep(2_000); pgProxy.resume(); } },
      { at: 0.75, name: 'Redis stalled (answers nothing) for 3 s', inject: async () => { redisProxy.pause(); await sleep(3_000); redisProxy.resume(); } },
      { at: 0.85, name: 'catalogue worker SIGKILL (back after 1 s)', inject: () => running.restart('catalogue:worker', 'SIGKILL', 1_000) },
    ];
    const injections: Promise<void>[] = [];
    let next = 0;
    const outcomes: FlowOutcome[] = [];
    const failures: string[] = [];
    const concurrency = options.concurrency ?? 8;
    let cursor = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (cursor < options.flows) {
          const index = cursor;
          cursor += 1;
          while (next < schedule.length && index >= schedule[next]!.at * options.flows) {
            const fault = schedule[next]!;
            next += 1;
            faults.push(fault.name);
            log(`flow ${index}: injecting ${fault.name}`);
            injections.push(fault.inject().catch((error: Error) => void failures.push(`fault ${fault.name}: ${error.message}`)));
          }
          try {
            outcomes.push(await flow(index));
          } catch (error) {
            failures.push(`flow ${index}: ${(error as Error).message}`);
          }
        }
      }),
    );
    await Promise.all(injections);
    log(`${outcomes.length} flows done in ${Math.round((Date.now() - started) / 1000)} s; waiting for webhooks, retries and reconciliation`);

    const captured = outcomes.filter((outcome) => outcome.captured && outcome.purchaseId);
    const capturedIds = captured.map((outcome) => outcome.purchaseId!);
    const settledCount = async () =>
      Number(
        (
          await client.query(
            `SELECT count(*) AS n FROM commerce.purchases p JOIN progress.enrolments e ON e.purchase_id = p.id
              JOIN commerce.earnings_ledger l ON l.purchase_id = p.id WHERE p.id = ANY($1::uuid[]) AND p.status = 'paid'`,
            [capturedIds],
          )
        ).rows[0].n,
      );
    const deadline = Date.now() + 120_000;
    let settled = await settledCount();
    while (settled < captured.length && Date.now() < deadline) {
      await sleep(1_000);
      settled = await settledCount();
    }
    await sleep(3_000); // let late duplicates (webhook retries, reconciliation) land before counting

    const one = async (sql: string, values: unknown[] = []) => Number((await client.query(sql, values)).rows[0].n ?? 0);
    const runUsers = `user_id LIKE 'faults|%'`;
    const paidPurchases = await one(`SELECT count(*) AS n FROM commerce.purchases WHERE ${runUsers} AND status = 'paid'`);
    const enrolments = await one(`SELECT count(*) AS n FROM progress.enrolments WHERE ${runUsers}`);
    const duplicateEnrolments = await one(
      `SELECT count(*) AS n FROM (SELECT user_id, course_id FROM progress.enrolments WHERE ${runUsers} GROUP BY 1, 2 HAVING count(*) > 1) d`,
    );
    const unpaidEnrolments = await one(
      `SELECT count(*) AS n FROM progress.enrolments e LEFT JOIN commerce.purchases p ON p.id = e.purchase_id
        WHERE e.${runUsers} AND (p.id IS NULL OR p.status <> 'paid')`,
    );
    const lostPurchases = await one(`SELECT count(*) AS n FROM commerce.purchases WHERE id = ANY($1::uuid[]) AND status <> 'paid'`, [capturedIds]);
    const capturedPaise = await one(`SELECT coalesce(sum(amount_paise), 0) AS n FROM commerce.purchases WHERE ${runUsers} AND status = 'paid'`);
    const ledgerPaise = await one(
      `SELECT coalesce(sum(l.amount_paise), 0) AS n FROM commerce.earnings_ledger l JOIN commerce.purchases p ON p.id = l.purchase_id WHERE p.${runUsers}`,
    );
    const before = new Map(courses.map((course) => [course.id, course.student_count]));
    // Each enrolment of the run must have raised its course's counter exactly once (events applied once). The
    // counters follow the enrolments through progress's outbox and catalogue's queue: a job whose worker was
    // killed comes back once its lock expires (30 s), so they are given until they agree, or 90 s.
    const counterMismatchCount = async () => {
      const counters: { id: string; student_count: number; enrolled: string }[] = (
        await client.query(
          `SELECT c.id, c.student_count, (SELECT count(*) FROM progress.enrolments e WHERE e.course_id = c.id) AS enrolled
             FROM catalogue.courses c WHERE c.id = ANY($1::uuid[])`,
          [courses.map((course) => course.id)],
        )
      ).rows;
      return counters.filter(
        (row) => row.student_count - (before.get(row.id) ?? 0) !== Number(row.enrolled) - (enrolledBefore.get(row.id) ?? 0),
      ).length;
    };
    const countersDeadline = Date.now() + 90_000;
    let counterMismatches = await counterMismatchCount();
    while (counterMismatches > 0 && Date.now() < countersDeadline) {
      await sleep(1_000);
      counterMismatches = await counterMismatchCount();
    }
    let deadLetters = 0;
    for (const schema of ['catalogue', 'commerce', 'progress']) {
      deadLetters += await one(`SELECT count(*) AS n FROM ${schema}.dead_letters WHERE status = 'dead'`);
    }

    const problems = [...failures];
    const withoutOrder = outcomes.filter((outcome) => !outcome.orderId).length + (options.flows - outcomes.length);
    if (withoutOrder > 0) problems.push(`${withoutOrder} flows never got an order (a service stayed down?)`);
    if (paidPurchases !== captured.length) problems.push(`paid purchases ${paidPurchases} ≠ captured payments ${captured.length}`);
    if (enrolments !== paidPurchases) problems.push(`enrolments ${enrolments} ≠ paid purchases ${paidPurchases}`);
    if (duplicateEnrolments > 0) problems.push(`${duplicateEnrolments} duplicate enrolments`);
    if (unpaidEnrolments > 0) problems.push(`${unpaidEnrolments} unpaid enrolments`);
    if (lostPurchases > 0) problems.push(`${lostPurchases} captured payments not paid after reconciliation`);
    if (ledgerPaise !== capturedPaise) problems.push(`earnings ledger ${ledgerPaise} paise ≠ captured ${capturedPaise} paise`);
    if (counterMismatches > 0) problems.push(`${counterMismatches} courses whose student count is not their enrolments`);
    if (deadLetters > 0) problems.push(`${deadLetters} dead letters`);
    if ((answers['500'] ?? 0) > 0) problems.push(`${answers['500']} answers were 500`);
    return {
      flows: options.flows,
      ordersCreated: outcomes.filter((outcome) => outcome.orderId).length,
      paymentsCaptured: captured.length,
      paidPurchases,
      enrolments,
      duplicateEnrolments,
      unpaidEnrolments,
      lostPurchases,
      ledgerPaise,
      capturedPaise,
      counterMismatches,
      deadLetters,
      answers,
      faults,
      seconds: Math.round((Date.now() - started) / 1000),
      problems,
    };
  } finally {
    await db?.end().catch(() => undefined);
    redisProxy.resume();
    pgProxy.resume();
    await portal?.stop().catch(() => undefined);
    await issuer.stop();
    await redisProxy.close();
    await pgProxy.close();
  }
}
