import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { RazorpaySandboxOptions } from '../config.js';
import { RazorpayApiError, type RazorpayOrder, type RazorpayPayment, type RazorpayRefund } from './entities.js';
import type { PaymentLedger } from './payment-ledger.js';
import type { PaymentStore } from './payment-store.js';
import { toPublicEntity } from './webhook-dispatcher.js';

const MAX_PAGE_SIZE = 100;

/** Compares through fixed-length digests so neither the content nor the length of the secret leaks by timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** HTTP basic auth with the key id as user and the key secret as password, as the SDK sends it. */
export function requireApiKey(options: RazorpaySandboxOptions) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const header = req.get('Authorization') ?? '';
    const match = /^Basic\s+(\S+)$/i.exec(header);
    if (!match) {
      throw new RazorpayApiError(401, 'Please provide your api key for authentication purposes.');
    }
    const credentials = Buffer.from(match[1]!, 'base64').toString('utf8');
    const separator = credentials.indexOf(':');
    const keyId = separator === -1 ? credentials : credentials.slice(0, separator);
    const keySecret = separator === -1 ? '' : credentials.slice(separator + 1);
    // Evaluate both comparisons so a right key id with a wrong secret takes the same time as a wrong key id.
    const keyIdMatches = sameSecret(keyId, options.keyId);
    const secretMatches = sameSecret(keySecret, options.keySecret);
    if (!keyIdMatches || !secretMatches) throw new RazorpayApiError(401, 'Authentication failed');
    next();
  };
}

export function readPage(query: Request['query']): { count: number; skip: number } {
  const count = query.count === undefined ? 10 : Number(query.count);
  const skip = query.skip === undefined ? 0 : Number(query.skip);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PAGE_SIZE) {
    throw new RazorpayApiError(400, `The count must be between 1 and ${MAX_PAGE_SIZE}.`, { field: 'count' });
  }
  if (!Number.isInteger(skip) || skip < 0) {
    throw new RazorpayApiError(400, 'The skip must be at least 0.', { field: 'skip' });
  }
  return { count, skip };
}

function collection<T extends RazorpayOrder | RazorpayPayment | RazorpayRefund>(items: T[]) {
  return { entity: 'collection', count: items.length, items: items.map((item) => (item.entity === 'refund' ? { ...item } : toPublicEntity(item))) };
}

/** Newest first, as the real list endpoints answer. */
function newestFirst<T extends { created_at: number }>(items: T[]): T[] {
  return items.map((item, index) => ({ item, index })).sort((a, b) => b.item.created_at - a.item.created_at || b.index - a.index).map(({ item }) => item);
}

/** Answers every failure under `/razorpay/v1` with Razorpay's error body. */
export function razorpayErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) {
    next(error);
    return;
  }
  let apiError: RazorpayApiError;
  if (error instanceof RazorpayApiError) apiError = error;
  else if ((error as { type?: string }).type === 'entity.parse.failed') apiError = new RazorpayApiError(400, 'The request body is not valid JSON.');
  else if ((error as { type?: string }).type === 'entity.too.large') apiError = new RazorpayApiError(400, 'The request body is too large.');
  else apiError = new RazorpayApiError(500, 'The server encountered an error. The incident has been reported to admins.', { source: 'NA', step: 'NA', reason: 'NA' });
  res.status(apiError.httpStatus).json(apiError.toBody());
}

/**
 * The part of Razorpay's REST API the portal uses (orders, payments of an order, payments, capture, refunds), mounted at
 * `/razorpay/v1`. The SDK adds `/v1` to every path itself, so its base URL is `<sandbox>/razorpay`.
 */
export function createOrdersApiRouter(options: RazorpaySandboxOptions, ledger: PaymentLedger, store: PaymentStore): Router {
  const router = express.Router();
  // A base URL ending in /v1 doubles the prefix (the SDK adds its own); say so rather than a bare 404.
  router.use('/v1', () => {
    throw new RazorpayApiError(404, 'The requested URL was not found on the server. The razorpay SDK adds /v1 itself: set its baseURL to <sandbox>/razorpay, not <sandbox>/razorpay/v1.');
  });
  router.use(requireApiKey(options));
  router.use(express.json({ limit: '64kb' }), express.urlencoded({ extended: true, limit: '64kb' }));

  router.post('/orders', async (req, res) => {
    res.json(toPublicEntity(await ledger.createOrder(req.body)));
  });

  router.get('/orders', (req, res) => {
    const { count, skip } = readPage(req.query);
    const receipt = typeof req.query.receipt === 'string' ? req.query.receipt : undefined;
    const orders = store.allOrders().filter((order) => receipt === undefined || order.receipt === receipt);
    res.json(collection(newestFirst(orders).slice(skip, skip + count)));
  });

  router.get('/orders/:orderId', (req, res) => {
    res.json(toPublicEntity(ledger.requireOrder(req.params.orderId)));
  });

  router.get('/orders/:orderId/payments', (req, res) => {
    const order = ledger.requireOrder(req.params.orderId);
    res.json(collection(newestFirst(store.paymentsOfOrder(order.id))));
  });

  router.get('/payments', (req, res) => {
    const { count, skip } = readPage(req.query);
    res.json(collection(newestFirst(store.allPayments()).slice(skip, skip + count)));
  });

  router.get('/payments/:paymentId', (req, res) => {
    res.json(toPublicEntity(ledger.requirePayment(req.params.paymentId)));
  });

  router.post('/payments/:paymentId/capture', async (req, res) => {
    res.json(toPublicEntity(await ledger.capturePayment(req.params.paymentId, req.body)));
  });

  router.post('/payments/:paymentId/refund', async (req, res) => {
    res.json(await ledger.refundPayment(req.params.paymentId, req.body, req.get('X-Refund-Idempotency')));
  });

  router.get('/payments/:paymentId/refunds', (req, res) => {
    const payment = ledger.requirePayment(req.params.paymentId);
    res.json(collection(newestFirst(store.refundsOfPayment(payment.id))));
  });

  router.get('/payments/:paymentId/refunds/:refundId', (req, res) => {
    const refund = ledger.requireRefund(req.params.refundId);
    if (refund.payment_id !== req.params.paymentId) throw new RazorpayApiError(400, 'The id provided does not exist', { field: 'id' });
    res.json({ ...refund });
  });

  // Every refund of the account, newest first, optionally created within [from, to] (Unix seconds): what a
  // reconciliation reads to find refunds made in the dashboard whose webhooks never arrived.
  router.get('/refunds', (req, res) => {
    const { count, skip } = readPage(req.query);
    const bound = (name: 'from' | 'to') => {
      const value = req.query[name];
      if (value === undefined || value === '') return undefined;
      const seconds = Number(value);
      if (!Number.isInteger(seconds) || seconds < 0) throw new RazorpayApiError(400, `The ${name} must be a Unix timestamp.`, { field: name });
      return seconds;
    };
    const from = bound('from');
    const to = bound('to');
    const refunds = store.allRefunds().filter((refund) => (from === undefined || refund.created_at >= from) && (to === undefined || refund.created_at <= to));
    res.json(collection(newestFirst(refunds).slice(skip, skip + count)));
  });

  router.get('/refunds/:refundId', (req, res) => {
    res.json({ ...ledger.requireRefund(req.params.refundId) });
  });

  router.use((_req: Request, _res: Response) => {
    throw new RazorpayApiError(404, 'The requested URL was not found on the server.');
  });
  router.use(razorpayErrorHandler);
  return router;
}
