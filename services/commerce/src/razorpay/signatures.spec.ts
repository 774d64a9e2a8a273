import { createHmac } from 'node:crypto';
import { hexEquals, isValidPaymentSignature, isValidWebhookSignature } from './signatures.js';

const sign = (secret: string, text: string | Buffer) => createHmac('sha256', secret).update(text).digest('hex');

describe('Razorpay signatures', () => {
  it.each([
    ['the exact signature', sign('secret', 'order_1|pay_1'), true],
    ['upper-case hex of it', sign('secret', 'order_1|pay_1').toUpperCase(), true],
    ['another secret', sign('other', 'order_1|pay_1'), false],
    ['the ids swapped', sign('secret', 'pay_1|order_1'), false],
    ['a truncated signature', sign('secret', 'order_1|pay_1').slice(0, 62), false],
    ['not hex', 'z'.repeat(64), false],
    ['empty', '', false],
  ])('payment signature: %s → %s', (_label, signature, expected) => {
    expect(isValidPaymentSignature('order_1', 'pay_1', signature, 'secret')).toBe(expected);
  });

  it('checks webhook signatures over the raw bytes, not a re-serialisation', () => {
    const raw = Buffer.from('{"event":"payment.captured",  "x":1}');
    expect(isValidWebhookSignature(raw, sign('wh', raw), 'wh')).toBe(true);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())));
    expect(isValidWebhookSignature(reserialised, sign('wh', raw), 'wh')).toBe(false);
  });

  it('treats different lengths as unequal without throwing', () => {
    expect(hexEquals('abcd', 'ab')).toBe(false);
  });
});
