import Razorpay from 'razorpay';
import { DEFAULT_RAZORPAY_OPTIONS } from '../config.js';

/**
 * The real SDK, pointed at the sandbox the way commerce does it: its axios client is `rzp.api.rq` and it adds
 * `/v1` to every path, so the base URL is `<sandbox>/razorpay`.
 */
export function razorpayClientFor(
  sandboxBaseUrl: string,
  credentials: { keyId: string; keySecret: string } = DEFAULT_RAZORPAY_OPTIONS,
): Razorpay {
  const client = new Razorpay({ key_id: credentials.keyId, key_secret: credentials.keySecret });
  (client.api as unknown as { rq: { defaults: { baseURL?: string } } }).rq.defaults.baseURL = new URL('razorpay', sandboxBaseUrl).href;
  return client;
}

/** What the SDK rejects with (its `normalizeError`): the HTTP status and Razorpay's error object. */
export interface SdkError {
  statusCode: number;
  error: { code: string; description: string; field?: string | null; source?: string; step?: string; reason?: string };
}

export async function sdkFailure(call: Promise<unknown>): Promise<SdkError> {
  try {
    await call;
  } catch (error) {
    return error as SdkError;
  }
  throw new Error('expected the SDK call to fail');
}
