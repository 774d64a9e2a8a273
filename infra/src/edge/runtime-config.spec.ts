import { runtimeConfigProblems } from '@academy/contracts';
import { runtimeConfigFromEnv } from './runtime-config.js';

describe('runtimeConfigFromEnv', () => {
  it('writes a config the browser accepts, pointing at the sandbox by default', () => {
    const config = runtimeConfigFromEnv({}, 'http://localhost:8090/');
    expect(runtimeConfigProblems(JSON.parse(JSON.stringify(config)))).toEqual([]);
    expect(config.razorpay.checkoutScriptUrl).toBe('http://localhost:8090/razorpay/checkout.js');
  });

  it('stops the edge at start, naming the setting, when a variable is blank', () => {
    expect(() => runtimeConfigFromEnv({ AUTH0_CLIENT_ID: '   ' })).toThrow(/clientId/);
  });
});
