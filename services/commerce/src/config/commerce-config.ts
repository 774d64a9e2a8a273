import { CORE_CONFIG, mailConfigShape, type CoreConfig } from '@academy/service-core';
import { Inject } from '@nestjs/common';
import { GSTIN_PATTERN } from '../receipts/receipt-rules.js';
import { z } from 'zod';

/** Commerce's variables beyond the core ones (docs/DEVELOPING.md), validated at start-up. */
export const commerceConfigShape = {
  CATALOGUE_URL: z.string().url(),
  PROGRESS_URL: z.string().url(),
  RAZORPAY_KEY_ID: z.string().min(1),
  RAZORPAY_KEY_SECRET: z.string().min(1),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1),
  /** Unset in production; the sandbox's `<sandbox>/razorpay` locally (the SDK adds `/v1`). */
  RAZORPAY_API_URL: z.string().url().optional(),
  /**
   * true: orders ask Razorpay to capture at once (`payment_capture`). false: payments stay `authorized` and
   * commerce captures them itself before marking a purchase paid. Either way only a captured payment counts.
   */
  RAZORPAY_AUTO_CAPTURE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  /** How long POST /api/user/verifyRazorpay waits for the verification job. */
  VERIFY_WAIT_MS: z.coerce.number().int().positive().default(20_000),
  /** Pending purchases older than this are checked with Razorpay by the reconciliation job. */
  RECONCILE_AFTER_MS: z.coerce.number().int().positive().default(15 * 60_000),
  /**
   * A Razorpay order takes payments for this long (`expire_by`); a payment for an order closed since is refunded
   * unless it is the course's current price. Razorpay wants at least 15 minutes; tests shorten it.
   */
  ORDER_TTL_MS: z.coerce.number().int().min(1000).default(30 * 60_000),
  /** Pending purchases older than this with no successful payment are expired. */
  PENDING_EXPIRY_MS: z.coerce.number().int().positive().default(24 * 60 * 60_000),
  RECONCILE_EVERY_MS: z.coerce.number().int().positive().default(5 * 60_000),
  /** Purchase and verify calls allowed per user per minute. */
  PAYMENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Failed or expired purchases younger than this are still checked for a late captured payment. */
  RECONCILE_CLOSED_WITHIN_MS: z.coerce.number().int().positive().default(3 * 24 * 60 * 60_000),
  /** A killed worker's payment job is picked up again after this lock expires (BullMQ's default is 30 s). */
  COMMERCE_JOB_LOCK_MS: z.coerce.number().int().min(1000).default(15_000),
  /** Receipts: the series of payment receipts (`ACAD/2026-27/000123`); refunds' credit notes use `<series>-CN`. */
  RECEIPT_SERIES: z.string().regex(/^[A-Z][A-Z0-9]{1,9}$/, 'RECEIPT_SERIES: 2 to 10 capital letters or digits').default('ACAD'),
  /** The seller printed on every receipt. */
  RECEIPT_SELLER_NAME: z.string().min(1).max(200).default('Academy Learning Private Limited'),
  RECEIPT_SELLER_ADDRESS: z.string().min(1).max(500).default('4th Floor, 12 MG Road, Bengaluru, Karnataka 560001, India'),
  RECEIPT_SELLER_GSTIN: z.string().regex(GSTIN_PATTERN, 'RECEIPT_SELLER_GSTIN must be a GSTIN (15 characters)').default('29AABCA1234F1Z5'),
  /** GST included in course prices, percent; 0 prints no tax lines. */
  RECEIPT_GST_RATE_PERCENT: z.coerce.number().min(0).max(28).default(18),
  /** Payouts: the platform's fee, percent of what the educator earned (after refunds). */
  PAYOUT_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /** Payouts: TDS under section 194-O, percent of the gross sales (0.1 % since October 2024). */
  PAYOUT_TDS_PERCENT: z.coerce.number().min(0).max(20).default(0.1),
  /** When the weekly payout runs (cron, in PAYOUTS_TZ): default Monday 03:00. */
  PAYOUTS_CRON: z.string().min(9).default('0 3 * * 1'),
  PAYOUTS_TZ: z.string().min(1).default('Asia/Kolkata'),
  /** Changing a payout account needs a sign-in at most this old (seconds). */
  PAYOUT_ACCOUNT_REAUTH_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Mail to educators (a changed payout account). */
  ...mailConfigShape,
};

export type CommerceConfig = CoreConfig & z.infer<z.ZodObject<typeof commerceConfigShape>>;

/** `@InjectCommerceConfig() config: CommerceConfig`. */
export const InjectCommerceConfig = () => Inject(CORE_CONFIG);
