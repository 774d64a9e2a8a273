import { jest } from '@jest/globals';
import { financialYear } from './receipt-rules.js';
import { demoUsers, pdfText, type TestUser } from '@academy/service-core/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReconcilePurchasesJob, type ReconcileData, type ReconcileResult } from '../reconcile/reconcile-purchases.job.js';
import { startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { WorkerModule } from '../worker.module.js';
import { ReceiptsService } from './receipts.service.js';

/** Numbered receipts (gap-free per financial year), GST lines, PDF for the owner only. */
jest.setTimeout(60_000);

describe('receipts (razorpay SDK → sandbox, real PostgreSQL, Redis, progress)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const educator: TestUser = { sub: `test|educator-${randomUUID().slice(0, 6)}`, name: 'Meera', roles: ['educator'] };
  const course = randomUUID();
  const year = financialYear(new Date());

  beforeAll(async () => {
    h = await startCommerceHarness();
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    await h.catalogue.putCourses([{ _id: course, courseTitle: 'Class 11 Computer Science: Python', coursePrice: 1599, discount: 0, educatorId: educator.sub }]);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const http = () => request(h.app.getHttpServer());
  const db = () => h.app.get(DataSource);
  const buy = async (student: TestUser) => {
    const created = await http().post('/api/user/purchase').set(await h.bearer(student)).send({ courseId: course }).expect(200);
    const paid = await h.pay(created.body.order.id);
    await http().post('/api/user/verifyRazorpay').set(await h.bearer(student)).send({ ...paid, purchaseId: created.body.purchaseId }).expect(200);
    return { purchaseId: created.body.purchaseId as string, paymentId: paid.razorpay_payment_id };
  };
  const download = async (user: TestUser | null, purchaseId: string, kind = 'payment', query = '') => {
    const call = http().get(`/api/user/purchases/${purchaseId}/receipts/${kind}${query}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    return user ? call.set(await h.bearer(user)) : call;
  };

  it('numbers the paid purchase\'s receipt in the paying transaction, with GST lines, downloadable as PDF by its owner only', async () => {
    const student = { ...h.newStudent(), name: 'Aarav Sharma' };
    const { purchaseId, paymentId } = await buy(student);
    const [receipt] = await db().query('SELECT * FROM commerce.receipts WHERE purchase_id = $1', [purchaseId]);
    expect(receipt).toMatchObject({
      kind: 'payment',
      financial_year: year,
      amount_paise: '159900',
      taxable_paise: '135508',
      tax_paise: '24392',
      tax_rate_percent: '18.00',
      payer_name: 'Aarav Sharma',
      razorpay_payment_id: paymentId,
      seller_gstin: '29AABCA1234F1Z5',
    });
    expect(receipt.number).toMatch(new RegExp(`^ACAD/${year}/\\d{6}$`));
    const [purchase] = await db().query('SELECT paid_at FROM commerce.purchases WHERE id = $1', [purchaseId]);
    expect(new Date(receipt.issued_at).toISOString()).toBe(new Date(purchase.paid_at).toISOString());

    const listed = (await http().get('/api/user/purchases').set(await h.bearer(student)).expect(200)).body.purchases;
    expect(listed[0].receipts).toEqual([{ kind: 'payment', number: receipt.number, issuedAt: new Date(receipt.issued_at).toISOString() }]);

    const pdf = await download(student, purchaseId);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${receipt.number.replaceAll('/', '-')}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const body = pdf.body as Buffer;
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(body);
    for (const line of [
      'Academy Learning Private Limited',
      'GSTIN: 29AABCA1234F1Z5',
      'RECEIPT',
      `Receipt number: ${receipt.number}`,
      `Payment id: ${paymentId}`,
      'Aarav Sharma',
      'Online course: Class 11 Computer Science: Python ₹1,599.00',
      'Taxable value ₹1,355.08',
      'GST @ 18% (included in the price) ₹243.92',
      'Total paid ₹1,599.00',
    ]) {
      expect(text).toContain(line);
    }
    // The rupee sign is drawn (the embedded Noto font has it), never spelt out.
    expect(text).not.toContain('INR');
    expect(text).not.toMatch(/[\u0900-\u097F]/);

    // In Hindi: Devanagari labels, ₹ and the same numbers in Indian grouping.
    const hindi = await download(student, purchaseId, 'payment', '?lang=hi');
    expect(hindi.status).toBe(200);
    const hindiText = await pdfText(hindi.body as Buffer);
    // Words whose extracted text keeps the drawn order (a vowel sign drawn before its consonant, ि, or a reph, र्, is
    // read out of order from any PDF).
    for (const line of ['रसीद', `रसीद संख्या: ${receipt.number}`, 'कर योग्य मूल्य ₹1,355.08', 'GST @ 18% (मूल्य में', 'कुल भुगतान ₹1,599.00']) {
      expect(hindiText).toContain(line);
    }
    expect(hindiText).not.toContain('Total paid');
    const english = await download(student, purchaseId, 'payment', '?lang=en');
    expect(await pdfText(english.body as Buffer)).toContain('Total paid ₹1,599.00');
    for (const wrong of ['?lang=fr', '?lang=HI', '?lang=']) {
      const refused = await download(student, purchaseId, 'payment', wrong);
      expect(refused.status).toBe(400);
      expect(JSON.parse((refused.body as Buffer).toString()).message).toContain('Choose English (en) or Hindi (hi)');
    }

    // Nobody else gets it: signed out 401; another learner, the course's educator and an admin-like educator 404.
    expect((await download(null, purchaseId)).status).toBe(401);
    expect((await download(h.newStudent(), purchaseId)).status).toBe(404);
    expect((await download(educator, purchaseId)).status).toBe(404);
    expect((await download(demoUsers.educator, purchaseId)).status).toBe(404);
    expect((await download(student, purchaseId, 'refund')).status).toBe(404); // no refund yet
    expect((await download(student, purchaseId, 'invoice')).status).toBe(400);
    expect((await download(student, 'not-a-uuid')).status).toBe(400);
  });

  it('gives concurrent payments distinct, consecutive numbers; a rolled-back transaction gives its number back', async () => {
    const students = Array.from({ length: 8 }, () => h.newStudent());
    const bought = await Promise.all(students.map((student) => buy(student)));
    const rows = (await db().query(
      `SELECT sequence FROM commerce.receipts WHERE purchase_id = ANY($1) ORDER BY sequence`,
      [bought.map((entry) => entry.purchaseId)],
    )) as { sequence: number }[];
    expect(rows).toHaveLength(8);
    const first = rows[0]!.sequence;
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 8 }, (_, index) => first + index));
    // Gap-free over the whole series and year: the counter equals the receipts issued, numbered 1..n.
    const [counter] = await db().query(`SELECT last_number FROM commerce.receipt_sequences WHERE series = 'ACAD' AND financial_year = $1`, [year]);
    const all = (await db().query(`SELECT sequence FROM commerce.receipts WHERE series = 'ACAD' AND financial_year = $1 ORDER BY sequence`, [year])) as {
      sequence: number;
    }[];
    expect(all.map((row) => row.sequence)).toEqual(Array.from({ length: counter.last_number }, (_, index) => index + 1));

    const receipts = worker.get(ReceiptsService);
    const target = bought[0]!.purchaseId;
    await expect(
      worker.get(DataSource).transaction(async (manager) => {
        await receipts.issue(manager, { kind: 'refund', purchaseId: target, amountPaise: 159_900, at: new Date() });
        throw new Error('refund transaction failed after numbering');
      }),
    ).rejects.toThrow('refund transaction failed after numbering');
    expect(await db().query(`SELECT * FROM commerce.receipts WHERE purchase_id = $1 AND kind = 'refund'`, [target])).toEqual([]);
    const number = await worker.get(DataSource).transaction((manager) =>
      receipts.issue(manager, { kind: 'refund', purchaseId: target, amountPaise: 159_900, at: new Date() }),
    );
    const [credit] = await db().query(`SELECT sequence FROM commerce.receipts WHERE number = $1`, [number]);
    const [creditCounter] = await db().query(`SELECT last_number FROM commerce.receipt_sequences WHERE series = 'ACAD-CN' AND financial_year = $1`, [year]);
    expect(credit.sequence).toBe(creditCounter.last_number);
    const credits = (await db().query(`SELECT sequence FROM commerce.receipts WHERE series = 'ACAD-CN' AND financial_year = $1 ORDER BY sequence`, [year])) as {
      sequence: number;
    }[];
    // No hole where the rolled-back number was: 1..n.
    expect(credits.map((row) => row.sequence)).toEqual(Array.from({ length: creditCounter.last_number }, (_, index) => index + 1));
  });

  it('issues a credit note when a refund is processed, listed and downloadable beside the receipt', async () => {
    const student = h.newStudent();
    const { purchaseId, paymentId } = await buy(student);
    await http().post(`/api/user/purchases/${purchaseId}/refund`).set(await h.bearer(student)).expect(200);
    const [refund] = h.sandbox.razorpay.store.refundsOfPayment(paymentId);
    await fetch(new URL(`razorpay/sandbox/process-refund/${refund!.id}`, h.sandbox.baseUrl), { method: 'POST' });
    await worker.get(ReconcilePurchasesJob).handle({ data: {} } as Job<ReconcileData, ReconcileResult>);
    const listed = (await http().get('/api/user/purchases').set(await h.bearer(student)).expect(200)).body.purchases;
    expect(listed[0]).toMatchObject({ status: 'refunded' });
    expect(listed[0].receipts.map((receipt: { kind: string }) => receipt.kind)).toEqual(['payment', 'refund']);
    expect(listed[0].receipts[1].number).toMatch(new RegExp(`^ACAD-CN/${year}/\\d{6}$`));
    const pdf = await download(student, purchaseId, 'refund');
    expect(pdf.status).toBe(200);
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toContain('CREDIT NOTE (REFUND)');
    expect(text).toContain('Total refunded ₹1,599.00');
    const hindi = await pdfText((await download(student, purchaseId, 'refund', `?lang=hi&number=${encodeURIComponent(listed[0].receipts[1].number)}`)).body as Buffer);
    expect(hindi).toContain(`नोट संख्या: ${listed[0].receipts[1].number}`);
    expect(hindi).toContain('कर योग्य मूल्य ₹1,355.08');
    expect(hindi).not.toContain('Total refunded');
    expect((await download(h.newStudent(), purchaseId, 'refund')).status).toBe(404);
  });
});
