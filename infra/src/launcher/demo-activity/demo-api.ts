// A demo person on the portal: signed in through the sandbox's hosted login page (as auth0-spa-js does), then
// calling the public API through the edge, and paying through the sandbox's Checkout calls, as the browser does.
import type { CourseDetail, PurchaseResult } from '@academy/contracts';
import { signInOverHttp, type SpaClient } from '@academy/sandbox/scripted-sign-in';

export class DemoApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface CheckoutPayment {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export class DemoApi {
  constructor(
    private readonly apiUrl: string,
    private readonly sandboxUrl: string,
    private readonly accessToken: string,
    readonly email: string,
  ) {}

  static async signIn(options: { apiUrl: string; sandboxUrl: string; client: SpaClient; email: string; password: string }): Promise<DemoApi> {
    const tokens = await signInOverHttp(`${options.sandboxUrl}/`, options.client, 'login', { email: options.email, password: options.password });
    return new DemoApi(options.apiUrl, options.sandboxUrl, tokens.access_token, options.email);
  }

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.call<T>('POST', path, body);
  }

  put<T>(path: string, body?: unknown): Promise<T> {
    return this.call<T>('PUT', path, body);
  }

  del<T>(path: string): Promise<T> {
    return this.call<T>('DELETE', path);
  }

  /** A published course's page data, or undefined when there is no such published course. */
  async courseOrNothing(courseId: string): Promise<CourseDetail | undefined> {
    try {
      return (await this.get<{ courseData: CourseDetail }>(`/course/${courseId}`)).courseData;
    } catch (error) {
      if (error instanceof DemoApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /** Order, payment in the sandbox's Checkout, verification: the purchase a learner makes in the browser. */
  async buyCourse(courseId: string): Promise<void> {
    const purchase = await this.post<PurchaseResult>('/user/purchase', { courseId });
    if (purchase.enrolled || !purchase.order) return;
    const response = await fetch(`${this.sandboxUrl}/razorpay/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: purchase.keyId, order_id: purchase.order.id, email: this.email }),
    });
    if (!response.ok) throw new DemoApiError(response.status, `sandbox checkout refused the payment: ${await response.text()}`);
    const payment = (await response.json()) as CheckoutPayment;
    const verified = await this.post<{ success: boolean; message: string }>('/user/verifyRazorpay', { ...payment, purchaseId: purchase.purchaseId });
    if (!verified.success) throw new DemoApiError(200, `payment for ${courseId} was not verified: ${verified.message}`);
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetchWithRetry(`${this.apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { success?: boolean; message?: string };
    if (!response.ok || answer.success === false) {
      throw new DemoApiError(response.status, `${method} ${path} answered ${response.status}: ${answer.message ?? 'no message'}`);
    }
    return answer as T;
  }
}

/**
 * The calls the demo makes are safe to repeat (progress and ratings are idempotent; an order repeated before it is
 * paid is only another order, expired later by reconciliation), so a connection that
 * failed before an answer (a busy machine, a reused connection closed under us) is simply tried again.
 */
async function fetchWithRetry(url: string, init: RequestInit, attempts = 3): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}
