import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PAYOUT_REAUTH_MESSAGE, payoutLines, type PayoutsAnswer } from '@academy/contracts';
import { MailStore, startSmtpInbox, type RunningSmtpInbox } from '@academy/sandbox/testing';
import { demoUsers, type TestUser } from '@academy/service-core/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { COMMERCE_QUEUE, CommerceJob } from '../queue/commerce-jobs.js';
import { eventually, startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { recordRefund, recordSale } from '../testing/ledger-entries.js';
import { WorkerModule } from '../worker.module.js';
import { indianToday, PayoutsService } from './payouts.service.js';

/** An Indian day `days` after `day` (yyyy-mm-dd). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const bank = { beneficiaryName: 'Meera Iyer', accountNumber: '5010 0012 3456 78', confirmAccountNumber: '50100012345678', ifsc: 'hdfc0001234' };

/** Payouts through Razorpay Route in the sandbox, with the real worker, queue and SMTP inbox. */
describe('educator payouts (real PostgreSQL, Redis, worker, sandbox Route and SMTP)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  let smtp: RunningSmtpInbox;
  let mail: MailStore;
  let mailDir: string;
  const today = indianToday();

  beforeAll(async () => {
    mailDir = await mkdtemp(path.join(tmpdir(), 'academy-payout-mail-'));
    mail = await MailStore.open(mailDir);
    smtp = await startSmtpInbox(mail, 0);
    h = await startCommerceHarness({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, JOB_BACKOFF_MS: '200' });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
    await smtp?.close();
    await rm(mailDir, { recursive: true, force: true });
  });

  const http = () => request(h.app.getHttpServer());
  const newEducator = (): TestUser => {
    const id = randomUUID().slice(0, 8);
    return { sub: `test|educator-${id}`, name: `Educator ${id}`, email: `educator-${id}@test.academy`, roles: ['educator'] };
  };
  const signedInNow = async (user: TestUser) => ({ Authorization: `Bearer ${await h.testEnv.issuer.sign(user, { authTime: Math.floor(Date.now() / 1000) })}` });
  const transfersTo = (accountId: string) => [...h.sandbox.razorpay.route.transfers.values()].filter((transfer) => transfer.recipient === accountId);
  const accountRow = async (educatorId: string) =>
    ((await h.app.get(DataSource).query('SELECT * FROM commerce.payout_accounts WHERE educator_id = $1', [educatorId])) as { linked_account_id: string }[])[0];

  it.each([
    ['get', '/api/educator/payout-account'],
    ['put', '/api/educator/payout-account'],
    ['get', '/api/educator/payouts'],
    ['get', '/api/educator/payouts/0d5e7a10-3a4b-4c5d-8e9f-0a1b2c3d4e5f/statement'],
  ] as const)('%s %s answers 401 signed out and 403 to a student', async (method, route) => {
    expect((await http()[method](route).expect(401)).body.success).toBe(false);
    expect((await http()[method](route).set(await h.bearer(demoUsers.student)).expect(403)).body.message).toBe('Only educator accounts can do this');
  });

  it('refuses a bad account with a clear message and stores nothing, here or at Razorpay', async () => {
    const educator = newEducator();
    const headers = await h.bearer(educator);
    const accountsBefore = h.sandbox.razorpay.route.accounts.size;
    for (const [body, message] of [
      [{ ...bank, ifsc: 'HDFC1234' }, 'An IFSC is 11 characters'],
      [{ ...bank, accountNumber: '12AB' }, 'An account number is 9 to 18 digits'],
      [{ ...bank, confirmAccountNumber: '50100012345679' }, 'The two account numbers differ'],
      [{ ...bank, beneficiaryName: ' ' }, 'Enter the account holder’s name as the bank has it'],
    ] as const) {
      const refused = await http().put('/api/educator/payout-account').set(headers).send(body).expect(400);
      expect(refused.body.message).toContain(message);
    }
    expect(await accountRow(educator.sub)).toBeUndefined();
    expect(h.sandbox.razorpay.route.accounts.size).toBe(accountsBefore);
    expect((await http().get('/api/educator/payout-account').set(headers).expect(200)).body).toEqual({ success: true, account: null });
  });

  it('adds an account as a Route linked account, mails the educator, and changes it only after a recent sign-in', async () => {
    const educator = newEducator();
    const added = await http().put('/api/educator/payout-account').set(await h.bearer(educator)).send(bank).expect(200);
    expect(added.body.account).toMatchObject({ beneficiaryName: 'Meera Iyer', accountNumberLast4: '5678', ifsc: 'HDFC0001234' });
    expect(JSON.stringify(added.body)).not.toContain('50100012345678');
    const { linked_account_id: accountId } = (await accountRow(educator.sub))!;
    expect(h.sandbox.razorpay.route.accounts.get(accountId)).toMatchObject({ status: 'activated', email: educator.email });

    // A change with a sign-in older than five minutes (or none) is refused and changes nothing.
    const stale = await h.testEnv.issuer.sign(educator, { authTime: Math.floor(Date.now() / 1000) - 3600 });
    const changedBank = { ...bank, accountNumber: '123456789012', confirmAccountNumber: '123456789012', ifsc: 'SBIN0000001' };
    for (const headers of [await h.bearer(educator), { Authorization: `Bearer ${stale}` }]) {
      expect((await http().put('/api/educator/payout-account').set(headers).send(changedBank).expect(403)).body.message).toBe(PAYOUT_REAUTH_MESSAGE);
    }
    expect((await http().get('/api/educator/payout-account').set(await h.bearer(educator)).expect(200)).body.account.accountNumberLast4).toBe('5678');

    const changed = await http().put('/api/educator/payout-account').set(await signedInNow(educator)).send(changedBank).expect(200);
    expect(changed.body.account).toMatchObject({ accountNumberLast4: '9012', ifsc: 'SBIN0000001' });
    const product = [...h.sandbox.razorpay.route.products.values()].find((candidate) => candidate.account_id === accountId)!;
    expect(product.active_configuration.settlements).toMatchObject({ account_number: '123456789012', ifsc_code: 'SBIN0000001' });

    const mailTo = () => mail.newestFirst().filter((message) => message.to.includes(educator.email!));
    const subjects = await eventually(
      async () => mailTo().map((message) => message.subject).sort(),
      (found) => found.length === 2,
    );
    expect(subjects).toEqual(['Your payout account was added', 'Your payout account was changed']);
    expect(mailTo()[0]!.text).toContain('account ending 9012');
  });

  it('pays each week what is past the refund window, less refunds, fee and TDS, once, and holds the rest', async () => {
    const educator = newEducator();
    const course = randomUUID();
    await http().put('/api/educator/payout-account').set(await h.bearer(educator)).send(bank).expect(200);
    const { linked_account_id: accountId } = (await accountRow(educator.sub))!;
    const runDay = addDays(today, 14);
    const at = (day: string) => `${day}T06:00:00Z`; // 11:30 in India, the same day
    const early = await recordSale(h, { educatorId: educator.sub, courseId: course, amountPaise: 76_415, paidAt: at(addDays(runDay, -12)) });
    await recordSale(h, { educatorId: educator.sub, courseId: course, amountPaise: 49_999, paidAt: at(addDays(runDay, -8)) });
    await recordSale(h, { educatorId: educator.sub, courseId: course, amountPaise: 33_333, paidAt: at(addDays(runDay, -7)) }); // window still open
    await recordRefund(h, { purchaseId: early, educatorId: educator.sub, courseId: course, amountPaise: 12_345, endsEnrolment: false });

    const queue = h.app.get<Queue>(getQueueToken(COMMERCE_QUEUE));
    await queue.add(CommerceJob.WeeklyPayouts, { runDay });
    const answer = await eventually(
      async () => (await http().get('/api/educator/payouts').set(await h.bearer(educator)).expect(200)).body as PayoutsAnswer,
      (body) => body.payouts.length === 1 && body.payouts[0]!.status === 'paid',
    );
    const expected = payoutLines({ grossPaise: 76_415 + 49_999, refundsPaise: 12_345, feePercent: 10, tdsPercent: 0.1 });
    expect(answer.payouts[0]).toMatchObject({
      grossPaise: 126_414,
      refundsPaise: 12_345,
      feePaise: expected.feePaise,
      tdsPaise: expected.tdsPaise,
      netPaise: expected.netPaise,
      salesFrom: today, // the refund's day: a payout's period spans its sales and its refunds
      salesTo: addDays(runDay, -8),
      transferId: expect.stringMatching(/^trf_/),
    });
    expect(expected).toEqual({ feePaise: 11_407, tdsPaise: 126, netPaise: 102_536 });
    expect(transfersTo(accountId).map((transfer) => transfer.amount)).toEqual([expected.netPaise]);

    // The same week again (a retried or doubled run) pays nothing more.
    await queue.add(CommerceJob.WeeklyPayouts, { runDay });
    await h.app.get(PayoutsService).runWeek(runDay);
    expect((await http().get('/api/educator/payouts').set(await h.bearer(educator)).expect(200)).body.payouts).toHaveLength(1);
    expect(transfersTo(accountId)).toHaveLength(1);

    // The next week pays the sale that was still refundable.
    await h.app.get(PayoutsService).runWeek(addDays(runDay, 7));
    const next = await eventually(
      async () => (await http().get('/api/educator/payouts').set(await h.bearer(educator)).expect(200)).body as PayoutsAnswer,
      (body) => body.payouts.length === 2,
    );
    expect(next.payouts[0]).toMatchObject({ grossPaise: 33_333, refundsPaise: 0, netPaise: payoutLines({ grossPaise: 33_333, refundsPaise: 0, feePercent: 10, tdsPercent: 0.1 }).netPaise });

    // Its statement, for this educator only.
    const statement = await http().get(`/api/educator/payouts/${answer.payouts[0]!.id}/statement`).set(await h.bearer(educator)).expect(200);
    expect(statement.headers['content-type']).toBe('application/pdf');
    expect(statement.body.subarray(0, 5).toString()).toBe('%PDF-');
    await http().get(`/api/educator/payouts/${answer.payouts[0]!.id}/statement`).set(await h.bearer(newEducator())).expect(404);
    expect((await http().get('/api/educator/payouts/not-a-uuid/statement').set(await h.bearer(educator)).expect(400)).body.message).toBe('payoutId must be a valid payout id');
  });

  it('retries a transfer Razorpay failed, and never transfers twice, even when a transfer was made but not recorded', async () => {
    const educator = newEducator();
    await http().put('/api/educator/payout-account').set(await h.bearer(educator)).send(bank).expect(200);
    const { linked_account_id: accountId } = (await accountRow(educator.sub))!;
    const runDay = addDays(today, 21);
    await recordSale(h, { educatorId: educator.sub, courseId: randomUUID(), amountPaise: 99_900, paidAt: `${addDays(runDay, -10)}T06:00:00Z` });

    h.sandbox.razorpay.route.failNextTransfers = 2;
    const payoutId = (await h.app.get(PayoutsService).createPayout(educator.sub, runDay))!;
    await h.app.get<Queue>(getQueueToken(COMMERCE_QUEUE)).add(CommerceJob.TransferPayout, { payoutId }, { attempts: 5, backoff: { type: 'fixed', delay: 200 } });
    const paid = await eventually(
      async () => ((await h.app.get(DataSource).query('SELECT status, attempts, transfer_id FROM commerce.payouts WHERE id = $1', [payoutId])) as { status: string; attempts: number }[])[0]!,
      (row) => row.status === 'paid',
    );
    expect(paid.attempts).toBe(3);
    expect(transfersTo(accountId)).toHaveLength(1);

    // A transfer that reached Razorpay just before a crash: the retry finds it by the payout id and records it.
    const second = await h.app.get(PayoutsService).createPayout(educator.sub, addDays(runDay, 7));
    expect(second).toBeNull(); // nothing new is due
    await recordSale(h, { educatorId: educator.sub, courseId: randomUUID(), amountPaise: 10_000, paidAt: `${addDays(runDay, -3)}T06:00:00Z` });
    const third = (await h.app.get(PayoutsService).createPayout(educator.sub, addDays(runDay, 14)))!;
    const row = ((await h.app.get(DataSource).query('SELECT net_paise FROM commerce.payouts WHERE id = $1', [third])) as { net_paise: string }[])[0]!;
    const madeBeforeCrash = await h.app.get(PayoutsService)['gateway'].createTransfer({ account: accountId, amount: Number(row.net_paise), notes: { payout_id: third } });
    const result = await h.app.get(PayoutsService).transfer(third, false);
    expect(result).toEqual({ transferId: madeBeforeCrash.id, made: false });
    expect(transfersTo(accountId)).toHaveLength(2);
    expect(await h.app.get(PayoutsService).transfer(third, false)).toEqual({ transferId: madeBeforeCrash.id, made: false });
  });
});
