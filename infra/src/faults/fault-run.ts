import { PausableTcpProxy, TestIssuer } from '@academy/service-core/testing';
import path from 'node:path';
import pg from 'pg';
import { dataDir } from '../paths.js';
import { startPortal, type RunningPortal } from '../launcher/start-portal.js';
import { auditFigures, auditProblems, deadLetterCount, untilSettled, type AuditFigures } from './fault-audit.js';
import { FAULT_KINDS, sleep, type FlowOutcome, type SeedCourse } from './fault-kinds.js';
import { PortalCalls } from './portal-calls.js';
import { runPayoutFaults, type PayoutFaultReport } from './payout-faults.js';
import { PurchaseFlows } from './purchase-flows.js';

export { FAULT_KINDS, MIN_FAULT_FLOWS } from './fault-kinds.js';

/**
 * `npm run test:faults`: purchase flows through the real portal (edge, services, workers as processes, the sandbox's
 * Razorpay with its webhooks) while faults are injected: workers SIGKILLed mid-job, Redis gone and Redis stalled,
 * PostgreSQL gone (all through proxies in front of the machine's stores, which are never touched); and, flow by flow,
 * duplicate verify calls, duplicate and out-of-order webhooks, forged signatures, a cheaper payment presented for a
 * dearer purchase or another course, a failed attempt then a capture whose webhooks are all lost, and refunds. Then it
 * checks that nothing was lost or duplicated: every captured payment is a paid (or refunded) purchase, every paid
 * purchase is enrolled exactly once, nothing unpaid is enrolled, nothing tampered or forged was paid, the earnings
 * are captured minus refunded, and the catalogue's student counters are exact.
 */
export interface FaultRunOptions {
  flows: number;
  /** Flows in flight at once. */
  concurrency?: number;
  databaseUrl: string;
  redisUrl: string;
  log?: (line: string) => void;
}

export interface FaultRunReport extends AuditFigures {
  flows: number;
  ordersCreated: number;
  paymentsCaptured: number;
  answers: Record<string, number>;
  faults: string[];
  /** How often each kind of fault was injected. */
  faultCounts: Record<string, number>;
  /** The payouts phase after the flows: hold window, one payout per period, a failed transfer retried, none twice. */
  payouts: PayoutFaultReport | null;
  seconds: number;
  problems: string[];
}

interface Stores {
  redisProxy: PausableTcpProxy;
  pgProxy: PausableTcpProxy;
  issuer: TestIssuer;
}

/** The portal as processes, its stores reached through the proxies the faults cut, retries made quick. */
function startFaultPortal(options: FaultRunOptions, stores: Stores, log: (line: string) => void): Promise<RunningPortal> {
  return startPortal({
    isolated: true,
    ports: 'auto',
    appDirs: { shell: null, learner: null, educator: null, info: null },
    logFile: path.join(dataDir, 'logs', `faults-${Date.now()}.log`),
    log,
    authEnv: stores.issuer.env(),
    // Its own learners sign their tokens with another issuer; the demo classmates would not get in.
    demoActivity: false,
    // Each refund is settled when the run says so (the sandbox's test-only route), never by itself in between.
    refundSettleMs: 'off',
    env: {
      ...process.env,
      DATABASE_URL: stores.pgProxy.rewrite(options.databaseUrl),
      REDIS_URL: stores.redisProxy.rewrite(options.redisUrl),
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
}

/** The paid published courses of the seed and how many learners each had before the run. */
async function seedCourses(client: pg.Client): Promise<{ courses: SeedCourse[]; enrolledBefore: Map<string, number> }> {
  const courses: SeedCourse[] = (
    await client.query(
      `SELECT id, floor(price * (100 - discount))::int AS amount_paise, student_count FROM catalogue.courses
        WHERE is_published AND floor(price * (100 - discount)) >= 100 ORDER BY id`,
    )
  ).rows;
  if (courses.length === 0) throw new Error('no paid published course in the catalogue seed');
  const rows: { course_id: string; n: number }[] = (await client.query(`SELECT course_id, count(*)::int AS n FROM progress.enrolments GROUP BY 1`)).rows;
  return { courses, enrolledBefore: new Map(rows.map((row) => [row.course_id, row.n])) };
}

/** Faults, each at a point of the run (fraction of flows started). */
function faultSchedule(running: RunningPortal, stores: Stores): { at: number; name: string; inject: () => Promise<void> }[] {
  const { redisProxy, pgProxy } = stores;
  return [
    { at: 0.15, name: 'commerce worker SIGKILL (back after 1 s)', inject: () => running.restart('commerce:worker', 'SIGKILL', 1_000) },
    { at: 0.3, name: 'Redis gone for 2 s', inject: async () => { redisProxy.drop(); await sleep(2_000); redisProxy.resume(); } },
    { at: 0.45, name: 'progress worker SIGKILL (back after 1 s)', inject: () => running.restart('progress:worker', 'SIGKILL', 1_000) },
    { at: 0.6, name: 'PostgreSQL gone for 2 s', inject: async () => { pgProxy.drop(); await sleep(2_000); pgProxy.resume(); } },
    { at: 0.75, name: 'Redis stalled (answers nothing) for 3 s', inject: async () => { redisProxy.pause(); await sleep(3_000); redisProxy.resume(); } },
    { at: 0.85, name: 'catalogue worker SIGKILL (back after 1 s)', inject: () => running.restart('catalogue:worker', 'SIGKILL', 1_000) },
  ];
}

/** Runs the flows `concurrency` at a time, injecting each fault when its share of flows has started. */
async function runFlows(
  options: FaultRunOptions,
  flows: PurchaseFlows,
  schedule: ReturnType<typeof faultSchedule>,
  log: (line: string) => void,
): Promise<{ outcomes: FlowOutcome[]; faults: string[]; failures: string[] }> {
  const injections: Promise<void>[] = [];
  const outcomes: FlowOutcome[] = [];
  const faults: string[] = [];
  const failures: string[] = [];
  let next = 0;
  let cursor = 0;
  await Promise.all(
    Array.from({ length: options.concurrency ?? 8 }, async () => {
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
          outcomes.push(await flows.flow(index));
        } catch (error) {
          failures.push(`flow ${index}: ${(error as Error).message}`);
        }
      }
    }),
  );
  await Promise.all(injections);
  return { outcomes, faults, failures };
}

/** A client on the run's database, straight to PostgreSQL (not through the proxy the faults cut). */
async function directClient(running: RunningPortal, databaseUrl: string): Promise<pg.Client> {
  const realPg = new URL(databaseUrl);
  const realDb = new URL(running.databaseUrl);
  realDb.hostname = realPg.hostname;
  realDb.port = realPg.port || '5432';
  const client = new pg.Client({ connectionString: realDb.href });
  await client.connect();
  return client;
}

/** Payouts of what the run sold (a short phase: two weekly runs, a worker killed, transfers failed on purpose). */
async function payoutPhase(running: RunningPortal, options: FaultRunOptions, client: pg.Client, issuer: TestIssuer, log: (line: string) => void) {
  try {
    const payouts = await runPayoutFaults({
      portalUrl: running.portalUrl,
      sandboxUrl: running.sandboxUrl,
      redisUrl: options.redisUrl,
      queuePrefix: running.serviceEnv.QUEUE_PREFIX!,
      razorpayKeyId: running.serviceEnv.RAZORPAY_KEY_ID ?? 'rzp_test_sandbox',
      razorpayKeySecret: running.serviceEnv.RAZORPAY_KEY_SECRET!,
      client,
      issuer,
      restart: (name, signal, downMs) => running.restart(name, signal, downMs),
      log,
    });
    return { payouts, problems: payouts.problems.map((problem) => `payouts: ${problem}`) };
  } catch (error) {
    return { payouts: null, problems: [`payouts: ${(error as Error).message}`] };
  }
}

async function startStores(options: FaultRunOptions): Promise<Stores> {
  const realRedis = new URL(options.redisUrl);
  const realPg = new URL(options.databaseUrl);
  return {
    redisProxy: await PausableTcpProxy.start({ host: realRedis.hostname, port: Number(realRedis.port || 6379) }),
    pgProxy: await PausableTcpProxy.start({ host: realPg.hostname, port: Number(realPg.port || 5432) }),
    issuer: await TestIssuer.start(),
  };
}

async function stopAll(stores: Stores, portal: RunningPortal | undefined, db: pg.Client | undefined): Promise<void> {
  await db?.end().catch(() => undefined);
  stores.redisProxy.resume();
  stores.pgProxy.resume();
  await portal?.stop().catch(() => undefined);
  await stores.issuer.stop();
  await stores.redisProxy.close();
  await stores.pgProxy.close();
}

export async function runFaults(options: FaultRunOptions): Promise<FaultRunReport> {
  const log = options.log ?? ((line: string) => console.log(`[faults] ${line}`));
  const started = Date.now();
  const stores = await startStores(options);
  let portal: RunningPortal | undefined;
  let db: pg.Client | undefined;
  try {
    portal = await startFaultPortal(options, stores, log);
    const running = portal;
    db = await directClient(running, options.databaseUrl);
    const { courses, enrolledBefore } = await seedCourses(db);
    log(`portal up at ${running.portalUrl}; ${options.flows} flows over ${courses.length} paid courses`);
    const calls = new PortalCalls(running, { webhookSecret: running.serviceEnv.RAZORPAY_WEBHOOK_SECRET!, keySecret: running.serviceEnv.RAZORPAY_KEY_SECRET! });
    const flows = new PurchaseFlows(calls, stores.issuer, courses, db);
    const { outcomes, faults, failures } = await runFlows(options, flows, faultSchedule(running, stores), log);
    log(`${outcomes.length} flows done in ${Math.round((Date.now() - started) / 1000)} s; waiting for webhooks, retries and reconciliation`);

    await untilSettled(db, outcomes);
    const counted = await auditFigures(db, outcomes, courses, enrolledBefore);
    const payouts = await payoutPhase(running, options, db, stores.issuer, log);
    const figures: AuditFigures = { ...counted, deadLetters: await deadLetterCount(db) };
    const problems = [...flows.problems, ...failures, ...auditProblems(figures, outcomes, options.flows), ...payouts.problems];
    if ((calls.answers['500'] ?? 0) > 0) problems.push(`${calls.answers['500']} answers were 500`);
    // A run of at least MIN_FAULT_FLOWS flows has a flow of each kind (a differing webhook amount needs two prices).
    for (const kind of Object.values(FAULT_KINDS)) {
      if (!flows.faultCounts[kind] && kind !== FAULT_KINDS.tamperedWebhookAmount) problems.push(`no ${kind} were injected`);
    }
    return {
      flows: options.flows,
      ordersCreated: outcomes.filter((outcome) => outcome.orderId).length,
      paymentsCaptured: outcomes.filter((outcome) => outcome.captured && outcome.purchaseId).length,
      ...figures,
      answers: calls.answers,
      faults,
      faultCounts: flows.faultCounts,
      payouts: payouts.payouts,
      seconds: Math.round((Date.now() - started) / 1000),
      problems,
    };
  } finally {
    await stopAll(stores, portal, db);
  }
}
