import { z } from 'zod';
import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { bindAddressFrom, ConfigError, coreConfigShape, jwksUrlOf, loadConfig } from './config.js';

const validEnv = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/academy',
  REDIS_URL: 'redis://127.0.0.1:6379',
  AUTH_ISSUER: 'http://localhost:8090/',
  AUTH_AUDIENCE: 'https://api.academy.local',
  INTERNAL_TOKEN: 'a-long-internal-token',
};

describe('loadConfig', () => {
  it('parses a valid environment and applies defaults', () => {
    const config = loadConfig(coreConfigShape, { ...validEnv, PORT: '3103' });
    expect(config.PORT).toBe(3103);
    expect(config.QUEUE_PREFIX).toBe('academy');
    expect(config.AUTH_CLAIMS_NAMESPACE).toBe('https://academy.example/');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it.each([
    ['DATABASE_URL', undefined, 'DATABASE_URL is required'],
    ['DATABASE_URL', '', 'DATABASE_URL is required'],
    ['AUTH_ISSUER', 'not a url', 'AUTH_ISSUER invalid url'],
    ['PORT', 'abc', 'PORT invalid input: expected number, received nan'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL invalid option'],
    ['INTERNAL_TOKEN', 'short', 'INTERNAL_TOKEN too small'],
  ])('reports %s=%p as "%s"', (name, value, expected) => {
    const env: Record<string, string | undefined> = { ...validEnv, [name]: value };
    expect(() => loadConfig(coreConfigShape, env)).toThrow(ConfigError);
    try {
      loadConfig(coreConfigShape, env);
    } catch (error) {
      expect((error as ConfigError).message).toMatch(/^Invalid configuration: /);
      expect((error as ConfigError).problems.join('\n').toLowerCase()).toContain(expected.toLowerCase());
    }
  });

  it('names every problem at once', () => {
    expect(() => loadConfig(coreConfigShape, {})).toThrow(
      'Invalid configuration: DATABASE_URL is required; REDIS_URL is required; AUTH_ISSUER is required; ' +
        'AUTH_AUDIENCE is required; INTERNAL_TOKEN is required',
    );
  });

  it('validates service-specific variables alongside the core ones', () => {
    const shape = { ...coreConfigShape, CATALOGUE_URL: z.string().url() };
    expect(() => loadConfig(shape, validEnv)).toThrow('CATALOGUE_URL is required');
    expect(loadConfig(shape, { ...validEnv, CATALOGUE_URL: 'http://localhost:3101' }).CATALOGUE_URL).toBe(
      'http://localhost:3101',
    );
  });
});

describe('jwksUrlOf', () => {
  it.each([
    [{ AUTH_ISSUER: 'http://localhost:8090/' }, 'http://localhost:8090/.well-known/jwks.json'],
    [{ AUTH_ISSUER: 'https://tenant.auth0.com' }, 'https://tenant.auth0.com/.well-known/jwks.json'],
    [{ AUTH_ISSUER: 'http://x/', AUTH_JWKS_URL: 'http://keys/jwks' }, 'http://keys/jwks'],
  ])('%p → %s', (config, expected) => {
    expect(jwksUrlOf(config)).toBe(expected);
  });
});

describe('production guard', () => {
  const productionEnv = {
    ...validEnv,
    NODE_ENV: 'production',
    AUTH_ISSUER: 'https://tenant.auth0.com/',
    // Generated at run time: a literal here would be a value written in the repository, which production refuses.
    INTERNAL_TOKEN: randomBytes(20).toString('hex'),
    RAZORPAY_KEY_ID: 'rzp_live_Hq7Lr2Zp9Wm4Tn',
  };

  it('accepts a production environment without sandbox settings', () => {
    expect(loadConfig(coreConfigShape, productionEnv).AUTH_ISSUER).toBe('https://tenant.auth0.com/');
  });

  it.each([
    ['RAZORPAY_API_URL', 'http://localhost:8090/razorpay', 'RAZORPAY_API_URL must not be set'],
    ['RAZORPAY_KEY_ID', 'rzp_test_sandbox', 'RAZORPAY_KEY_ID is a test key'],
    ['AUTH_ISSUER', 'http://localhost:8090/', 'AUTH_ISSUER must be an https://'],
    ['RAZORPAY_KEY_SECRET', 'sandbox_key_secret', 'RAZORPAY_KEY_SECRET is a sandbox default secret'],
    ['RAZORPAY_WEBHOOK_SECRET', 'sandbox_webhook_secret', 'RAZORPAY_WEBHOOK_SECRET is a sandbox default secret'],
    ['INTERNAL_TOKEN', 'f3b1c9e27d4a86b05e9c2d7f', 'INTERNAL_TOKEN must be at least 32 characters'],
    ['RAZORPAY_WEBHOOK_SECRET', 'REPLACE_ME', 'RAZORPAY_WEBHOOK_SECRET is a placeholder or test value'],
    ['RAZORPAY_WEBHOOK_SECRET', 'f3b1c9e27d4a86b05e9c2d7f', 'RAZORPAY_WEBHOOK_SECRET must be at least 32 characters'],
    ['MEDIA_LINK_SECRET', 'test-media-link-secret-0123456789abcdef', 'MEDIA_LINK_SECRET is a value written in the repository'],
    ['OPERATOR_TOKEN', 'x'.repeat(40), 'OPERATOR_TOKEN is a placeholder or test value'],
    ['RAZORPAY_KEY_ID', 'REPLACE_ME', 'RAZORPAY_KEY_ID must be a live key'],
  ])('refuses %s=%p in production, naming it', (name, value, expected) => {
    const env = { ...productionEnv, [name]: value };
    expect(() => loadConfig(coreConfigShape, env)).toThrow(expected);
    // The same settings are fine outside production (local runs and tests use the sandbox).
    expect(() => loadConfig(coreConfigShape, { ...env, NODE_ENV: 'development' })).not.toThrow();
  });

  it('lets ALLOW_SANDBOX_PROVIDERS=true through, with a loud warning', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const env = { ...productionEnv, RAZORPAY_API_URL: 'http://localhost:8090/razorpay', ALLOW_SANDBOX_PROVIDERS: 'true' };
    expect(() => loadConfig(coreConfigShape, env)).not.toThrow();
    expect(warn.mock.calls.flat().join(' ')).toContain('ALLOW_SANDBOX_PROVIDERS=true');
    warn.mockRestore();
    expect(() => loadConfig(coreConfigShape, { ...env, ALLOW_SANDBOX_PROVIDERS: 'yes' })).toThrow('RAZORPAY_API_URL');
  });
});

describe('bindAddressFrom', () => {
  it.each([
    [{}, '127.0.0.1'],
    [{ HOST: '0.0.0.0' }, '0.0.0.0'],
    [{ BIND_ADDRESS: '10.0.0.5' }, '10.0.0.5'],
    [{ HOST: ' ' }, '127.0.0.1'],
  ])('%p → %s', (env, expected) => {
    expect(bindAddressFrom(env)).toBe(expected);
  });
});
