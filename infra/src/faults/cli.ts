import { parseArgs } from 'node:util';
import { MIN_FAULT_FLOWS, runFaults } from './fault-run.js';

/**
 * `npm run test:faults [-- --flows 1000]` (infra/bin/test-faults.mjs starts the stores and calls this): `--flows`
 * or FAULT_FLOWS flows (default 100, as in CI), prints the figures, exits 1 when anything was lost, duplicated,
 * paid by a forgery or answered 500.
 */
const { values } = parseArgs({ options: { flows: { type: 'string' } }, strict: true });
const flows = Number(values.flows ?? process.env.FAULT_FLOWS ?? 100);
if (!Number.isInteger(flows) || flows < MIN_FAULT_FLOWS) {
  console.error(`--flows (or FAULT_FLOWS) must be a whole number of at least ${MIN_FAULT_FLOWS}`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.error('DATABASE_URL and REDIS_URL are required (infra/bin/test-faults.mjs sets them)');
  process.exit(2);
}

const report = await runFaults({ flows, databaseUrl, redisUrl, concurrency: Number(process.env.FAULT_CONCURRENCY ?? 8) });
const rows: [string, string | number][] = [
  ['flows', report.flows],
  ['orders created', report.ordersCreated],
  ['payments captured', report.paymentsCaptured],
  ['paid purchases', report.paidPurchases],
  ['refunded purchases', report.refundedPurchases],
  ['enrolments (must equal paid purchases)', report.enrolments],
  ['duplicate enrolments (0)', report.duplicateEnrolments],
  ['unpaid enrolments (0)', report.unpaidEnrolments],
  ['purchases lost after reconciliation (0)', report.lostPurchases],
  ['tampered/forged purchases paid or enrolled (0)', report.tamperedPaidOrEnrolled],
  ['earnings, paise', report.earningsPaise],
  ['captured minus refunded, paise', `${report.capturedPaise - report.refundedPaise} (${report.capturedPaise} − ${report.refundedPaise})`],
  ['courses whose student count drifted (0)', report.counterMismatches],
  ['dead letters (0)', report.deadLetters],
  ['HTTP answers by status', Object.entries(report.answers).map(([status, count]) => `${status}: ${count}`).join(', ')],
  ['process and store faults', report.faults.join('; ')],
  ...Object.entries(report.faultCounts).map(([kind, count]): [string, number] => [`  ${kind}`, count]),
  ['payouts: educators paid / payouts (one each)', report.payouts ? `${report.payouts.educators} / ${report.payouts.payouts}` : 'not run'],
  ['payouts: net paid, paise', report.payouts?.paidPaise ?? '-'],
  ['payouts: transfers failed on purpose / payouts retried', report.payouts ? `${report.payouts.failedTransfers} / ${report.payouts.retriedPayouts}` : '-'],
  ['payouts: duplicate transfers (0)', report.payouts?.duplicateTransfers ?? '-'],
  ['payouts: seconds', report.payouts?.seconds ?? '-'],
  ['seconds', report.seconds],
];
console.log('\nFault run');
for (const [name, value] of rows) console.log(`  ${name.padEnd(56)} ${value}`);
if (report.problems.length > 0) {
  console.log('\nPROBLEMS:');
  for (const problem of report.problems) console.log(`  - ${problem}`);
  process.exit(1);
}
console.log('\nNothing lost, nothing duplicated, nothing forged paid.');
process.exit(0);
