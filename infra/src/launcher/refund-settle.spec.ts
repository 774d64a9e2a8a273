import { describe, expect, it } from '@jest/globals';
import { defaultRefundSettleMs, refundSettleSetting } from './refund-settle.js';

describe('refundSettleSetting (SANDBOX_REFUND_SETTLE_MS given to the sandbox)', () => {
  it('npm start: refunds settle by themselves after 5 s unless the environment says otherwise', () => {
    expect(defaultRefundSettleMs).toBe(5_000);
    expect(refundSettleSetting(undefined, {})).toBe('5000');
    expect(refundSettleSetting(undefined, { SANDBOX_REFUND_SETTLE_MS: ' ' })).toBe('5000');
    expect(refundSettleSetting(undefined, { SANDBOX_REFUND_SETTLE_MS: '20000' })).toBe('20000');
    expect(refundSettleSetting(undefined, { SANDBOX_REFUND_SETTLE_MS: 'off' })).toBe('off');
  });

  it('the option (journeys, fault runs) wins over the environment', () => {
    expect(refundSettleSetting(4_000, { SANDBOX_REFUND_SETTLE_MS: '20000' })).toBe('4000');
    expect(refundSettleSetting('off', { SANDBOX_REFUND_SETTLE_MS: '20000' })).toBe('off');
    expect(refundSettleSetting(0, {})).toBe('0');
  });
});
