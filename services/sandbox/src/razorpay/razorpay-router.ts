import express, { type Request, type Router } from 'express';
import type { SandboxOptions } from '../config.js';
import { portalCors } from '../portal-cors.js';
import { renderCheckoutScript } from './checkout-script.js';
import { RazorpayApiError } from './entities.js';
import { createOrdersApiRouter, razorpayErrorHandler } from './orders-api-router.js';
import { PaymentLedger, type CheckoutCustomer } from './payment-ledger.js';
import { PaymentStore } from './payment-store.js';
import { RefundSettler } from './refund-settler.js';
import { createRouteApiRouter, RouteStore } from './route-api-router.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

export interface RazorpaySandbox {
  router: Router;
  store: PaymentStore;
  ledger: PaymentLedger;
  webhooks: WebhookDispatcher;
  /** Settles refunds by themselves after `refundSettleMs`; `close()` it with the webhooks. */
  refunds: RefundSettler;
  /** Route: linked accounts and transfers (educator payouts). */
  route: RouteStore;
}

function checkoutRequest(req: Request): { keyId: string; orderId: string; customer: CheckoutCustomer } {
  const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    keyId: text(body.key) ?? '',
    orderId: text(body.order_id) ?? '',
    customer: { email: text(body.email), contact: text(body.contact), description: text(body.description) },
  };
}

/**
 * The Razorpay stand-in under `/razorpay/`: the REST API at `/razorpay/v1`, the Checkout script and the calls it
 * makes, and test-only views of the webhook deliveries under `/razorpay/sandbox/`.
 */
export async function createRazorpaySandbox(options: SandboxOptions): Promise<RazorpaySandbox> {
  const store = await PaymentStore.open(options.dataDir);
  const webhooks = new WebhookDispatcher(options.razorpay, store);
  const refunds = new RefundSettler(options.razorpay, store, (refundId) => ledger.processRefund(refundId));
  const ledger = new PaymentLedger(options.razorpay, store, webhooks, (refund) => refunds.schedule(refund));
  refunds.start();
  const router = express.Router();

  const route = await RouteStore.open(options.dataDir);
  const routeApi = createRouteApiRouter(options.razorpay, route);
  router.use('/razorpay/v1', routeApi.v1);
  router.use('/razorpay/v1', createOrdersApiRouter(options.razorpay, ledger, store));
  router.use('/razorpay/v2', routeApi.v2);

  const checkoutScript = renderCheckoutScript(options.publicUrl);
  router.get('/razorpay/checkout.js', (_req, res) => {
    // no-cache: the portal always gets the script matching this sandbox's URL.
    res.set('Cache-Control', 'no-cache').type('text/javascript').send(checkoutScript);
  });

  const parseJson = express.json({ limit: '16kb' });
  router.use('/razorpay/checkout', portalCors(new Set(options.portalOrigins)));
  router.post('/razorpay/checkout/pay', parseJson, async (req, res) => {
    const { keyId, orderId, customer } = checkoutRequest(req);
    res.json(await ledger.payOrder(keyId, orderId, customer));
  });
  router.post('/razorpay/checkout/fail', parseJson, async (req, res) => {
    const { keyId, orderId, customer } = checkoutRequest(req);
    res.json(await ledger.failOrder(keyId, orderId, customer));
  });

  router.get('/razorpay/sandbox/events.json', (_req, res) => {
    const events = store.eventsNewestFirst().map(({ body, ...event }) => ({ ...event, payload: JSON.parse(body) as unknown }));
    res.set('Cache-Control', 'no-store').json({ webhookUrl: options.razorpay.webhookUrl ?? null, events });
  });

  // Test-only: the same event (same body, same X-Razorpay-Event-Id) once more, as a duplicate delivery.
  router.post('/razorpay/sandbox/redeliver/:eventId', async (req, res) => {
    const event = store.findEvent(req.params.eventId);
    if (!event) throw new RazorpayApiError(404, `No event ${req.params.eventId} was sent by this sandbox.`, { field: 'eventId' });
    if (!options.razorpay.webhookUrl) throw new RazorpayApiError(400, 'RAZORPAY_WEBHOOK_URL is not set: there is nowhere to deliver to.');
    const delivery = await webhooks.redeliver(event);
    res.json({ eventId: event.id, event: event.event, delivery });
  });

  // Test-only: stop delivering webhooks (events are still recorded, as `not_sent`) or start again — the "webhooks
  // lost" case of reconciliation and of journeys. Body: { "enabled": false | true }.
  let pausedWebhookUrl: string | undefined;
  router.post('/razorpay/sandbox/webhooks', parseJson, (req, res) => {
    const enabled = (req.body as { enabled?: unknown } | undefined)?.enabled;
    if (typeof enabled !== 'boolean') throw new RazorpayApiError(400, 'enabled must be true or false', { field: 'enabled' });
    if (!enabled && options.razorpay.webhookUrl) {
      pausedWebhookUrl = options.razorpay.webhookUrl;
      options.razorpay.webhookUrl = undefined;
    } else if (enabled && !options.razorpay.webhookUrl && pausedWebhookUrl) {
      options.razorpay.webhookUrl = pausedWebhookUrl;
      pausedWebhookUrl = undefined;
    }
    res.set('Cache-Control', 'no-store').json({ webhookUrl: options.razorpay.webhookUrl ?? null });
  });

  // Test-only: the same for one order (its failed attempt, capture and refunds are recorded but never delivered),
  // while other orders' webhooks flow — fault runs lose one order's webhooks among many. Body: { "enabled": false | true }.
  router.post('/razorpay/sandbox/webhooks/orders/:orderId', parseJson, (req, res) => {
    const enabled = (req.body as { enabled?: unknown } | undefined)?.enabled;
    if (typeof enabled !== 'boolean') throw new RazorpayApiError(400, 'enabled must be true or false', { field: 'enabled' });
    const order = ledger.requireOrder(req.params.orderId);
    webhooks.silenceOrder(order.id, !enabled);
    res.set('Cache-Control', 'no-store').json({ orderId: order.id, webhooksEnabled: enabled });
  });

  // Test-only: a refund made in Razorpay's dashboard (not through the API), of the whole payment or `amount` paise.
  router.post('/razorpay/sandbox/refund/:paymentId', parseJson, async (req, res) => {
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
    res.json(await ledger.refundPayment(req.params.paymentId, body.amount === undefined ? {} : { amount: body.amount }));
  });

  // Test-only: a second payment captured on an order (paid or expired already): see PaymentLedger.extraCapturedPayment.
  router.post('/razorpay/sandbox/orders/:orderId/extra-payment', async (req, res) => {
    res.json(await ledger.extraCapturedPayment(req.params.orderId));
  });

  // Test-only: the bank settles a pending refund now (refund.processed and, when the payment is fully refunded,
  // payment.refunded), whether or not the sandbox would settle it by itself later (refundSettleMs): never twice.
  router.post('/razorpay/sandbox/process-refund/:refundId', async (req, res) => {
    res.json(await ledger.processRefund(req.params.refundId));
  });

  // Test-only: the next `count` transfer requests fail with a 500, as during a Razorpay outage. Body: { "count": n }.
  router.post('/razorpay/sandbox/transfers/fail-next', parseJson, (req, res) => {
    const count = (req.body as { count?: unknown } | undefined)?.count;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || count > 100) {
      throw new RazorpayApiError(400, 'count must be a whole number from 0 to 100', { field: 'count' });
    }
    route.failNextTransfers = count;
    res.set('Cache-Control', 'no-store').json({ failNextTransfers: count });
  });

  router.use('/razorpay', () => {
    throw new RazorpayApiError(404, 'The requested URL was not found on the server.');
  });
  router.use('/razorpay', razorpayErrorHandler);
  return { router, store, ledger, webhooks, refunds, route };
}
