import { runMigrations } from '@academy/service-core';
import { CommerceAppModule, commerceDatabase, EarningsService } from '@academy/commerce/testing';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';

/** What commerce needs to start in a catalogue test; it calls none of them there. */
export const COMMERCE_TEST_ENV = {
  CATALOGUE_URL: 'http://127.0.0.1:9',
  PROGRESS_URL: 'http://127.0.0.1:9',
  RAZORPAY_KEY_ID: 'rzp_test_catalogue_spec',
  RAZORPAY_KEY_SECRET: 'catalogue-spec-secret',
  RAZORPAY_WEBHOOK_SECRET: 'catalogue-spec-webhook-secret',
};

/**
 * The real commerce app on a free port of the test's database (My Courses asks it for the earnings ledger), with
 * COMMERCE_URL pointing at it. Call after prepareServiceTestEnvironment({ ...COMMERCE_TEST_ENV }).
 */
export async function startRealCommerce(databaseUrl: string): Promise<{ app: INestApplication; earnings: EarningsService }> {
  await runMigrations({ ...commerceDatabase, url: databaseUrl });
  const moduleRef = await Test.createTestingModule({ imports: [CommerceAppModule] }).compile();
  const app = moduleRef.createNestApplication({ rawBody: true });
  await app.listen(0, '127.0.0.1');
  process.env.COMMERCE_URL = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  return { app, earnings: app.get(EarningsService) };
}
