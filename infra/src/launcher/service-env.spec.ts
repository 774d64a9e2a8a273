import { describe, expect, it } from '@jest/globals';
import { serviceEnvironment, type ServiceEnvInput } from './service-env.js';

const input = (extraPortalOrigins?: string[]): ServiceEnvInput => ({
  env: {},
  urls: {
    portalUrl: 'http://localhost:8080',
    sandboxUrl: 'http://localhost:4100',
    serviceUrls: { catalogue: 'http://127.0.0.1:3101', commerce: 'http://127.0.0.1:3102', progress: 'http://127.0.0.1:3103' },
  },
  ports: { portal: 8080, sandbox: 4100, smtp: 4101 },
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/academy',
  redisUrl: 'redis://127.0.0.1:6379',
  queuePrefix: 'academy',
  objectStoreEnv: {},
  janus: { url: null, source: 'unavailable', stop: async () => undefined },
  sandboxDataDir: '/tmp/academy-sandbox',
  refundSettleMs: undefined,
  extraPortalOrigins,
  authEnv: undefined,
});

describe('serviceEnvironment', () => {
  it('lets the portal, its dev servers and any extra origin sign in through the sandbox', () => {
    const origins = (extra?: string[]) => serviceEnvironment(input(extra)).PORTAL_ORIGINS!.split(',');
    expect(origins()).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://localhost:3001']));
    expect(origins()).not.toContain('http://localhost:20001');
    expect(origins(['http://localhost:20001', 'http://127.0.0.1:20001'])).toEqual(expect.arrayContaining(['http://localhost:8080', 'http://localhost:20001', 'http://127.0.0.1:20001']));
  });
});
