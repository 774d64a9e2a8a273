import { CONTENT_SOURCES } from './content-sources.js';
import { runtimeConfigFromEnv } from './runtime-config.js';
import { contentSecurityPolicy, InsecureOriginError, serializeCsp } from './security-headers.js';

const HTTPS_PROVIDERS = {
  AUTH0_DOMAIN: 'academy.eu.auth0.com',
  RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
  NEWSLETTER_URL: 'https://forms.academy.example/newsletter',
  CONTACT_FORM_URL: 'https://forms.academy.example/contact',
};

describe('the Content Security Policy for each environment', () => {
  it('locally (npm start, the sandbox at :8090) allows exactly the sandbox, our own origin and the YouTube embed', () => {
    const policy = contentSecurityPolicy(runtimeConfigFromEnv({}, 'http://localhost:8090'), { production: false });
    expect(policy).toEqual({
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'", 'http://localhost:8090'],
      'script-src': ["'self'", 'http://localhost:8090'],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'http://localhost:8090'],
      'font-src': ["'self'", 'data:'],
      'media-src': ["'self'", 'blob:'],
      'worker-src': ["'self'", 'blob:'],
      'manifest-src': ["'self'"],
      'connect-src': ["'self'", 'http://localhost:8090'],
      'frame-src': ['http://localhost:8090', 'https://www.youtube-nocookie.com'],
      'report-uri': ['/api/csp-reports'],
    });
  });

  it('in production allows Auth0 (and its profile pictures) and Razorpay Checkout, over https only', () => {
    const policy = contentSecurityPolicy(runtimeConfigFromEnv(HTTPS_PROVIDERS), { production: true });
    expect(policy['script-src']).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(policy['frame-src']).toEqual([
      'https://academy.eu.auth0.com',
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://www.youtube-nocookie.com',
    ]);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://academy.eu.auth0.com',
      'https://checkout.razorpay.com',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
      'https://forms.academy.example',
    ]);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://academy.eu.auth0.com', 'https://s.gravatar.com', 'https://cdn.auth0.com']);
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(Object.values(policy).flat().filter((source) => source.startsWith('http:'))).toEqual([]);
  });

  it('names no wildcard, no inline script, no eval and not youtube.com itself (the privacy-enhanced host is enough)', () => {
    for (const production of [false, true]) {
      const env = production ? HTTPS_PROVIDERS : {};
      const csp = serializeCsp(contentSecurityPolicy(runtimeConfigFromEnv(env), { production }));
      expect(csp).not.toMatch(/ https?:(;|\s|$)/); // a bare scheme allows every origin
      expect(csp).not.toMatch(/ \*/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).not.toContain('https://www.youtube.com');
    }
  });

  it('allows object storage or a CDN (MEDIA_ORIGINS) for images, video and the player’s segment fetches', () => {
    const config = runtimeConfigFromEnv({ ...HTTPS_PROVIDERS, MEDIA_ORIGINS: 'https://media.academy.example/lectures, https://cdn.academy.example' });
    const policy = contentSecurityPolicy(config, { production: true });
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect([directive, policy[directive]]).toEqual([directive, expect.arrayContaining(['https://media.academy.example', 'https://cdn.academy.example'])]);
    }
    expect(policy['frame-src']).not.toContain('https://media.academy.example');
    expect(policy['script-src']).not.toContain('https://cdn.academy.example');
  });

  it('refuses a plain-http origin in production unless the test-only escape is set', () => {
    const sandbox = runtimeConfigFromEnv({}, 'http://localhost:9999');
    expect(() => contentSecurityPolicy(sandbox, { production: true })).toThrow(InsecureOriginError);
    const withMedia = runtimeConfigFromEnv({ ...HTTPS_PROVIDERS, MEDIA_ORIGINS: 'http://media.local' });
    expect(() => contentSecurityPolicy(withMedia, { production: true })).toThrow(/http:\/\/media\.local/);
    expect(contentSecurityPolicy(sandbox, { production: true, allowSandboxProviders: true })['script-src']).toEqual(["'self'", 'http://localhost:9999']);
  });

  it('every entry of the declared list says why it is there', () => {
    for (const source of CONTENT_SOURCES) expect(source.why.length).toBeGreaterThan(20);
  });
});
