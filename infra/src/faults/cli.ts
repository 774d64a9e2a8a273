import { runFaults } from './fault-run.js';

/**
 * `npm run test:faults` (infra/bin/test-faults.mjs starts the stores and calls this): FAULT_FLOWS flows (default 100,
 * 1000 for the full run), prints the figures, exits 1 when anything was lost, duplicated or answered 500.
 */
const flows = Number(process.env.FAULT_FLOWS ?? 100);
if (!Number.isInteger(flows) || flows < 10) {
  console.error('FAULT_FLOWS must be a whole number of at least 10');
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
  ['enrolments (must equal paid purchases)', report.enrolments],
  ['duplicate enrolments (0)', report.duplicateEnrolments],
  ['unpaid enrolments (0)', report.unpaidEnrolments],
  ['purchases lost after reconciliation (0)', report.lostPurchases],
  ['earnings ledger, paise', report.ledgerPaise],
  ['captured minus refunded, paise', report.capturedPaise],
  ['courses whose student count drifted (0)', report.counterMismatches],
  ['dead letters (0)', report.deadLetters],
  ['HTTP answers by status', Object.entries(report.answers).map(([status, count]) => `${status}: ${count}`).join(', ')],
  ['faults injected', report.faults.join('; ')],
  ['seconds', report.seconds],
];
console.log('\nFault run');
for (const [name, value] of rows) console.log(`  ${name.padEnd(42)} ${value}`);
if (report.problems.length > 0) {
  console.log('\nPROBLEMS:');
  for (const problem of report.problems) console.log(`  - ${problem}`);
  process.exit(1);
}
console.log('\nNothing lost, nothing duplicated.');
process.exit(0);
