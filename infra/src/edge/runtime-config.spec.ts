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

  it('names the TURN relays for live classes\' WebRTC when TURN_URLS is set, and none otherwise', () => {
    expect(runtimeConfigFromEnv({}).iceServers).toBeUndefined();
    const config = runtimeConfigFromEnv({ TURN_URLS: 'turn:turn.example:3478?transport=udp, turns:turn.example:443?transport=tcp', TURN_USERNAME: 'academy', TURN_PASSWORD: 'pass-word' });
    expect(config.iceServers).toEqual([{ urls: ['turn:turn.example:3478?transport=udp', 'turns:turn.example:443?transport=tcp'], username: 'academy', credential: 'pass-word' }]);
    expect(runtimeConfigProblems(JSON.parse(JSON.stringify(config)))).toEqual([]);
    expect(runtimeConfigProblems({ ...config, iceServers: [{ urls: 'turn:one' }] })).toEqual([expect.stringMatching(/^iceServers\.0\.urls/)]);
  });
});
