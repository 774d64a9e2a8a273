import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { BrowserClient } from './browser-client.js';
import {
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  TEST_PORTAL_ORIGIN,
  authorizeUrl,
  callTokenEndpoint,
  makePkcePair,
  makeTemporaryDataDir,
  openLoginPage,
  signIn,
  startSandbox,
  type RunningSandbox,
} from '../testing/sandbox-server.js';

const ROLES = 'https://academy.example/roles';
const NS = 'https://academy.example/';

describe('sign-in sandbox over HTTP (authorization code + PKCE, as auth0-spa-js drives it)', () => {
  let sandbox: RunningSandbox;
  let removeDataDir: () => Promise<void>;

  const verifyAccessToken = async (token: string) => {
    const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', sandbox.baseUrl));
    return jwtVerify(token, jwks, { issuer: sandbox.baseUrl, audience: TEST_AUDIENCE, algorithms: ['RS256'] });
  };
  const verifyIdToken = async (token: string) => {
    const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', sandbox.baseUrl));
    return jwtVerify(token, jwks, { issuer: sandbox.baseUrl, audience: TEST_CLIENT_ID, algorithms: ['RS256'] });
  };

  beforeAll(async () => {
    const temporary = await makeTemporaryDataDir();
    removeDataDir = temporary.remove;
    sandbox = await startSandbox(temporary.dataDir);
  });

  afterAll(async () => {
    await sandbox.close();
    await removeDataDir();
  });

  it('shows a login page with the demo accounts, labelled fields and the sign-up form', async () => {
    const browser = new BrowserClient(sandbox.baseUrl);
    const { html } = await openLoginPage(browser, sandbox.baseUrl, makePkcePair(), 'page');
    expect(html).toContain('>Sign in as Meera Iyer</button>');
    expect(html).toContain('>Sign in as Aarav Sharma</button>');
    expect(html).toContain('>Sign in as Diya Patel</button>');
    expect(html).toContain('<label for="signin-email">');
    expect(html).toContain('<label for="signup-password">');
    expect(html).toContain('Create a student account');
    expect(html).toContain('name="viewport"');
    expect(html).toContain(`src="${sandbox.baseUrl}avatars/educator-meera.svg"`);
  });

  it('signs the demo educator in: access token verifies against the JWKS and carries the educator role', async () => {
    const tokens = await signIn(sandbox, 'demo', { subject: 'sandbox|educator-meera' });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(tokens.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));

    expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
    const { payload: access } = await verifyAccessToken(tokens.access_token);
    expect(access.sub).toBe('sandbox|educator-meera');
    expect(access[ROLES]).toEqual(['educator']);
    expect(access[`${NS}name`]).toBe('Meera Iyer');
    expect(access[`${NS}email`]).toBe('meera@demo.academy');
    expect(access[`${NS}picture`]).toBe(`${sandbox.baseUrl}avatars/educator-meera.svg`);

    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256');
    const { payload: id } = await verifyIdToken(tokens.id_token);
    expect(id.sub).toBe('sandbox|educator-meera');
    expect(id.name).toBe('Meera Iyer');
    expect(id.email).toBe('meera@demo.academy');
    expect(id.picture).toBe(`${sandbox.baseUrl}avatars/educator-meera.svg`);
    expect(id[ROLES]).toEqual(['educator']);
    expect(id.nonce).toEqual(expect.any(String));

    const avatar = await fetch(String(id.picture));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
    expect(await avatar.text()).toContain('>MI</text>');
  });

  it('gives a demo student an empty roles claim', async () => {
    const tokens = await signIn(sandbox, 'demo', { subject: 'sandbox|student-aarav' });
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload.sub).toBe('sandbox|student-aarav');
    expect(payload[ROLES]).toEqual([]);
    expect(payload[`${NS}name`]).toBe('Aarav Sharma');
  });

  it('signs a demo classmate in with the demo password, though classmates are not offered on the page', async () => {
    const browser = new BrowserClient(sandbox.baseUrl);
    const { html } = await openLoginPage(browser, sandbox.baseUrl, makePkcePair(), 'classmate');
    expect(html).not.toContain('Ishaan Verma');
    const tokens = await signIn(sandbox, 'login', { email: 'ishaan@demo.academy', password: 'learn-academy' });
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload.sub).toBe('sandbox|student-ishaan');
    expect(payload[`${NS}name`]).toBe('Ishaan Verma');
    expect(payload[ROLES]).toEqual([]);
  });

  it('signs in with email and password, and refuses a wrong password with a readable error', async () => {
    const browser = new BrowserClient(sandbox.baseUrl);
    const { uid } = await openLoginPage(browser, sandbox.baseUrl, makePkcePair(), 'wrong');
    const refused = await browser.request(`/interaction/${uid}/login`, {
      form: { email: 'diya@demo.academy', password: 'not-the-password' },
    });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('That email and password do not match an account.');

    const tokens = await signIn(sandbox, 'login', { email: 'Diya@Demo.Academy', password: 'learn-academy' });
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload.sub).toBe('sandbox|student-diya');
  });

  it('signs a browser with a live session straight back in (consent is automatic) and accepts the slash redirect URI', async () => {
    const browser = new BrowserClient(sandbox.baseUrl);
    await signIn(sandbox, 'demo', { subject: 'sandbox|student-diya' }, browser);
    const pkce = makePkcePair();
    const { location } = await browser.followRedirects(
      await browser.request(authorizeUrl(sandbox.baseUrl, pkce, 'again', { redirect_uri: `${TEST_PORTAL_ORIGIN}/` })),
    );
    const redirect = new URL(location ?? 'about:blank');
    expect(redirect.href.startsWith(`${TEST_PORTAL_ORIGIN}/?`)).toBe(true);
    expect(redirect.searchParams.get('state')).toBe('again');
    const { status, body } = await callTokenEndpoint(sandbox.baseUrl, {
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      code_verifier: pkce.verifier,
      redirect_uri: `${TEST_PORTAL_ORIGIN}/`,
    });
    expect(status).toBe(200);
    const { payload } = await verifyAccessToken(body.access_token as string);
    expect(payload.sub).toBe('sandbox|student-diya');
    expect(body.refresh_token).toEqual(expect.any(String));
  });

  it('refreshes with rotation: the new refresh token works, the used one does not', async () => {
    const tokens = await signIn(sandbox, 'demo', { subject: 'sandbox|educator-meera' });
    const refreshed = await callTokenEndpoint(sandbox.baseUrl, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      // auth0-spa-js repeats its authorization parameters on refresh.
      scope: 'openid profile email offline_access',
      audience: TEST_AUDIENCE,
      redirect_uri: TEST_PORTAL_ORIGIN,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.allowOrigin).toBe(TEST_PORTAL_ORIGIN);
    const newRefreshToken = refreshed.body.refresh_token as string;
    expect(newRefreshToken).toEqual(expect.any(String));
    expect(newRefreshToken).not.toBe(tokens.refresh_token);
    const { payload } = await verifyAccessToken(refreshed.body.access_token as string);
    expect(payload[ROLES]).toEqual(['educator']);
    const { payload: id } = await verifyIdToken(refreshed.body.id_token as string);
    expect(id.name).toBe('Meera Iyer');

    const reused = await callTokenEndpoint(sandbox.baseUrl, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('answers the CORS preflight of the token endpoint for the portal origin only', async () => {
    const preflight = (origin: string) =>
      fetch(new URL('oauth/token', sandbox.baseUrl), {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,auth0-client',
        },
      });
    const allowed = await preflight(TEST_PORTAL_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(TEST_PORTAL_ORIGIN);
    expect(allowed.headers.get('access-control-allow-headers')).toContain('auth0-client');

    const foreign = await fetch(new URL('oauth/token', sandbox.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
      body: new URLSearchParams({ client_id: TEST_CLIENT_ID, grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('rejects an authorization request without PKCE', async () => {
    const url = new URL('authorize', sandbox.baseUrl);
    url.search = new URLSearchParams({
      client_id: TEST_CLIENT_ID,
      redirect_uri: TEST_PORTAL_ORIGIN,
      response_type: 'code',
      scope: 'openid',
      state: 's',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '', sandbox.baseUrl);
    expect(location.origin).toBe(TEST_PORTAL_ORIGIN);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('signs up a student who then signs in with the password, and refuses a duplicate email', async () => {
    const email = `learner-${Date.now()}@example.com`;
    const signUpTokens = await signIn(sandbox, 'signup', { name: 'Kabir Rao', email, password: 'sunny-days-8' });
    const { payload: first } = await verifyAccessToken(signUpTokens.access_token);
    expect(first[ROLES]).toEqual([]);
    expect(first[`${NS}name`]).toBe('Kabir Rao');
    expect(first[`${NS}email`]).toBe(email);
    expect(String(first.sub)).toMatch(/^sandbox\|student-[0-9a-f]+$/);

    const again = await signIn(sandbox, 'login', { email, password: 'sunny-days-8' });
    const { payload: second } = await verifyAccessToken(again.access_token);
    expect(second.sub).toBe(first.sub);

    const picture = await fetch(String(first[`${NS}picture`]));
    expect(await picture.text()).toContain('>KR</text>');

    const browser = new BrowserClient(sandbox.baseUrl);
    const { uid } = await openLoginPage(browser, sandbox.baseUrl, makePkcePair(), 'dup');
    const duplicate = await browser.request(`/interaction/${uid}/signup`, {
      form: { name: 'Someone Else', email: email.toUpperCase(), password: 'another-pass' },
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain('An account with this email already exists.');

    const short = await browser.request(`/interaction/${uid}/signup`, {
      form: { name: 'Short Pass', email: 'short@example.com', password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('Your password needs at least 8 characters.');
  });

  it('offers the demo parent and a parent sign-up: both carry the parent role; a parent error stays in its form', async () => {
    const browser = new BrowserClient(sandbox.baseUrl);
    const { html, uid } = await openLoginPage(browser, sandbox.baseUrl, makePkcePair(), 'parent');
    expect(html).toContain('>Sign in as Kavita Sharma</button>');
    expect(html).toContain('Parent · kavita@demo.academy');
    expect(html).toContain('Create a parent account');
    expect(html).toContain('<label for="parent-signup-email">');
    // "I'm a parent" on the first screen, before the demo accounts: it brings the parent form first, focused.
    const choice = html.indexOf(`<a class="choice" href="/interaction/${uid}?as=parent">I'm a parent</a>`);
    expect(choice).toBeGreaterThan(0);
    expect(choice).toBeLessThan(html.indexOf('id="demo-heading"'));
    const parentFirst = await (await browser.request(`/interaction/${uid}?as=parent`)).text();
    expect(parentFirst.indexOf('id="parent-signup-heading"')).toBeLessThan(parentFirst.indexOf('id="demo-heading"'));
    expect(parentFirst).toMatch(/id="parent-signup-name"[^>]* autofocus/);
    expect(parentFirst).not.toMatch(/id="signup-name"[^>]* autofocus/);

    const demo = await signIn(sandbox, 'demo', { subject: 'sandbox|parent-kavita' });
    expect((await verifyAccessToken(demo.access_token)).payload[ROLES]).toEqual(['parent']);

    const email = `parent-${Date.now()}@example.com`;
    const tokens = await signIn(sandbox, 'signup', { name: 'Neha Rao', email, password: 'sunny-days-8', role: 'parent' });
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload[ROLES]).toEqual(['parent']);
    expect(String(payload.sub)).toMatch(/^sandbox\|parent-[0-9a-f]+$/);
    // Signing in again later keeps the role (it is stored with the account).
    const again = await signIn(sandbox, 'login', { email, password: 'sunny-days-8' });
    expect((await verifyAccessToken(again.access_token)).payload[ROLES]).toEqual(['parent']);

    const bad = await browser.request(`/interaction/${uid}/signup`, { form: { name: '', email: 'x@example.com', password: 'sunny-days-8', role: 'parent' } });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('id="parent-signup-name" name="name" type="text" autocomplete="name" required value="" aria-describedby="parent-signup-error" aria-invalid="true"');
    expect(page).toContain('<p class="error" id="parent-signup-error" role="alert">Please enter your name.</p>');
  });

  it('offers the demo academy administrator, whose token carries the academy-admin role', async () => {
    const browser = new BrowserClient(sandbox.baseUrl);
    const { html } = await openLoginPage(browser, sandbox.baseUrl, makePkcePair(), 'academy');
    expect(html).toContain('>Sign in as Nisha Rao</button>');
    expect(html).toContain('Academy administrator · nisha@demo.academy');
    const tokens = await signIn(sandbox, 'demo', { subject: 'sandbox|admin-nisha' });
    const { payload } = await verifyAccessToken(tokens.access_token);
    expect(payload[ROLES]).toEqual(['academy-admin']);
    expect(payload.sub).toBe('sandbox|admin-nisha');
  });

  it('logs out on /v2/logout: ends the session, revokes the refresh token, returns to the portal', async () => {
    const browser = new BrowserClient(sandbox.baseUrl);
    const tokens = await signIn(sandbox, 'demo', { subject: 'sandbox|student-aarav' }, browser);
    expect(browser.hasCookie('_session')).toBe(true);

    const foreign = await browser.request(`/v2/logout?client_id=${TEST_CLIENT_ID}&returnTo=${encodeURIComponent('http://evil.example/')}`);
    expect(foreign.status).toBe(200);

    // Sign in again (the foreign logout already ended the first session), then log out properly.
    const second = await signIn(sandbox, 'demo', { subject: 'sandbox|student-aarav' }, browser);
    const logout = await browser.request(
      `/v2/logout?client_id=${TEST_CLIENT_ID}&returnTo=${encodeURIComponent(TEST_PORTAL_ORIGIN)}`,
    );
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe(TEST_PORTAL_ORIGIN);
    expect(browser.hasCookie('_session')).toBe(false);

    for (const refreshToken of [tokens.refresh_token!, second.refresh_token!]) {
      const refused = await callTokenEndpoint(sandbox.baseUrl, { grant_type: 'refresh_token', refresh_token: refreshToken });
      expect(refused.status).toBe(400);
    }
    // The next authorization asks for credentials again instead of signing in silently.
    const page = await openLoginPage(browser, sandbox.baseUrl, makePkcePair(), 'after-logout');
    expect(page.html).toContain('Sign in as Meera Iyer');
  });

  it('keeps its signing keys across restarts, so earlier tokens still verify', async () => {
    const tokens = await signIn(sandbox, 'demo', { subject: 'sandbox|educator-meera' });
    const before = (await (await fetch(new URL('.well-known/jwks.json', sandbox.baseUrl))).json()) as { keys: { kid: string; d?: string }[] };
    expect(before.keys[0]!.d).toBeUndefined();

    const restarted = await startSandbox(sandbox.options.dataDir);
    try {
      const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', restarted.baseUrl));
      // The new instance listens on another port (another issuer), so check the key only.
      const { payload } = await jwtVerify(tokens.access_token, jwks, { audience: TEST_AUDIENCE });
      expect(payload.sub).toBe('sandbox|educator-meera');
      const after = (await (await fetch(new URL('.well-known/jwks.json', restarted.baseUrl))).json()) as { keys: { kid: string }[] };
      expect(after.keys.map((key) => key.kid)).toEqual(before.keys.map((key) => key.kid));
    } finally {
      await restarted.close();
    }
  });
});
