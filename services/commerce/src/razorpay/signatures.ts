import { createHmac, timingSafeEqual } from 'node:crypto';

/** Compares two hex strings in constant time (different lengths are simply unequal). */
export function hexEquals(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(receivedHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const received = Buffer.from(receivedHex, 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/** Checkout's signature: hex HMAC-SHA256(key_secret, `order_id|payment_id`). */
export function isValidPaymentSignature(orderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  const expected = createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
  return hexEquals(expected, signature);
}

/** A webhook's `X-Razorpay-Signature`: hex HMAC-SHA256(webhook_secret, raw body bytes). */
export function isValidWebhookSignature(rawBody: Buffer, signature: string, webhookSecret: string): boolean {
  const expected = createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
  return hexEquals(expected, signature);
}
