// The Razorpay Checkout contract (https://razorpay.com/docs/payments/payment-gateway/web-integration/standard/):
// `new Razorpay(options).open()`, `handler` on success, `modal.ondismiss`, `.on('payment.failed', cb)`.
// The script URL comes from the runtime config (the sandbox's checkout.js locally, Razorpay's in production).
import i18next from 'i18next';

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error?: { code?: string; description?: string; reason?: string };
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string };
  theme: { color: string };
  handler(response: RazorpaySuccess): void;
  modal?: { ondismiss?: () => void };
}

export interface RazorpayInstance {
  open(): void;
  close?(): void;
  on(event: 'payment.failed', callback: (failure: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

export const CHECKOUT_THEME_COLOR = '#3399cc';
/** What the payment window says is bought, in the language shown (for a child: whose enrolment it is). */
export function checkoutDescription(learnerName?: string): string {
  return learnerName ? i18next.t('learner:checkout.descriptionFor', { name: learnerName }) : i18next.t('learner:checkout.description');
}

let loading: { url: string; promise: Promise<RazorpayConstructor> } | undefined;

/** Adds the checkout script once per URL and resolves with `window.Razorpay`. */
export function loadCheckoutScript(url: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  if (loading?.url === url) return loading.promise;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error(i18next.t('learner:checkout.windowNotLoaded'))));
    script.onerror = () => {
      script.remove();
      loading = undefined;
      reject(new Error(i18next.t('learner:checkout.windowNotLoaded')));
    };
    document.head.appendChild(script);
  });
  loading = { url, promise };
  return promise;
}

/** Only for tests: forget a loaded script. */
export function resetCheckoutScriptForTests(): void {
  loading = undefined;
  delete window.Razorpay;
}
