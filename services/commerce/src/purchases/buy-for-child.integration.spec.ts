import { NOT_LINKED_MESSAGE } from '@academy/contracts';
import { demoUsers, pdfText, type TestUser } from '@academy/service-core/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startCommerceHarness, type CommerceHarness } from '../testing/commerce-harness.js';
import { WorkerModule } from '../worker.module.js';

/**
 * A parent buys a course for a linked child through the same Razorpay flow (real SDK against the
 * sandbox, real progress): the child is enrolled, the parent is the payer kept on the purchase.
 */
describe('buying a course for a linked child (razorpay SDK → sandbox, real PostgreSQL, Redis, progress)', () => {
  let h: CommerceHarness;
  let worker: INestApplicationContext;
  const course = randomUUID();
  const other = randomUUID();
  const third = randomUUID();
  const parent: TestUser = { ...demoUsers.parent, sub: `test|parent-${randomUUID().slice(0, 8)}` };
  const strangerParent: TestUser = { ...demoUsers.otherParent, sub: `test|parent-${randomUUID().slice(0, 8)}` };
  let child: TestUser;

  beforeAll(async () => {
    h = await startCommerceHarness({ PAYMENT_RATE_LIMIT_PER_MINUTE: '60' });
    worker = await (await Test.createTestingModule({ imports: [WorkerModule] }).compile()).init();
    await h.catalogue.putCourses([
      { _id: course, courseTitle: 'Geometry Basics', coursePrice: 499, discount: 0, educatorId: demoUsers.educator.sub },
      { _id: other, courseTitle: 'Physics Basics', coursePrice: 299, discount: 0, educatorId: demoUsers.educator.sub },
      { _id: third, courseTitle: 'Chemistry Basics', coursePrice: 199, discount: 0, educatorId: demoUsers.educator.sub },
    ]);
    child = h.newStudent('child');
    // The child creates a code and the parent redeems it: the real progress routes.
    const progress = () => request(h.progress.getHttpServer());
    for (const user of [child, parent, strangerParent]) await progress().get('/api/user/data').set(await h.bearer(user)).expect(200);
    const { body } = await progress().post('/api/parents/link-codes').set(await h.bearer(child)).expect(201);
    await progress().post('/api/parents/links').set(await h.bearer(parent)).send({ code: body.linkCode.code }).expect(201);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  const http = () => request(h.app.getHttpServer());
  const db = () => h.app.get(DataSource);
  const purchase = async (user: TestUser, body: object) => http().post('/api/user/purchase').set(await h.bearer(user)).send(body);

  it('refuses a learner who is not a parent, and a parent the child is not linked to', async () => {
    const student = h.newStudent();
    const asStudent = await purchase(student, { courseId: course, learnerId: child.sub });
    expect([asStudent.status, asStudent.body]).toEqual([403, { success: false, message: 'Only parent accounts can buy a course for someone else' }]);
    const educator = await purchase(demoUsers.educator, { courseId: course, learnerId: child.sub });
    expect(educator.status).toBe(403);
    const stranger = await purchase(strangerParent, { courseId: course, learnerId: child.sub });
    expect([stranger.status, stranger.body]).toEqual([404, { success: false, message: NOT_LINKED_MESSAGE }]);
    const anonymous = await http().post('/api/user/purchase').send({ courseId: course, learnerId: child.sub });
    expect(anonymous.status).toBe(401);
    const empty = await purchase(parent, { courseId: course, learnerId: '' });
    expect(empty.status).toBe(400);
    expect(await db().query('SELECT 1 FROM commerce.purchases WHERE user_id = $1', [child.sub])).toEqual([]);
  });

  it('refuses a learnerId that is not a user id with 400, and never shows an internal address', async () => {
    for (const learnerId of ['..', '.', '../..', '%2e%2e', 'a/b', ' ', '?x=1', '#']) {
      const answer = await purchase(parent, { courseId: course, learnerId });
      expect([learnerId, answer.status]).toEqual([learnerId, 400]);
      expect(answer.body.message).toMatch(/learnerId (must be a user id|is required)$/);
      expect(JSON.stringify(answer.body)).not.toMatch(/internal|127\.0\.0\.1|http:/);
    }
    // A user id nobody is linked to: the plain "not linked" answer.
    const unknown = await purchase(parent, { courseId: course, learnerId: 'auth0|nobody-0000' });
    expect([unknown.status, unknown.body]).toEqual([404, { success: false, message: NOT_LINKED_MESSAGE }]);
  });

  it('the parent pays, the child is enrolled, the purchase keeps payer and learner apart; buying again says Already Enrolled', async () => {
    const created = await purchase(parent, { courseId: course, learnerId: child.sub });
    expect(created.status).toBe(200);
    // A second click reuses the same order.
    const again = await purchase(parent, { courseId: course, learnerId: child.sub });
    expect(again.body.order.id).toBe(created.body.order.id);
    const order = h.sandbox.razorpay.store.findOrder(created.body.order.id)!;
    expect(order.notes).toMatchObject({ userId: child.sub, payerId: parent.sub, learnerName: child.name });

    const paid = await h.pay(created.body.order.id);
    // Only the payer verifies: the child cannot settle the parent's order.
    const byChild = await http().post('/api/user/verifyRazorpay').set(await h.bearer(child)).send({ ...paid, purchaseId: created.body.purchaseId });
    expect(byChild.body).toEqual({ success: false, message: 'Purchase not found' });
    const verified = await http().post('/api/user/verifyRazorpay').set(await h.bearer(parent)).send({ ...paid, purchaseId: created.body.purchaseId });
    expect(verified.body).toEqual({ success: true, message: 'Payment verified' });

    expect(await h.enrolledCourses(child)).toEqual([course]);
    expect(await h.enrolledCourses(parent)).toEqual([]);
    const [row] = await db().query(
      'SELECT user_id, payer_id, payer_name, payer_email, student_name, student_email, status FROM commerce.purchases WHERE id = $1',
      [created.body.purchaseId],
    );
    expect(row).toEqual({
      user_id: child.sub,
      payer_id: parent.sub,
      payer_name: 'Kavita Sharma',
      payer_email: 'kavita@demo.academy',
      student_name: child.name,
      student_email: child.email,
      status: 'paid',
    });
    const twice = await purchase(parent, { courseId: course, learnerId: child.sub });
    expect([twice.status, twice.body]).toEqual([409, { success: false, message: 'Already Enrolled' }]);
    const byChildItself = await purchase(child, { courseId: course });
    expect([byChildItself.status, byChildItself.body.message]).toEqual([409, 'Already Enrolled']);
  }, 30_000);

  it("a child's own order replaces the parent's open one (each verifies only their own)", async () => {
    const byParent = await purchase(parent, { courseId: other, learnerId: child.sub });
    const byChild = await purchase(child, { courseId: other });
    expect(byChild.body.order.id).not.toBe(byParent.body.order.id);
    const [closed] = await db().query('SELECT status, failure_reason FROM commerce.purchases WHERE id = $1', [byParent.body.purchaseId]);
    expect(closed).toEqual({ status: 'expired', failure_reason: 'Replaced by another payer' });
    const paid = await h.pay(byChild.body.order.id);
    const verified = await http().post('/api/user/verifyRazorpay').set(await h.bearer(child)).send({ ...paid, purchaseId: byChild.body.purchaseId });
    expect(verified.body).toEqual({ success: true, message: 'Payment verified' });
    expect((await h.enrolledCourses(child)).sort()).toEqual([course, other].sort());
  }, 30_000);

  it('a parent by the role chosen at sign-up (recorded by progress, none in the token) buys for a linked child', async () => {
    const chooser: TestUser = { ...demoUsers.student, sub: `test|signup-${randomUUID().slice(0, 8)}`, name: 'Rekha Verma' };
    const progress = () => request(h.progress.getHttpServer());
    const asStudent = await purchase(chooser, { courseId: third, learnerId: child.sub });
    expect(asStudent.status).toBe(403);
    await progress().put('/api/user/data/role').set(await h.bearer(chooser)).send({ role: 'parent' }).expect(200);
    const { body } = await progress().post('/api/parents/link-codes').set(await h.bearer(child)).expect(201);
    await progress().post('/api/parents/links').set(await h.bearer(chooser)).send({ code: body.linkCode.code }).expect(201);
    const created = await purchase(chooser, { courseId: third, learnerId: child.sub });
    expect(created.status).toBe(200);
    const [row] = await db().query('SELECT user_id, payer_id FROM commerce.purchases WHERE id = $1', [created.body.purchaseId]);
    expect(row).toEqual({ user_id: child.sub, payer_id: chooser.sub });
    await progress().delete(`/api/parents/links/${encodeURIComponent(chooser.sub)}`).set(await h.bearer(child)).expect(200);
  }, 30_000);

  it("lists the parent's payments naming the child, with a receipt 'For' the child; another parent gets nothing, and an unlinked parent loses the receipt at once", async () => {
    const [{ id: purchaseId }] = await db().query(`SELECT id FROM commerce.purchases WHERE user_id = $1 AND course_id = $2 AND status = 'paid'`, [child.sub, course]);
    const list = await http().get('/api/user/purchases').set(await h.bearer(parent)).expect(200);
    const payment = list.body.purchases.find((entry: { purchaseId: string }) => entry.purchaseId === purchaseId);
    expect(payment).toMatchObject({ courseTitle: 'Geometry Basics', status: 'paid', amountPaise: 49_900, learner: { id: child.sub, name: child.name, linked: true } });
    expect(payment.receipts).toHaveLength(1);
    const receiptPath = `/api/user/purchases/${purchaseId}/receipts/payment`;
    const pdf = await http().get(receiptPath).set(await h.bearer(parent)).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    const receiptText = await pdfText(pdf.body as Buffer);
    expect(receiptText).toContain('Kavita Sharma');
    expect(receiptText).toContain(`For: ${child.name}`);
    // Neither another parent nor the child reads the parent's receipt; the child's own list does not show it.
    await http().get(receiptPath).set(await h.bearer(strangerParent)).expect(404);
    await http().get(receiptPath).set(await h.bearer(child)).expect(404);
    const childList = await http().get('/api/user/purchases').set(await h.bearer(child)).expect(200);
    expect(childList.body.purchases.map((entry: { purchaseId: string }) => entry.purchaseId)).not.toContain(purchaseId);

    // The child removes the link: at once the parent's list no longer names the child or offers the receipt, and the PDF is gone.
    await request(h.progress.getHttpServer()).delete(`/api/parents/links/${encodeURIComponent(parent.sub)}`).set(await h.bearer(child)).expect(200);
    const after = await http().get('/api/user/purchases').set(await h.bearer(parent)).expect(200);
    expect(after.body.purchases.find((entry: { purchaseId: string }) => entry.purchaseId === purchaseId)).toMatchObject({
      learner: { id: child.sub, name: null, linked: false },
      receipts: [],
    });
    expect((await http().get(receiptPath).set(await h.bearer(parent))).status).toBe(404);
  }, 30_000);
});
