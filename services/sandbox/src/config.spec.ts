import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PORTAL_ORIGINS, DEFAULT_RAZORPAY_OPTIONS, readSandboxEnvironment, sandboxBindAddress, sandboxProductionRefusal } from './config.js';

describe('readSandboxEnvironment', () => {
  it('uses the documented defaults', () => {
    const { port, options } = readSandboxEnvironment({});
    expect(port).toBe(8090);
    expect(options.publicUrl).toBe('http://localhost:8090/');
    expect(options.portalOrigins).toEqual(DEFAULT_PORTAL_ORIGINS);
    expect(options.portalOrigins).toContain('http://localhost:8080');
    expect(options.clientId).toBe('academy-portal');
    expect(options.apiAudience).toBe('https://api.academy.local');
    expect(options.newsletterFormKey).toBe('sandbox-newsletter-key');
    expect(options.contactFormId).toBe('sandbox-contact-form');
    expect(options.dataDir).toMatch(/\.data[/\\]sandbox$/);
    expect(options.razorpay).toMatchObject({
      keyId: 'rzp_test_sandbox',
      keySecret: 'sandbox_key_secret',
      webhookSecret: 'sandbox_webhook_secret',
      webhookUrl: undefined,
      refundSettleMs: 5_000,
    });
  });

  it('reads SANDBOX_REFUND_SETTLE_MS: milliseconds, or off; tests building their options get off', () => {
    const settle = (raw: string) => readSandboxEnvironment({ SANDBOX_REFUND_SETTLE_MS: raw }).options.razorpay.refundSettleMs;
    expect(settle('1500')).toBe(1_500);
    expect(settle('0')).toBe(0);
    expect(settle(' off ')).toBeNull();
    expect(settle('OFF')).toBeNull();
    expect(settle('')).toBe(5_000);
    for (const bad of ['-1', '2s', '1.5', 'never', '86400001']) expect(() => settle(bad)).toThrow(/SANDBOX_REFUND_SETTLE_MS/);
    expect(DEFAULT_RAZORPAY_OPTIONS.refundSettleMs).toBeNull();
  });

  it('reads the Razorpay keys and webhook URL', () => {
    const { options } = readSandboxEnvironment({
      RAZORPAY_KEY_ID: 'rzp_test_other',
      RAZORPAY_KEY_SECRET: 'other_secret',
      RAZORPAY_WEBHOOK_SECRET: 'other_webhook_secret',
      RAZORPAY_WEBHOOK_URL: 'http://localhost:8080/api/payments/razorpay/webhook',
    });
    expect(options.razorpay).toMatchObject({
      keyId: 'rzp_test_other',
      keySecret: 'other_secret',
      webhookSecret: 'other_webhook_secret',
      webhookUrl: 'http://localhost:8080/api/payments/razorpay/webhook',
    });
    expect(() => readSandboxEnvironment({ RAZORPAY_WEBHOOK_URL: 'localhost:8080/hook' })).toThrow(/RAZORPAY_WEBHOOK_URL/);
  });

  it('follows the port, adds the issuer slash and normalises the portal origins', () => {
    const { port, options } = readSandboxEnvironment({
      SANDBOX_PORT: '9191',
      PORTAL_ORIGINS: 'http://localhost:8181/, https://portal.example ',
    });
    expect(port).toBe(9191);
    expect(options.publicUrl).toBe('http://localhost:9191/');
    expect(options.portalOrigins).toEqual(['http://localhost:8181', 'https://portal.example']);
    expect(readSandboxEnvironment({ SANDBOX_PUBLIC_URL: 'http://127.0.0.1:5000' }).options.publicUrl).toBe('http://127.0.0.1:5000/');
  });

  it('names the bad variable', () => {
    expect(() => readSandboxEnvironment({ SANDBOX_PORT: 'eighty' })).toThrow(/SANDBOX_PORT/);
    expect(() => readSandboxEnvironment({ PORTAL_ORIGINS: 'ftp://x' })).toThrow(/PORTAL_ORIGINS/);
  });
});

describe('sandboxProductionRefusal', () => {
  it('refuses NODE_ENV=production unless ALLOW_SANDBOX_PROVIDERS=true', () => {
    expect(sandboxProductionRefusal({ NODE_ENV: 'production' })).toContain('NODE_ENV=production');
    expect(sandboxProductionRefusal({ NODE_ENV: 'production', ALLOW_SANDBOX_PROVIDERS: 'true' })).toBeUndefined();
    expect(sandboxProductionRefusal({ NODE_ENV: 'development' })).toBeUndefined();
  });

  it('binds to loopback unless HOST or BIND_ADDRESS is set', () => {
    expect(sandboxBindAddress({})).toBe('127.0.0.1');
    expect(sandboxBindAddress({ BIND_ADDRESS: '0.0.0.0' })).toBe('0.0.0.0');
  });
});
