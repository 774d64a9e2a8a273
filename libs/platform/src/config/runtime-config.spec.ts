import { loadRuntimeConfig, parseRuntimeConfig, resetRuntimeConfigCache, RuntimeConfigError, type RuntimeConfig } from './runtime-config';

const validConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  auth0: { domain: 'http://localhost:8090', clientId: 'academy-portal', audience: 'https://api.academy.local', claimsNamespace: 'https://academy.example/' },
  remotes: { learner: '/mfe/learner/mf-manifest.json', educator: '/mfe/educator/mf-manifest.json', info: '/mfe/info/mf-manifest.json' },
  remoteLoadTimeoutMs: 10000,
  razorpay: { keyId: 'rzp_test_sandbox', checkoutScriptUrl: 'http://localhost:8090/razorpay/checkout.js' },
  forms: { newsletterUrl: 'http://localhost:8090/forms/newsletter', newsletterKey: 'k', contactUrl: 'http://localhost:8090/forms/contact', contactFormId: 'f' },
  whatsappNumber: '919800000000',
  socialLinks: { instagram: 'https://www.instagram.com/', youtube: 'https://www.youtube.com/' },
};

// jsdom has no structuredClone.
const deepCopy = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function problemsOf(input: unknown): string[] {
  try {
    parseRuntimeConfig(input);
  } catch (error) {
    if (error instanceof RuntimeConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('parseRuntimeConfig', () => {
  it('accepts the documented shape', () => {
    expect(parseRuntimeConfig(deepCopy(validConfig))).toEqual(validConfig);
  });

  it('leaves the fields to the edge, which checks them before serving the file', () => {
    const { razorpay: _razorpay, ...withoutRazorpay } = validConfig;
    expect(parseRuntimeConfig(withoutRazorpay)).toEqual(withoutRazorpay);
  });

  it('rejects a non-object with a readable message', () => {
    for (const notSettings of [[], null, 'settings', 42]) {
      expect(problemsOf(notSettings)).toEqual(['the file must contain a JSON object']);
    }
    expect(() => parseRuntimeConfig([])).toThrow('runtime-config.json is invalid: the file must contain a JSON object');
  });
});

describe('loadRuntimeConfig', () => {
  beforeEach(() => resetRuntimeConfigCache());

  const jsonResponse = (body: unknown, status = 200) =>
    ({ ok: status < 400, status, json: async () => body }) as unknown as Response;

  it('fetches /runtime-config.json once and shares the result', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse(validConfig));
    const [first, second] = await Promise.all([loadRuntimeConfig(fetchImpl), loadRuntimeConfig(fetchImpl)]);
    expect(first).toEqual(validConfig);
    expect(second).toBe(first);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith('/runtime-config.json', expect.anything());
  });

  it('explains an HTTP failure and tries again on the next call', async () => {
    const fetchImpl = jest.fn(async () => jsonResponse({}, 404));
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow('Could not fetch /runtime-config.json: HTTP 404');
    fetchImpl.mockImplementation(async () => jsonResponse(validConfig));
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual(validConfig);
  });

  it('explains invalid JSON', async () => {
    const fetchImpl = jest.fn(async () => ({ ok: true, status: 200, json: async () => { throw new SyntaxError('x'); } }) as unknown as Response);
    await expect(loadRuntimeConfig(fetchImpl)).rejects.toThrow('/runtime-config.json is not valid JSON');
  });
});
