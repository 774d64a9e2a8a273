import { PausableTcpProxy, TestIssuer } from '@academy/service-core/testing';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { dataDir } from '../paths.js';
import { startPortal, type RunningPortal } from '../launcher/start-portal.js';
import { runPayoutFaults, type PayoutFaultReport } from './payout-faults.js';

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

export interface FaultRunReport {
  flows: number;
  ordersCreated: number;
  paymentsCaptured: number;
  paidPurchases: number;
  enrolments: number;
  duplicateEnrolments: number;
  unpaidEnrolments: number;
  lostPurchases: number;
  refundedPurchases: number;
  /** Purchases a forged or tampered call or webhook aimed at, paid or enrolled anyway (0). */
  tamperedPaidOrEnrolled: number;
  /** Net earnings of the run's purchases: ledger entries plus refund reversals. */
  earningsPaise: number;
  capturedPaise: number;
  refundedPaise: number;
  counterMismatches: number;
  deadLetters: number;
  answers: Record<string, number>;
  faults: string[];
  /** How often each kind of fault was injected. */
  faultCounts: Record<string, number>;
  /** The payouts phase after the flows: hold window, one payout per period, a failed transfer retried, none twice. */
  payouts: PayoutFaultReport | null;
  seconds: number;
  problems: string[];
}

type Variant =
  | 'verify'
  | 'double-verify'
  | 'forged-then-verify'
  | 'webhook-only'
  | 'duplicate-webhooks'
  | 'out-of-order-webhooks'
  | 'forged-webhook'
  | 'tampered-amount'
  | 'tampered-course'
  | 'failed-then-capture-webhooks-lost'
  | 'refund';
const VARIANTS: Variant[] = [
  'verify',
  'double-verify',
  'forged-then-verify',
  'webhook-only',
  'duplicate-webhooks',
  'out-of-order-webhooks',
  'forged-webhook',
  'tampered-amount',
  'tampered-course',
  'failed-then-capture-webhooks-lost',
  'refund',
];

/** Fewer flows would leave a kind of flow out. */
export const MIN_FAULT_FLOWS = VARIANTS.length;

/** The kinds of fault counted in the report (process and store faults are listed by name). */
export const FAULT_KINDS = {
  duplicateVerify: 'duplicate verify calls',
  forgedVerify: 'forged verify signatures',
  duplicateWebhooks: 'duplicate webhooks',
  outOfOrderWebhooks: 'out-of-order webhooks',
  forgedWebhook: 'forged webhook signatures',
  tamperedAmount: 'tampered amount (cheaper payment for a dearer purchase)',
  tamperedCourse: 'tampered course (payment presented for another course)',
  tamperedWebhookAmount: 'webhook amount differing from the order',
  failedThenCaptureLost: 'failed attempt then capture, webhooks lost, no verify',
  refund: 'refunds',
} as const;

interface FlowOutcome {
  userId: string;
  courseId: string;
  orderId?: string;
  purchaseId?: string;
  amountPaise?: number;
  captured: boolean;
  /** The learner asked for a refund and the bank processed it: the purchase must end refunded, not enrolled. */
  refunded?: boolean;
  /** A purchase of this flow that forged or tampered calls aimed at, never paid: it must stay unpaid and unenrolled. */
  tamperedPurchaseId?: string;
  /** An order whose webhooks the forged ones imitated: commerce must have recorded none of its events. */
  forgedWebhookOrderId?: string;
}

interface CapturedPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
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
      // Each refund is settled when the run says so (the sandbox's test-only route), never by itself in between.
      refundSettleMs: 'off',
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

    const faultCounts: Record<string, number> = Object.fromEntries(Object.values(FAULT_KINDS).map((kind) => [kind, 0]));
    const count = (kind: string) => void (faultCounts[kind] = (faultCounts[kind] ?? 0) + 1);
    const problems: string[] = [];
    const webhookSecret = running.serviceEnv.RAZORPAY_WEBHOOK_SECRET!;
    const keySecret = running.serviceEnv.RAZORPAY_KEY_SECRET!;

    const sandbox = async <T>(pathname: string, body: unknown): Promise<T> => {
      const response = await fetch(`${running.sandboxUrl}/razorpay/${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`sandbox ${pathname} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
      return (await response.json()) as T;
    };
    const checkout = { key: 'rzp_test_sandbox', email: 'faults@test.academy' };
    const pay = (orderId: string) => sandbox<CapturedPayment>('checkout/pay', { ...checkout, order_id: orderId });
    const failAttempt = async (orderId: string) =>
      (await sandbox<{ error: { metadata: { payment_id: string } } }>('checkout/fail', { ...checkout, order_id: orderId })).error.metadata.payment_id;
    // The sandbox records this order's events but delivers none of them.
    const loseWebhooksOf = (orderId: string) => sandbox(`sandbox/webhooks/orders/${orderId}`, { enabled: false });

    /** A Razorpay-shaped event about one payment (and its order for order.paid), as the sandbox would send it. */
    const webhookBody = (event: string, payment: { id: string; orderId: string; amount: number; status: string }) =>
      JSON.stringify({
        entity: 'event',
        account_id: 'acc_SandboxAcademy01',
        event,
        contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
        payload: {
          payment: {
            entity: {
              id: payment.id,
              entity: 'payment',
              amount: payment.amount,
              currency: 'INR',
              status: payment.status,
              order_id: payment.orderId,
              captured: payment.status === 'captured',
              error_description: payment.status === 'failed' ? 'Payment failed (fault run)' : null,
            },
          },
          ...(event === 'order.paid' ? { order: { entity: { id: payment.orderId, entity: 'order', amount: payment.amount, status: 'paid' } } } : {}),
        },
        created_at: Math.floor(Date.now() / 1000),
      });
    const sign = (body: string, secret = webhookSecret) => createHmac('sha256', secret).update(body).digest('hex');
    /** POSTs a webhook to commerce's route through the edge; like Razorpay, retries an outage answer a few times. */
    const postWebhook = async (body: string, signature: string): Promise<number> => {
      for (let attempt = 0; ; attempt += 1) {
        let status: number;
        try {
          const response = await fetch(`${running.portalUrl}/api/payments/razorpay/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_faults${randomUUID().slice(0, 8)}` },
            body,
            signal: AbortSignal.timeout(30_000),
          });
          status = response.status;
          await response.arrayBuffer().catch(() => undefined);
        } catch {
          status = -1;
        }
        answers[String(status)] = (answers[String(status)] ?? 0) + 1;
        if ((status >= 500 || status === -1) && attempt < 6) {
          await sleep(500 * (attempt + 1));
          continue;
        }
        return status;
      }
    };
    const expectRefused = (what: string, status: number) => {
      if (status !== 400 && status !== 401) problems.push(`${what} answered ${status}, not 400/401`);
    };
    const expectAccepted = (what: string, status: number) => {
      if (status !== 200) problems.push(`${what} answered ${status}, not 200`);
    };
    const expectNotVerified = (what: string, answer: { status: number; json: Record<string, unknown> }) => {
      if (answer.status === 200 && answer.json.success === true) problems.push(`${what} was accepted`);
    };
    const purchaseStatus = async (purchaseId: string) =>
      ((await client.query(`SELECT status FROM commerce.purchases WHERE id = $1`, [purchaseId])).rows[0] as { status: string } | undefined)?.status;
    const waitFor = async (what: string, ready: () => Promise<boolean>, timeoutMs = 90_000) => {
      const until = Date.now() + timeoutMs;
      while (!(await ready().catch(() => false))) {
        if (Date.now() > until) throw new Error(`${what}: not done after ${timeoutMs / 1000} s`);
        await sleep(500);
      }
    };

    // Cheapest first: tampered amounts present a cheaper course's payment for a dearer one.
    const byPrice = [...courses].sort((a, b) => a.amount_paise - b.amount_paise);
    const dearerThan = (course: (typeof courses)[number]) => byPrice.find((other) => other.amount_paise > course.amount_paise);

    const buy = async (token: string, courseId: string) => {
      const created = await api('POST', '/user/purchase', token, { courseId });
      const order = created.json.order as { id: string; amount: number } | undefined;
      if (created.status !== 200 || !order) return undefined;
      return { orderId: order.id, amountPaise: order.amount, purchaseId: created.json.purchaseId as string };
    };

    const flow = async (index: number): Promise<FlowOutcome> => {
      const variant = VARIANTS[index % VARIANTS.length]!;
      // A tampered amount needs a course with a dearer one: the cheapest course pays.
      const course = variant === 'tampered-amount' ? byPrice[0]! : courses[index % courses.length]!;
      const userId = `faults|learner-${index}-${randomUUID().slice(0, 6)}`;
      const outcome: FlowOutcome = { userId, courseId: course.id, captured: false };
      const token = await issuer.sign({ sub: userId, name: `Learner ${index}`, email: `learner${index}@faults.test`, picture: '', roles: [] });
      const purchase = await buy(token, course.id);
      if (!purchase) return outcome;
      Object.assign(outcome, purchase);
      const orderId = purchase.orderId;
      const verifyBody = (paid: CapturedPayment) => ({ ...paid, purchaseId: purchase.purchaseId });

      if (variant === 'failed-then-capture-webhooks-lost') {
        // Every webhook of this order is lost and the client never calls verify: only reconciliation can complete it.
        await loseWebhooksOf(orderId);
        await failAttempt(orderId);
        await pay(orderId);
        outcome.captured = true;
        count(FAULT_KINDS.failedThenCaptureLost);
        return outcome;
      }
      if (variant === 'out-of-order-webhooks') {
        // Commerce hears only what this run sends, in a bad order: captured before verify, order.paid after, and
        // the earlier attempt's payment.failed last of all.
        await loseWebhooksOf(orderId);
        const failedId = await failAttempt(orderId);
        const paid = await pay(orderId);
        outcome.captured = true;
        const captured = { id: paid.razorpay_payment_id, orderId, amount: purchase.amountPaise, status: 'captured' };
        const capturedEvent = webhookBody('payment.captured', captured);
        expectAccepted('payment.captured before verify', await postWebhook(capturedEvent, sign(capturedEvent)));
        await api('POST', '/user/verifyRazorpay', token, verifyBody(paid));
        const orderPaid = webhookBody('order.paid', captured);
        expectAccepted('order.paid after capture', await postWebhook(orderPaid, sign(orderPaid)));
        const lateFailure = webhookBody('payment.failed', { ...captured, id: failedId, status: 'failed' });
        expectAccepted('payment.failed after capture', await postWebhook(lateFailure, sign(lateFailure)));
        count(FAULT_KINDS.outOfOrderWebhooks);
        return outcome;
      }
      if (variant === 'forged-webhook') {
        // Forged events for this order before it is paid: commerce must refuse them and record nothing of the order.
        await loseWebhooksOf(orderId);
        const claim = { id: `pay_Forged${randomUUID().replaceAll('-', '').slice(0, 8)}`, orderId, amount: purchase.amountPaise, status: 'captured' };
        const forged = webhookBody('payment.captured', claim);
        expectRefused('a webhook signed with another secret', await postWebhook(forged, sign(forged, 'not-the-webhook-secret')));
        const signed = webhookBody('order.paid', claim);
        const altered = signed.replace(`"amount":${purchase.amountPaise}`, `"amount":${purchase.amountPaise + 100}`);
        expectRefused('a webhook altered after signing', await postWebhook(altered, sign(signed)));
        expectRefused('a webhook with a malformed signature', await postWebhook(forged, 'zz'.repeat(32)));
        count(FAULT_KINDS.forgedWebhook);
        outcome.forgedWebhookOrderId = orderId;
        const paid = await pay(orderId);
        outcome.captured = true;
        await api('POST', '/user/verifyRazorpay', token, verifyBody(paid));
        return outcome;
      }

      const paid = await pay(orderId);
      outcome.captured = true;
      const body = verifyBody(paid);
      if (variant === 'forged-then-verify') {
        const forged = await api('POST', '/user/verifyRazorpay', token, { ...body, razorpay_signature: 'f'.repeat(64) });
        expectNotVerified(`a forged verify signature for ${orderId}`, forged);
        count(FAULT_KINDS.forgedVerify);
      }
      if (variant === 'double-verify') {
        await Promise.all([api('POST', '/user/verifyRazorpay', token, body), api('POST', '/user/verifyRazorpay', token, body)]);
        count(FAULT_KINDS.duplicateVerify);
      } else if (variant === 'duplicate-webhooks') {
        // The sandbox delivers its own payment.captured and order.paid; each arrives twice more, at once.
        const captured = { id: paid.razorpay_payment_id, orderId, amount: purchase.amountPaise, status: 'captured' };
        const events = [webhookBody('payment.captured', captured), webhookBody('order.paid', captured)];
        const statuses = await Promise.all([...events, ...events].map((event) => postWebhook(event, sign(event))));
        statuses.forEach((status) => expectAccepted('a duplicate webhook', status));
        count(FAULT_KINDS.duplicateWebhooks);
      } else if (variant !== 'webhook-only') {
        const verified = await api('POST', '/user/verifyRazorpay', token, body);
        if (variant === 'refund') await refund(token, outcome, verified.json.success === true);
      }
      if (variant === 'tampered-amount' || variant === 'tampered-course') await tamper(variant, token, outcome, course, paid);
      return outcome; // webhook-only: the sandbox's webhooks (and reconciliation) must complete it
    };

    /** The learner asks for a refund of a paid purchase and the bank processes it. */
    const refund = async (token: string, outcome: FlowOutcome, verified: boolean) => {
      const purchaseId = outcome.purchaseId!;
      if (!verified) await waitFor(`purchase ${purchaseId} paid before its refund`, async () => (await purchaseStatus(purchaseId)) === 'paid');
      const asked = await api('POST', `/user/purchases/${purchaseId}/refund`, token);
      if (asked.status !== 200 || asked.json.success !== true) {
        problems.push(`refund of ${purchaseId} answered ${asked.status}: ${String(asked.json.message)}`);
        return;
      }
      outcome.refunded = true;
      count(FAULT_KINDS.refund);
      // Razorpay's refund id is recorded once Razorpay answered (reconciliation asks again after an outage).
      let refundId: string | undefined;
      await waitFor(`refund of ${purchaseId} sent to Razorpay`, async () => {
        refundId = (await client.query(`SELECT razorpay_refund_id FROM commerce.refunds WHERE purchase_id = $1`, [purchaseId])).rows[0]
          ?.razorpay_refund_id as string | undefined;
        return Boolean(refundId);
      });
      await sandbox(`sandbox/process-refund/${refundId}`, {});
    };

    /**
     * The learner's paid payment (a cheaper course's, or another course's) presented for a second purchase: as it
     * is, re-signed for the other order with the real key secret, and as a validly signed webhook naming the other
     * order with the cheaper amount. The second purchase must stay unpaid and unenrolled.
     */
    const tamper = async (
      variant: 'tampered-amount' | 'tampered-course',
      token: string,
      outcome: FlowOutcome,
      course: (typeof courses)[number],
      paid: CapturedPayment,
    ) => {
      const target = variant === 'tampered-amount' ? dearerThan(course) : courses.find((other) => other.id !== course.id);
      if (!target) {
        problems.push(`${variant}: the catalogue seed has no ${variant === 'tampered-amount' ? 'dearer' : 'other'} paid course`);
        return;
      }
      const other = await buy(token, target.id);
      if (!other) {
        problems.push(`${variant}: no order for the second course`);
        return;
      }
      outcome.tamperedPurchaseId = other.purchaseId;
      const asIs = await api('POST', '/user/verifyRazorpay', token, { ...paid, purchaseId: other.purchaseId });
      expectNotVerified(`${variant}: a payment presented for another purchase`, asIs);
      const resigned = {
        razorpay_order_id: other.orderId,
        razorpay_payment_id: paid.razorpay_payment_id,
        razorpay_signature: createHmac('sha256', keySecret).update(`${other.orderId}|${paid.razorpay_payment_id}`).digest('hex'),
        purchaseId: other.purchaseId,
      };
      expectNotVerified(`${variant}: a payment re-signed for another order`, await api('POST', '/user/verifyRazorpay', token, resigned));
      const event = webhookBody('payment.captured', { id: paid.razorpay_payment_id, orderId: other.orderId, amount: outcome.amountPaise!, status: 'captured' });
      // Validly signed, so it is accepted; the verification it starts must find the payment is not for that order.
      expectAccepted(`${variant}: a webhook naming another order`, await postWebhook(event, sign(event)));
      count(variant === 'tampered-amount' ? FAULT_KINDS.tamperedAmount : FAULT_KINDS.tamperedCourse);
      if (target.amount_paise !== course.amount_paise) count(FAULT_KINDS.tamperedWebhookAmount);
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
    const refundedIds = captured.filter((outcome) => outcome.refunded).map((outcome) => outcome.purchaseId!);
    const tamperedIds = outcomes.flatMap((outcome) => (outcome.tamperedPurchaseId ? [outcome.tamperedPurchaseId] : []));
    // Settled: paid, enrolled and in the ledger; or, when refunded, refunded, reversed and no longer enrolled.
    const settledCount = async () =>
      Number(
        (
          await client.query(
            `SELECT count(*) AS n FROM commerce.purchases p
              WHERE p.id = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM commerce.earnings_ledger l WHERE l.purchase_id = p.id)
                AND CASE WHEN p.id = ANY($2::uuid[])
                  THEN p.status = 'refunded' AND EXISTS (SELECT 1 FROM commerce.earnings_reversals r WHERE r.purchase_id = p.id)
                       AND NOT EXISTS (SELECT 1 FROM progress.enrolments e WHERE e.purchase_id = p.id)
                  ELSE p.status = 'paid' AND EXISTS (SELECT 1 FROM progress.enrolments e WHERE e.purchase_id = p.id) END`,
            [capturedIds, refundedIds],
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
    const refundedPurchases = await one(`SELECT count(*) AS n FROM commerce.purchases WHERE ${runUsers} AND status = 'refunded'`);
    const enrolments = await one(`SELECT count(*) AS n FROM progress.enrolments WHERE ${runUsers}`);
    const duplicateEnrolments = await one(
      `SELECT count(*) AS n FROM (SELECT user_id, course_id FROM progress.enrolments WHERE ${runUsers} GROUP BY 1, 2 HAVING count(*) > 1) d`,
    );
    const unpaidEnrolments = await one(
      `SELECT count(*) AS n FROM progress.enrolments e LEFT JOIN commerce.purchases p ON p.id = e.purchase_id
        WHERE e.${runUsers} AND (p.id IS NULL OR p.status <> 'paid')`,
    );
    const lostPurchases = await one(`SELECT count(*) AS n FROM commerce.purchases WHERE id = ANY($1::uuid[]) AND status NOT IN ('paid', 'refunded')`, [
      capturedIds,
    ]);
    // The purchases forged or tampered calls aimed at: never paid, nobody enrolled in their course by them.
    const tamperedPaidOrEnrolled = await one(
      `SELECT count(*) AS n FROM commerce.purchases p WHERE p.id = ANY($1::uuid[])
          AND (p.status IN ('paid', 'refunded') OR EXISTS (SELECT 1 FROM progress.enrolments e WHERE e.user_id = p.user_id AND e.course_id = p.course_id))`,
      [tamperedIds],
    );
    const forgedOrders = outcomes.flatMap((outcome) => (outcome.forgedWebhookOrderId ? [outcome.forgedWebhookOrderId] : []));
    const forgedRecorded = await one(`SELECT count(*) AS n FROM commerce.webhook_events WHERE order_id = ANY($1::text[])`, [forgedOrders]);
    const capturedPaise = await one(`SELECT coalesce(sum(amount_paise), 0) AS n FROM commerce.purchases WHERE ${runUsers} AND status IN ('paid', 'refunded')`);
    const refundedPaise = await one(
      `SELECT coalesce(sum(r.amount_paise), 0) AS n FROM commerce.refunds r JOIN commerce.purchases p ON p.id = r.purchase_id
        WHERE p.${runUsers} AND r.status = 'processed'`,
    );
    const earningsPaise =
      (await one(
        `SELECT coalesce(sum(l.amount_paise), 0) AS n FROM commerce.earnings_ledger l JOIN commerce.purchases p ON p.id = l.purchase_id WHERE p.${runUsers}`,
      )) +
      (await one(
        `SELECT coalesce(sum(r.amount_paise), 0) AS n FROM commerce.earnings_reversals r JOIN commerce.purchases p ON p.id = r.purchase_id WHERE p.${runUsers}`,
      ));
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
    // Payouts of what the run sold (a short phase: two weekly runs, a worker killed, transfers failed on purpose).
    let payouts: PayoutFaultReport | null = null;
    try {
      payouts = await runPayoutFaults({
        portalUrl: running.portalUrl,
        sandboxUrl: running.sandboxUrl,
        redisUrl: options.redisUrl,
        queuePrefix: running.serviceEnv.QUEUE_PREFIX!,
        razorpayKeyId: running.serviceEnv.RAZORPAY_KEY_ID ?? checkout.key,
        razorpayKeySecret: keySecret,
        client,
        issuer,
        restart: (name, signal, downMs) => running.restart(name, signal, downMs),
        log,
      });
      problems.push(...payouts.problems.map((problem) => `payouts: ${problem}`));
    } catch (error) {
      problems.push(`payouts: ${(error as Error).message}`);
    }
    let deadLetters = 0;
    for (const schema of ['catalogue', 'commerce', 'progress']) {
      deadLetters += await one(`SELECT count(*) AS n FROM ${schema}.dead_letters WHERE status = 'dead'`);
    }

    problems.push(...failures);
    const withoutOrder = outcomes.filter((outcome) => !outcome.orderId).length + (options.flows - outcomes.length);
    if (withoutOrder > 0) problems.push(`${withoutOrder} flows never got an order (a service stayed down?)`);
    if (paidPurchases + refundedPurchases !== captured.length) {
      problems.push(`paid ${paidPurchases} + refunded ${refundedPurchases} purchases ≠ captured payments ${captured.length}`);
    }
    if (refundedPurchases !== refundedIds.length) problems.push(`refunded purchases ${refundedPurchases} ≠ refunds processed ${refundedIds.length}`);
    if (enrolments !== paidPurchases) problems.push(`enrolments ${enrolments} ≠ paid purchases ${paidPurchases}`);
    if (duplicateEnrolments > 0) problems.push(`${duplicateEnrolments} duplicate enrolments`);
    if (unpaidEnrolments > 0) problems.push(`${unpaidEnrolments} unpaid enrolments`);
    if (lostPurchases > 0) problems.push(`${lostPurchases} captured payments not paid after reconciliation`);
    if (tamperedPaidOrEnrolled > 0) problems.push(`${tamperedPaidOrEnrolled} purchases paid or enrolled by a tampered payment`);
    if (forgedRecorded > 0) problems.push(`${forgedRecorded} forged webhook events were recorded`);
    if (earningsPaise !== capturedPaise - refundedPaise) {
      problems.push(`earnings ${earningsPaise} paise ≠ captured ${capturedPaise} − refunded ${refundedPaise} paise`);
    }
    if (counterMismatches > 0) problems.push(`${counterMismatches} courses whose student count is not their enrolments`);
    if (deadLetters > 0) problems.push(`${deadLetters} dead letters`);
    if ((answers['500'] ?? 0) > 0) problems.push(`${answers['500']} answers were 500`);
    // A run of at least MIN_FAULT_FLOWS flows has a flow of each kind (a differing webhook amount needs two prices).
    for (const kind of Object.values(FAULT_KINDS)) {
      if (!faultCounts[kind] && kind !== FAULT_KINDS.tamperedWebhookAmount) problems.push(`no ${kind} were injected`);
    }
    return {
      flows: options.flows,
      ordersCreated: outcomes.filter((outcome) => outcome.orderId).length,
      paymentsCaptured: captured.length,
      paidPurchases,
      enrolments,
      duplicateEnrolments,
      unpaidEnrolments,
      lostPurchases,
      refundedPurchases,
      tamperedPaidOrEnrolled,
      earningsPaise,
      capturedPaise,
      refundedPaise,
      counterMismatches,
      deadLetters,
      answers,
      faults,
      faultCounts,
      payouts,
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
