import { z } from 'zod';
import { loadRuntimeConfig } from './runtime-config';

const config = {
  apiBaseUrl: '/api',
  auth0: { domain: 'http://localhost:8090', clientId: 'academy-portal', audience: 'https://api.academy.local', claimsNamespace: 'https://academy.example/' },
  remotes: { learner: '/mfe/learner/mf-manifest.json', educator: '/mfe/educator/mf-manifest.json', info: '/mfe/info/mf-manifest.json' },
  remoteLoadTimeoutMs: 10000,
  razorpay: { keyId: 'rzp_test_sandbox', checkoutScriptUrl: 'http://localhost:8090/razorpay/checkout.js' },
  forms: { newsletterUrl: 'http://localhost:8090/forms/newsletter', newsletterKey: 'k', contactUrl: 'http://localhost:8090/forms/contact', contactFormId: 'f' },
  whatsappNumber: '919800000000',
  socialLinks: { instagram: 'https://www.instagram.com/', youtube: 'https://www.youtube.com/' },
};

// The portal's Content Security Policy forbids eval: a page must never construct a Function from text, not even
// zod's one probe for it (a refused probe still files a violation report).
it('parses the runtime config and later schemas without ever calling new Function', async () => {
  const RealFunction = globalThis.Function;
  const constructed: unknown[][] = [];
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: unknown[]) {
      constructed.push(args);
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    const fetchImpl = async () => ({ ok: true, status: 200, json: async () => config }) as unknown as Response;
    await loadRuntimeConfig(fetchImpl);
    expect(z.object({ name: z.string(), count: z.number() }).parse({ name: 'x', count: 1 })).toEqual({ name: 'x', count: 1 });
    expect(constructed).toEqual([]);
  } finally {
    globalThis.Function = RealFunction;
  }
});

it('also holds for a copy of zod that loads after the runtime config, as a remote’s does', async () => {
  const RealFunction = globalThis.Function;
  const constructed: unknown[][] = [];
  jest.resetModules();
  delete (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig;
  try {
    const { loadRuntimeConfig: loadAgain } = await import('./runtime-config');
    await loadAgain(async () => ({ ok: true, status: 200, json: async () => config }) as unknown as Response);
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: unknown[]) {
        constructed.push(args);
        return Reflect.construct(target, args) as object;
      },
    });
    const { z: laterZod } = await import('zod');
    expect(laterZod.object({ name: laterZod.string() }).parse({ name: 'x' })).toEqual({ name: 'x' });
    expect(constructed).toEqual([]);
  } finally {
    globalThis.Function = RealFunction;
  }
});
