import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runtimeConfigProblems, type RuntimeConfig } from '@academy/contracts';
import { infraDir } from '../paths.js';
import { runtimeConfigFileProblems, runtimeConfigFromEnv } from './runtime-config.js';

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

describe('runtimeConfigProblems (the check the edge makes, since the browser makes none)', () => {
  const valid = (): RuntimeConfig => JSON.parse(JSON.stringify(runtimeConfigFromEnv({}))) as RuntimeConfig;

  it('names each missing or malformed field', () => {
    const broken = { ...valid(), remoteLoadTimeoutMs: -1 };
    broken.auth0.clientId = '';
    delete (broken.remotes as Partial<RuntimeConfig['remotes']>).info;
    expect(runtimeConfigProblems(broken)).toEqual([
      'auth0.clientId must be a non-empty string',
      'remotes.info must be a non-empty string',
      'remoteLoadTimeoutMs must be a positive number of milliseconds',
    ]);
  });

  it('reports a missing section once rather than each of its fields', () => {
    const { razorpay: _razorpay, ...withoutRazorpay } = valid();
    expect(runtimeConfigProblems(withoutRazorpay)).toEqual(['razorpay must be an object']);
  });
});

describe('runtimeConfigFileProblems (npm run check:runtime-config)', () => {
  const exampleFile = path.join(infraDir, 'deploy', 'runtime-config.json');
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'runtime-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the Kubernetes example the operations guide applies', () => {
    expect(runtimeConfigFileProblems(exampleFile)).toEqual([]);
  });

  it('names the field an operator broke, and says when the file is not JSON or missing', () => {
    const edited = JSON.parse(readFileSync(exampleFile, 'utf8')) as RuntimeConfig;
    edited.remotes.learner = ' ';
    const file = path.join(dir, 'runtime-config.json');
    writeFileSync(file, JSON.stringify(edited));
    expect(runtimeConfigFileProblems(file)).toEqual(['remotes.learner must be a non-empty string']);
    writeFileSync(file, '{ "apiBaseUrl": "/api",');
    expect(runtimeConfigFileProblems(file)).toEqual([expect.stringMatching(/^is not JSON: /)]);
    expect(runtimeConfigFileProblems(path.join(dir, 'absent.json'))).toEqual([expect.stringMatching(/^cannot be read: /)]);
  });
});
