import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { startTestCatalogue } from '@academy/catalogue/testing';
import { Test } from '@nestjs/testing';
import { runMigrations } from '@academy/service-core';
import { prepareServiceTestEnvironment, type ServiceTestEnvironment, type TestUser } from '@academy/service-core/testing';
import { progressDatabase, ProgressAppModule } from '@academy/progress/testing';
import { DEFAULT_RAZORPAY_OPTIONS, makeTemporaryDataDir, startSandbox, type RunningSandbox } from '@academy/sandbox/testing';
import { AppModule } from '../app.module.js';
import { commerceDatabase } from '../database.js';

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/**
 * Everything around commerce for integration tests: a real sandbox (Razorpay API, checkout calls, signed
 * webhooks) on a free port, the real progress and catalogue apps over HTTP, one fresh database holding the
 * commerce, progress and catalogue schemas, and commerce's HTTP app listening on a free port. Tests put their
 * courses (prices) into catalogue with `catalogue.putCourses`.
 */
export async function startCommerceHarness(extraEnv: Record<string, string> = {}) {
  const { dataDir, remove } = await makeTemporaryDataDir();
  const sandbox: RunningSandbox = await startSandbox(dataDir);
  const testEnv: ServiceTestEnvironment = await prepareServiceTestEnvironment({
    PROGRESS_URL: 'http://127.0.0.1:1', // replaced below once progress listens
    RAZORPAY_KEY_ID: DEFAULT_RAZORPAY_OPTIONS.keyId,
    RAZORPAY_KEY_SECRET: DEFAULT_RAZORPAY_OPTIONS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: DEFAULT_RAZORPAY_OPTIONS.webhookSecret,
    RAZORPAY_API_URL: new URL('razorpay', sandbox.baseUrl).href,
    VERIFY_WAIT_MS: '15000',
    ...extraEnv,
  });
  await runMigrations({ url: testEnv.database.url, ...commerceDatabase });
  await runMigrations({ url: testEnv.database.url, ...progressDatabase });
  const catalogue = await startTestCatalogue(testEnv);

  const progress = (await Test.createTestingModule({ imports: [ProgressAppModule] }).compile()).createNestApplication({ logger: false });
  await progress.listen(0, '127.0.0.1');
  const progressUrl = `http://127.0.0.1:${(progress.getHttpServer().address() as AddressInfo).port}`;
  process.env.PROGRESS_URL = progressUrl;
  testEnv.env.PROGRESS_URL = progressUrl;

  const app: INestApplication = (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({
    logger: false,
    rawBody: true,
  });
  await app.listen(0, '127.0.0.1');
  const commerceUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

  const harness = {
    testEnv,
    sandbox,
    catalogue,
    progress,
    app,
    commerceUrl,
    progressUrl,
    bearer: async (user: TestUser) => ({ Authorization: `Bearer ${await testEnv.issuer.sign(user)}` }),
    /** A learner nobody else uses, so tests do not see each other's enrolments. */
    newStudent(label = 'student'): TestUser {
      const id = randomUUID().slice(0, 8);
      return { sub: `test|${label}-${id}`, name: `Learner ${id}`, email: `${id}@test.academy`, picture: `https://example.test/${id}.png`, roles: [] };
    },
    /** Webhooks from the sandbox to commerce's webhook route (off unless a test turns them on). */
    webhooks(enabled: boolean) {
      sandbox.options.razorpay.webhookUrl = enabled ? `${commerceUrl}/api/payments/razorpay/webhook` : undefined;
    },
    /** What the Checkout dialog's Pay button does. */
    async pay(orderId: string): Promise<CheckoutSuccess> {
      return checkoutCall(sandbox, 'pay', orderId) as Promise<CheckoutSuccess>;
    },
    async fail(orderId: string): Promise<unknown> {
      return checkoutCall(sandbox, 'fail', orderId);
    },
    async enrolledCourses(user: TestUser): Promise<string[]> {
      const response = await fetch(`${progressUrl}/api/user/data`, { headers: await harness.bearer(user) });
      const body = (await response.json()) as { user: { enrolledCourses: string[] } };
      return body.user.enrolledCourses;
    },
    async close() {
      sandbox.options.razorpay.webhookUrl = undefined;
      await sandbox.razorpay.webhooks.settle();
      await app.close();
      await progress.close();
      await catalogue.close();
      await sandbox.close();
      await testEnv.teardown();
      await remove();
    },
  };
  return harness;
}

async function checkoutCall(sandbox: RunningSandbox, action: 'pay' | 'fail', orderId: string): Promise<unknown> {
  const response = await fetch(new URL(`razorpay/checkout/${action}`, sandbox.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: DEFAULT_RAZORPAY_OPTIONS.keyId, order_id: orderId, email: 'learner@test.academy' }),
  });
  if (!response.ok) throw new Error(`checkout ${action} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export type CommerceHarness = Awaited<ReturnType<typeof startCommerceHarness>>;

/** The shared polling helper, re-exported for the commerce specs that import it from here. */
export { eventually } from '@academy/service-core/testing';
