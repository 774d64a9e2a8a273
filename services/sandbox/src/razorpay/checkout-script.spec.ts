import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { JSDOM } from 'jsdom';
import type Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import { razorpayClientFor } from '../testing/razorpay-sdk.js';
import { makeTemporaryDataDir, startSandbox, TEST_PORTAL_ORIGIN, type RunningSandbox } from '../testing/sandbox-server.js';

const KEY_ID = 'rzp_test_sandbox';
const KEY_SECRET = 'sandbox_key_secret';

interface CheckoutInstance {
  open(): CheckoutInstance;
  close(): void;
  on(event: string, callback: (failure: unknown) => void): CheckoutInstance;
}
type CheckoutConstructor = new (options: Record<string, unknown>) => CheckoutInstance;

/**
 * Runs the served checkout.js in a jsdom page of the portal, as the learner app loads it from the runtime config,
 * with the page's fetch going to the real sandbox.
 */
describe('checkout.js in a page', () => {
  let sandbox: RunningSandbox;
  let removeDataDir: () => Promise<void>;
  let rzp: Razorpay;
  let scriptText: string;
  let dom: JSDOM;
  let RazorpayCheckout: CheckoutConstructor;

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    removeDataDir = temporary.remove;
    sandbox = await startSandbox(temporary.dataDir);
    rzp = razorpayClientFor(sandbox.baseUrl);
    const response = await fetch(new URL('razorpay/checkout.js', sandbox.baseUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    scriptText = await response.text();
  });

  beforeEach(() => {
    dom = new JSDOM('<!doctype html><html><body><button id="enroll">Enroll Now</button></body></html>', {
      url: `${TEST_PORTAL_ORIGIN}/course/42`,
      runScripts: 'outside-only',
    });
    // jsdom has no fetch of its own; the page's calls go over the network to the sandbox.
    Object.assign(dom.window, { fetch: globalThis.fetch });
    dom.window.eval(scriptText);
    RazorpayCheckout = (dom.window as unknown as { Razorpay: CheckoutConstructor }).Razorpay;
  });

  afterAll(async () => {
    await sandbox.close();
    await removeDataDir();
  });

  const document = () => dom.window.document;
  const dialog = () => document().querySelector<HTMLElement>('[role="dialog"]');
  const button = (name: string) =>
    [...document().querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
      (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent) === name,
    )!;
  const pressKey = (key: string, shiftKey = false) =>
    (document().activeElement ?? document().body).dispatchEvent(new dom.window.KeyboardEvent('keydown', { key, shiftKey, bubbles: true, cancelable: true }));
  const waitFor = async (condition: () => boolean, what: string) => {
    for (let tries = 0; tries < 200; tries += 1) {
      if (condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  async function openCheckout(amount: number, extra: Record<string, unknown> = {}) {
    const order = await rzp.orders.create({ amount, currency: 'INR', receipt: 'purchase-dom' });
    const outcome: { response?: Record<string, string>; dismissed: number; failures: unknown[] } = { dismissed: 0, failures: [] };
    document().getElementById('enroll')!.focus();
    const checkout = new RazorpayCheckout({
      key: KEY_ID,
      amount: order.amount,
      currency: order.currency,
      order_id: order.id,
      name: 'Full-Stack Web Development',
      description: 'Course Enrollment',
      prefill: { name: 'Aarav Sharma', email: 'aarav@demo.academy' },
      theme: { color: '#3399cc' },
      handler: (response: Record<string, string>) => {
        outcome.response = response;
      },
      modal: { ondismiss: () => (outcome.dismissed += 1) },
      ...extra,
    });
    checkout.on('payment.failed', (failure) => outcome.failures.push(failure));
    checkout.open();
    return { order, checkout, outcome };
  }

  it('opens an accessible modal dialog with the course, the amount in rupees, Pay, Fail and Close', async () => {
    await openCheckout(149_900);
    const shown = dialog()!;
    expect(shown.getAttribute('aria-modal')).toBe('true');
    const title = document().getElementById(shown.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).toBe('Full-Stack Web Development');
    expect(document().getElementById(shown.getAttribute('aria-describedby')!)!.textContent).toBe('₹1,499.00');
    expect(shown.textContent).toContain('Course Enrollment');
    expect([...shown.querySelectorAll('button')].map((candidate) => candidate.getAttribute('aria-label') ?? candidate.textContent)).toEqual([
      'Close',
      'Pay',
      'Fail',
    ]);
    expect(button('Pay').style.background).toMatch(/#3399cc|rgb\(51, 153, 204\)/);
    expect(document().activeElement).toBe(button('Pay'));
  });

  it('keeps focus inside the dialog and closes on Escape, calling ondismiss and giving focus back', async () => {
    const { outcome } = await openCheckout(49_900);
    button('Fail').focus();
    pressKey('Tab');
    expect(document().activeElement).toBe(button('Close'));
    pressKey('Tab', true);
    expect(document().activeElement).toBe(button('Fail'));
    // Focus that escapes (a click elsewhere) is pulled back in.
    document().getElementById('enroll')!.focus();
    expect(dialog()!.contains(document().activeElement)).toBe(true);

    pressKey('Escape');
    expect(dialog()).toBeNull();
    expect(outcome.dismissed).toBe(1);
    expect(document().activeElement).toBe(document().getElementById('enroll'));
  });

  it('closes with the close button and calls ondismiss', async () => {
    const { outcome } = await openCheckout(49_900);
    button('Close').click();
    expect(dialog()).toBeNull();
    expect(outcome.dismissed).toBe(1);
    expect(outcome.response).toBeUndefined();
  });

  it('Pay: pays the order, closes and calls handler with a verifiable response', async () => {
    const { order, outcome } = await openCheckout(149_900);
    button('Pay').click();
    await waitFor(() => outcome.response !== undefined, 'the handler');
    expect(dialog()).toBeNull();
    expect(outcome.dismissed).toBe(0);
    const response = outcome.response!;
    expect(response.razorpay_order_id).toBe(order.id);
    expect(validatePaymentVerification({ order_id: order.id, payment_id: response.razorpay_payment_id! }, response.razorpay_signature!, KEY_SECRET)).toBe(true);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 149_900 });
    expect(await rzp.payments.fetch(response.razorpay_payment_id!)).toMatchObject({ email: 'aarav@demo.academy', description: 'Course Enrollment' });
  });

  it('Fail: calls the payment.failed callbacks with the error and metadata, and stays open to try again', async () => {
    const { order, outcome } = await openCheckout(79_900);
    button('Fail').click();
    await waitFor(() => outcome.failures.length === 1, 'payment.failed');
    expect(outcome.failures[0]).toEqual({
      error: expect.objectContaining({
        code: 'BAD_REQUEST_ERROR',
        reason: 'payment_failed',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
      }),
    });
    expect(outcome.response).toBeUndefined();
    expect(dialog()).not.toBeNull();
    expect(dialog()!.querySelector('[role="status"]')!.textContent).toMatch(/failed/i);
    expect(await rzp.orders.fetch(order.id)).toMatchObject({ status: 'attempted', amount_paid: 0 });
  });

  it('shows the sandbox error in the dialog when Pay is refused, and calls nothing', async () => {
    const { outcome } = await openCheckout(49_900, { key: 'rzp_test_not_this_account' });
    button('Pay').click();
    await waitFor(() => !button('Pay').disabled, 'the buttons to come back');
    expect(dialog()!.querySelector('[role="status"]')!.textContent).toMatch(/Authentication failed/);
    expect(outcome.response).toBeUndefined();
    expect(outcome.failures).toEqual([]);
  });
});
