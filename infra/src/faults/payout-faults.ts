import { payoutLines } from '@academy/contracts';
import type { TestIssuer } from '@academy/service-core/testing';
import { Queue } from 'bullmq';
import type pg from 'pg';

/**
 * The payouts phase of the fault run, after the purchase flows: every educator the run sold for gets a payout
 * account (a Route linked account in the sandbox); the weekly run for today pays none of the run's sales (they
 * are inside the 7-day refund window); then the run for a day past the window is queued twice at once while
 * Razorpay fails the first transfers and the commerce worker is SIGKILLed. Checked: one payout per educator and
 * period, each the sum of exactly the ledger rows and refund reversals it took, less fee and TDS; every payout
 * paid, by exactly one transfer of its net amount (never two); a failed transfer retried.
 */
export interface PayoutFaultContext {
  portalUrl: string;
  sandboxUrl: string;
  redisUrl: string;
  queuePrefix: string;
  razorpayKeyId: string;
  razorpayKeySecret: string;
  client: pg.Client;
  issuer: TestIssuer;
  restart(name: string, signal?: NodeJS.Signals, downMs?: number): Promise<void>;
  log(line: string): void;
}

export interface PayoutFaultReport {
  educators: number;
  payouts: number;
  /** Net paid to educators in the period past the window, paise. */
  paidPaise: number;
  /** Transfers Razorpay failed on purpose (each must be retried). */
  failedTransfers: number;
  /** Payouts whose transfer took more than one attempt. */
  retriedPayouts: number;
  /** Transfers found at Razorpay beyond one per payout (0). */
  duplicateTransfers: number;
  seconds: number;
  problems: string[];
}

/** Queue name and job name of the weekly run in commerce (services/commerce/src/queue/commerce-jobs.ts). */
const COMMERCE_QUEUE = 'commerce';
const WEEKLY_PAYOUTS_JOB = 'payouts.weekly';
const FAILED_TRANSFERS = 2;
const BANK = { beneficiaryName: 'Fault Run Educator', accountNumber: '50100012345678', confirmAccountNumber: '50100012345678', ifsc: 'HDFC0001234' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An Indian day (yyyy-mm-dd), `plusDays` after today's. */
function indianDay(plusDays = 0): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + plusDays);
  return date.toISOString().slice(0, 10);
}

type Rows = <T>(sql: string, values?: unknown[]) => Promise<T[]>;

interface PayoutRow {
  id: string;
  educator_id: string;
  gross_paise: string;
  refunds_paise: string;
  fee_paise: string;
  tds_paise: string;
  net_paise: string;
  fee_percent: string;
  tds_percent: string;
  attempts: number;
  transfer_id: string | null;
}

interface RazorpayTransfer {
  id: string;
  amount: number;
  notes: Record<string, string> | unknown[];
}

async function waitFor(what: string, ready: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > until) throw new Error(`${what}: not done after ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

/** Counts the run's sales (learners `faults|…`) that are, or are not, in a payout. */
async function runSalesCount(rows: Rows, paidOut: boolean): Promise<number> {
  const [row] = await rows<{ n: string }>(
    `SELECT count(*) AS n FROM commerce.earnings_ledger l JOIN commerce.purchases p ON p.id = l.purchase_id
      WHERE p.user_id LIKE 'faults|%' AND l.payout_id IS ${paidOut ? 'NOT NULL' : 'NULL'}`,
  );
  return Number(row!.n);
}

async function educatorsWithRunSales(rows: Rows): Promise<string[]> {
  const educators = (
    await rows<{ educator_id: string }>(
      `SELECT DISTINCT l.educator_id FROM commerce.earnings_ledger l JOIN commerce.purchases p ON p.id = l.purchase_id
        WHERE p.user_id LIKE 'faults|%' ORDER BY 1`,
    )
  ).map((row) => row.educator_id);
  if (educators.length === 0) throw new Error('the run sold nothing: no educator to pay');
  return educators;
}

/** Each educator saves a bank account through the portal (a Route linked account in the sandbox). */
async function openPayoutAccounts(context: PayoutFaultContext, educators: string[], problems: string[]): Promise<void> {
  for (const [index, educatorId] of educators.entries()) {
    const token = await context.issuer.sign(
      { sub: educatorId, name: `Educator ${index}`, email: `educator${index}@faults.test`, picture: '', roles: ['educator'] },
      { authTime: Math.floor(Date.now() / 1000) },
    );
    const response = await fetch(`${context.portalUrl}/api/educator/payout-account`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(BANK),
    });
    if (response.status !== 200) problems.push(`payout account of ${educatorId} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
}

/** Queues the weekly run for `runDay` and waits for it to finish (a killed worker's job comes back after its lock). */
async function weeklyRun(queue: Queue, runDay: string): Promise<void> {
  const job = await queue.add(WEEKLY_PAYOUTS_JOB, { runDay }, { removeOnComplete: false, attempts: 5, backoff: { type: 'fixed', delay: 300 } });
  await waitFor(`weekly payouts of ${runDay}`, async () => {
    const state = await job.getState();
    if (state === 'failed' && (await queue.getJob(job.id!))?.finishedOn) throw new Error(`weekly payouts of ${runDay} failed`);
    return state === 'completed';
  });
}

const allPaid = (rows: Rows) => async () => Number((await rows<{ n: string }>(`SELECT count(*) AS n FROM commerce.payouts WHERE status <> 'paid'`))[0]!.n) === 0;

/** Past the window: Razorpay fails the first transfers, the run is queued twice at once, the worker is killed. */
async function payPastWindowUnderFaults(context: PayoutFaultContext, queue: Queue, rows: Rows, runDay: string): Promise<void> {
  const response = await fetch(`${context.sandboxUrl}/razorpay/sandbox/transfers/fail-next`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: FAILED_TRANSFERS }),
  });
  if (!response.ok) throw new Error(`sandbox transfers/fail-next answered ${response.status}`);
  const doubled = Promise.all([weeklyRun(queue, runDay), weeklyRun(queue, runDay)]);
  await sleep(200);
  await context.restart('commerce:worker', 'SIGKILL', 1_000);
  await doubled;
  await waitFor(`payouts of ${runDay} paid`, allPaid(rows));
}

function checkOnePayoutEach(educators: string[], payouts: PayoutRow[], runDay: string, problems: string[]): void {
  const perEducator = new Map<string, number>();
  for (const payout of payouts) perEducator.set(payout.educator_id, (perEducator.get(payout.educator_id) ?? 0) + 1);
  for (const educatorId of educators) {
    const count = perEducator.get(educatorId) ?? 0;
    if (count !== 1) problems.push(`educator ${educatorId} has ${count} payouts for ${runDay}, not 1`);
  }
}

/** Every transfer the sandbox's Razorpay made, page by page. */
async function razorpayTransfers(context: PayoutFaultContext): Promise<RazorpayTransfer[]> {
  const transfers: RazorpayTransfer[] = [];
  const auth = `Basic ${Buffer.from(`${context.razorpayKeyId}:${context.razorpayKeySecret}`).toString('base64')}`;
  for (let skip = 0; ; skip += 100) {
    const page = (await (await fetch(`${context.sandboxUrl}/razorpay/v1/transfers?count=100&skip=${skip}`, { headers: { authorization: auth } })).json()) as {
      items: RazorpayTransfer[];
    };
    transfers.push(...page.items);
    if (page.items.length < 100) break;
  }
  return transfers;
}

/**
 * Each payout's lines against the ledger rows and reversals it took, and its one transfer of the net amount.
 * Returns the transfers made beyond one per payout.
 */
async function checkPayoutsAgainstLedgerAndTransfers(rows: Rows, payouts: PayoutRow[], transfers: RazorpayTransfer[], problems: string[]): Promise<number> {
  const transfersOf = (payoutId: string) => transfers.filter((transfer) => !Array.isArray(transfer.notes) && transfer.notes.payout_id === payoutId);
  let duplicateTransfers = 0;
  for (const payout of payouts) {
    const [sums] = await rows<{ gross: string; refunds: string }>(
      `SELECT (SELECT coalesce(sum(amount_paise), 0) FROM commerce.earnings_ledger WHERE payout_id = $1) AS gross,
              (SELECT coalesce(-sum(amount_paise), 0) FROM commerce.earnings_reversals WHERE payout_id = $1) AS refunds`,
      [payout.id],
    );
    const expected = payoutLines({
      grossPaise: Number(sums!.gross),
      refundsPaise: Number(sums!.refunds),
      feePercent: Number(payout.fee_percent),
      tdsPercent: Number(payout.tds_percent),
    });
    const stored = { gross: Number(payout.gross_paise), refunds: Number(payout.refunds_paise), fee: Number(payout.fee_paise), tds: Number(payout.tds_paise), net: Number(payout.net_paise) };
    const computed = { gross: Number(sums!.gross), refunds: Number(sums!.refunds), fee: expected.feePaise, tds: expected.tdsPaise, net: expected.netPaise };
    if (JSON.stringify(stored) !== JSON.stringify(computed)) problems.push(`payout ${payout.id}: lines ${JSON.stringify(stored)} ≠ its ledger ${JSON.stringify(computed)}`);
    const made = transfersOf(payout.id);
    if (made.length > 1) duplicateTransfers += made.length - 1;
    if (made.length !== 1 || made[0]!.id !== payout.transfer_id || made[0]!.amount !== stored.net) {
      problems.push(`payout ${payout.id}: ${made.length} transfers (${made.map((transfer) => `${transfer.id} ${transfer.amount}`).join(', ')}), recorded ${payout.transfer_id} for ${stored.net}`);
    }
  }
  return duplicateTransfers;
}

export async function runPayoutFaults(context: PayoutFaultContext): Promise<PayoutFaultReport> {
  const started = Date.now();
  const { client, log } = context;
  const problems: string[] = [];
  const rows: Rows = async <T>(sql: string, values: unknown[] = []) => (await client.query(sql, values)).rows as T[];
  const queue = new Queue(COMMERCE_QUEUE, { connection: { url: context.redisUrl, maxRetriesPerRequest: null }, prefix: context.queuePrefix });
  try {
    const educators = await educatorsWithRunSales(rows);
    await openPayoutAccounts(context, educators, problems);

    // Today's run: every sale of the run is today's, inside the refund window, so none of it is paid.
    await weeklyRun(queue, indianDay());
    await waitFor('earlier payouts paid', allPaid(rows));
    const paidEarly = await runSalesCount(rows, true);
    if (paidEarly > 0) problems.push(`${paidEarly} sales still inside the refund window were paid out`);

    const runDay = indianDay(8);
    await payPastWindowUnderFaults(context, queue, rows, runDay);

    const payouts = await rows<PayoutRow>(`SELECT * FROM commerce.payouts WHERE run_day = $1 AND educator_id = ANY($2::text[])`, [runDay, educators]);
    checkOnePayoutEach(educators, payouts, runDay, problems);
    const unpaidSales = await runSalesCount(rows, false);
    if (unpaidSales > 0) problems.push(`${unpaidSales} sales past the refund window were not paid out`);
    const duplicateTransfers = await checkPayoutsAgainstLedgerAndTransfers(rows, payouts, await razorpayTransfers(context), problems);

    const retriedPayouts = payouts.filter((payout) => payout.attempts > 1).length;
    if (retriedPayouts === 0) problems.push(`no payout needed a second attempt though Razorpay failed ${FAILED_TRANSFERS} transfers`);
    const paidPaise = payouts.reduce((sum, payout) => sum + Number(payout.net_paise), 0);
    log(`payouts: ${payouts.length} for ${educators.length} educators, ${paidPaise} paise net, ${retriedPayouts} retried`);
    return {
      educators: educators.length,
      payouts: payouts.length,
      paidPaise,
      failedTransfers: FAILED_TRANSFERS,
      retriedPayouts,
      duplicateTransfers,
      seconds: Math.round((Date.now() - started) / 1000),
      problems,
    };
  } finally {
    await queue.close();
  }
}
