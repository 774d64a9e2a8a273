import type pg from 'pg';
import { sleep, type FlowOutcome, type SeedCourse } from './fault-kinds.js';

/** What the database says after the run: each figure the report prints and checks. */
export interface AuditFigures {
  paidPurchases: number;
  refundedPurchases: number;
  enrolments: number;
  duplicateEnrolments: number;
  unpaidEnrolments: number;
  lostPurchases: number;
  tamperedPaidOrEnrolled: number;
  forgedRecorded: number;
  capturedPaise: number;
  refundedPaise: number;
  earningsPaise: number;
  counterMismatches: number;
  deadLetters: number;
}

const runUsers = `user_id LIKE 'faults|%'`;

async function one(client: pg.Client, sql: string, values: unknown[] = []): Promise<number> {
  return Number((await client.query(sql, values)).rows[0].n ?? 0);
}

/**
 * Waits until every captured purchase is settled (paid, enrolled and in the ledger; or, when refunded, refunded,
 * reversed and no longer enrolled), at most two minutes, then a little longer for late duplicates to land.
 */
export async function untilSettled(client: pg.Client, outcomes: readonly FlowOutcome[]): Promise<void> {
  const captured = outcomes.filter((outcome) => outcome.captured && outcome.purchaseId);
  const capturedIds = captured.map((outcome) => outcome.purchaseId!);
  const refundedIds = captured.filter((outcome) => outcome.refunded).map((outcome) => outcome.purchaseId!);
  const settledCount = () =>
    one(
      client,
      `SELECT count(*) AS n FROM commerce.purchases p
        WHERE p.id = ANY($1::uuid[]) AND EXISTS (SELECT 1 FROM commerce.earnings_ledger l WHERE l.purchase_id = p.id)
          AND CASE WHEN p.id = ANY($2::uuid[])
            THEN p.status = 'refunded' AND EXISTS (SELECT 1 FROM commerce.earnings_reversals r WHERE r.purchase_id = p.id)
                 AND NOT EXISTS (SELECT 1 FROM progress.enrolments e WHERE e.purchase_id = p.id)
            ELSE p.status = 'paid' AND EXISTS (SELECT 1 FROM progress.enrolments e WHERE e.purchase_id = p.id) END`,
      [capturedIds, refundedIds],
    );
  const deadline = Date.now() + 120_000;
  while ((await settledCount()) < captured.length && Date.now() < deadline) await sleep(1_000);
  await sleep(3_000); // let late duplicates (webhook retries, reconciliation) land before counting
}

/**
 * Each enrolment of the run must have raised its course's counter exactly once (events applied once). The counters
 * follow the enrolments through progress's outbox and catalogue's queue: a job whose worker was killed comes back
 * once its lock expires (30 s), so they are given until they agree, or 90 s.
 */
async function counterMismatches(client: pg.Client, courses: readonly SeedCourse[], enrolledBefore: ReadonlyMap<string, number>): Promise<number> {
  const before = new Map(courses.map((course) => [course.id, course.student_count]));
  const mismatches = async () => {
    const counters: { id: string; student_count: number; enrolled: string }[] = (
      await client.query(
        `SELECT c.id, c.student_count, (SELECT count(*) FROM progress.enrolments e WHERE e.course_id = c.id) AS enrolled
           FROM catalogue.courses c WHERE c.id = ANY($1::uuid[])`,
        [courses.map((course) => course.id)],
      )
    ).rows;
    return counters.filter((row) => row.student_count - (before.get(row.id) ?? 0) !== Number(row.enrolled) - (enrolledBefore.get(row.id) ?? 0)).length;
  };
  const deadline = Date.now() + 90_000;
  let count = await mismatches();
  while (count > 0 && Date.now() < deadline) {
    await sleep(1_000);
    count = await mismatches();
  }
  return count;
}

async function moneyFigures(client: pg.Client): Promise<Pick<AuditFigures, 'capturedPaise' | 'refundedPaise' | 'earningsPaise'>> {
  const capturedPaise = await one(client, `SELECT coalesce(sum(amount_paise), 0) AS n FROM commerce.purchases WHERE ${runUsers} AND status IN ('paid', 'refunded')`);
  const refundedPaise = await one(
    client,
    `SELECT coalesce(sum(r.amount_paise), 0) AS n FROM commerce.refunds r JOIN commerce.purchases p ON p.id = r.purchase_id WHERE p.${runUsers} AND r.status = 'processed'`,
  );
  const ledger = await one(client, `SELECT coalesce(sum(l.amount_paise), 0) AS n FROM commerce.earnings_ledger l JOIN commerce.purchases p ON p.id = l.purchase_id WHERE p.${runUsers}`);
  const reversals = await one(client, `SELECT coalesce(sum(r.amount_paise), 0) AS n FROM commerce.earnings_reversals r JOIN commerce.purchases p ON p.id = r.purchase_id WHERE p.${runUsers}`);
  return { capturedPaise, refundedPaise, earningsPaise: ledger + reversals };
}

/** Counts, in the stores, what the run left: purchases, enrolments, money, counters and dead letters. */
export async function auditFigures(
  client: pg.Client,
  outcomes: readonly FlowOutcome[],
  courses: readonly SeedCourse[],
  enrolledBefore: ReadonlyMap<string, number>,
): Promise<Omit<AuditFigures, 'deadLetters'>> {
  const capturedIds = outcomes.filter((outcome) => outcome.captured && outcome.purchaseId).map((outcome) => outcome.purchaseId!);
  const tamperedIds = outcomes.flatMap((outcome) => (outcome.tamperedPurchaseId ? [outcome.tamperedPurchaseId] : []));
  const forgedOrders = outcomes.flatMap((outcome) => (outcome.forgedWebhookOrderId ? [outcome.forgedWebhookOrderId] : []));
  return {
    paidPurchases: await one(client, `SELECT count(*) AS n FROM commerce.purchases WHERE ${runUsers} AND status = 'paid'`),
    refundedPurchases: await one(client, `SELECT count(*) AS n FROM commerce.purchases WHERE ${runUsers} AND status = 'refunded'`),
    enrolments: await one(client, `SELECT count(*) AS n FROM progress.enrolments WHERE ${runUsers}`),
    duplicateEnrolments: await one(client, `SELECT count(*) AS n FROM (SELECT user_id, course_id FROM progress.enrolments WHERE ${runUsers} GROUP BY 1, 2 HAVING count(*) > 1) d`),
    unpaidEnrolments: await one(
      client,
      `SELECT count(*) AS n FROM progress.enrolments e LEFT JOIN commerce.purchases p ON p.id = e.purchase_id WHERE e.${runUsers} AND (p.id IS NULL OR p.status <> 'paid')`,
    ),
    lostPurchases: await one(client, `SELECT count(*) AS n FROM commerce.purchases WHERE id = ANY($1::uuid[]) AND status NOT IN ('paid', 'refunded')`, [capturedIds]),
    // The purchases forged or tampered calls aimed at: never paid, nobody enrolled in their course by them.
    tamperedPaidOrEnrolled: await one(
      client,
      `SELECT count(*) AS n FROM commerce.purchases p WHERE p.id = ANY($1::uuid[])
          AND (p.status IN ('paid', 'refunded') OR EXISTS (SELECT 1 FROM progress.enrolments e WHERE e.user_id = p.user_id AND e.course_id = p.course_id))`,
      [tamperedIds],
    ),
    forgedRecorded: await one(client, `SELECT count(*) AS n FROM commerce.webhook_events WHERE order_id = ANY($1::text[])`, [forgedOrders]),
    ...(await moneyFigures(client)),
    counterMismatches: await counterMismatches(client, courses, enrolledBefore),
  };
}

/** Jobs and outbox rows set aside after their last attempt, in every service. */
export async function deadLetterCount(client: pg.Client): Promise<number> {
  let deadLetters = 0;
  for (const schema of ['catalogue', 'commerce', 'progress']) deadLetters += await one(client, `SELECT count(*) AS n FROM ${schema}.dead_letters WHERE status = 'dead'`);
  return deadLetters;
}

/** Every way the figures can be wrong, in words. */
export function auditProblems(figures: AuditFigures, outcomes: readonly FlowOutcome[], flows: number): string[] {
  const captured = outcomes.filter((outcome) => outcome.captured && outcome.purchaseId);
  const refundsProcessed = captured.filter((outcome) => outcome.refunded).length;
  const problems: string[] = [];
  const withoutOrder = outcomes.filter((outcome) => !outcome.orderId).length + (flows - outcomes.length);
  if (withoutOrder > 0) problems.push(`${withoutOrder} flows never got an order (a service stayed down?)`);
  if (figures.paidPurchases + figures.refundedPurchases !== captured.length) {
    problems.push(`paid ${figures.paidPurchases} + refunded ${figures.refundedPurchases} purchases ≠ captured payments ${captured.length}`);
  }
  if (figures.refundedPurchases !== refundsProcessed) problems.push(`refunded purchases ${figures.refundedPurchases} ≠ refunds processed ${refundsProcessed}`);
  if (figures.enrolments !== figures.paidPurchases) problems.push(`enrolments ${figures.enrolments} ≠ paid purchases ${figures.paidPurchases}`);
  if (figures.duplicateEnrolments > 0) problems.push(`${figures.duplicateEnrolments} duplicate enrolments`);
  if (figures.unpaidEnrolments > 0) problems.push(`${figures.unpaidEnrolments} unpaid enrolments`);
  if (figures.lostPurchases > 0) problems.push(`${figures.lostPurchases} captured payments not paid after reconciliation`);
  if (figures.tamperedPaidOrEnrolled > 0) problems.push(`${figures.tamperedPaidOrEnrolled} purchases paid or enrolled by a tampered payment`);
  if (figures.forgedRecorded > 0) problems.push(`${figures.forgedRecorded} forged webhook events were recorded`);
  if (figures.earningsPaise !== figures.capturedPaise - figures.refundedPaise) {
    problems.push(`earnings ${figures.earningsPaise} paise ≠ captured ${figures.capturedPaise} − refunded ${figures.refundedPaise} paise`);
  }
  if (figures.counterMismatches > 0) problems.push(`${figures.counterMismatches} courses whose student count is not their enrolments`);
  if (figures.deadLetters > 0) problems.push(`${figures.deadLetters} dead letters`);
  return problems;
}
