import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSandboxApp, type SandboxApp } from '../app.js';
import { DEFAULT_RAZORPAY_OPTIONS, type RazorpaySandboxOptions, type SandboxOptions } from '../config.js';
import { BrowserClient } from '../oidc/browser-client.js';
import * as scripted from '../oidc/scripted-sign-in.js';
import type { PkcePair, TokenResponse } from '../oidc/scripted-sign-in.js';

export const TEST_PORTAL_ORIGIN = 'http://localhost:8080';
export const TEST_AUDIENCE = 'https://api.academy.local';
export const TEST_CLIENT_ID = 'academy-portal';

export interface RunningSandbox extends SandboxApp {
  baseUrl: string;
  options: SandboxOptions;
  close(): Promise<void>;
}

export async function makeTemporaryDataDir(): Promise<{ dataDir: string; remove(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'academy-sandbox-'));
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

/** Starts the real sandbox on a free port; the issuer is that port's URL, as SANDBOX_PUBLIC_URL would set it. */
export async function startSandbox(dataDir: string, razorpay: Partial<RazorpaySandboxOptions> = {}): Promise<RunningSandbox> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/`;
  const options: SandboxOptions = {
    publicUrl: baseUrl,
    dataDir,
    portalOrigins: [TEST_PORTAL_ORIGIN],
    clientId: TEST_CLIENT_ID,
    apiAudience: TEST_AUDIENCE,
    claimsNamespace: 'https://academy.example/',
    newsletterFormKey: 'sandbox-newsletter-key',
    contactFormId: 'sandbox-contact-form',
    // Short retry waits so a test sees the retries without waiting for them. Refunds stay pending until the test
    // settles them (test-only route) unless it passes `refundSettleMs`.
    razorpay: { ...DEFAULT_RAZORPAY_OPTIONS, webhookRetryDelaysMs: [50, 100], ...razorpay },
  };
  const sandbox = await createSandboxApp(options);
  server.on('request', sandbox.app);
  return {
    ...sandbox,
    baseUrl,
    options,
    close: () =>
      new Promise<void>((resolve, reject) => {
        sandbox.razorpay.refunds.close();
        sandbox.razorpay.webhooks.close();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export type { PkcePair, TokenResponse } from '../oidc/scripted-sign-in.js';
export { makePkcePair } from '../oidc/scripted-sign-in.js';
export { BrowserClient };

/** The portal's single-page app as the test sandbox registers it. */
export const TEST_SPA_CLIENT: scripted.SpaClient = { clientId: TEST_CLIENT_ID, audience: TEST_AUDIENCE, redirectUri: TEST_PORTAL_ORIGIN };

export function authorizeUrl(baseUrl: string, pkce: PkcePair, state: string, extra: Record<string, string> = {}): string {
  return scripted.authorizeUrl(baseUrl, TEST_SPA_CLIENT, pkce, state, extra);
}

export function openLoginPage(browser: BrowserClient, baseUrl: string, pkce: PkcePair, state: string): Promise<{ uid: string; html: string }> {
  return scripted.openLoginPage(browser, baseUrl, TEST_SPA_CLIENT, pkce, state);
}

export function submitAndCollectCode(browser: BrowserClient, action: string, form: Record<string, string>, expectedState: string): Promise<string> {
  return scripted.submitAndCollectCode(browser, TEST_SPA_CLIENT, action, form, expectedState);
}

export function callTokenEndpoint(baseUrl: string, form: Record<string, string>) {
  return scripted.callTokenEndpoint(baseUrl, TEST_SPA_CLIENT, form);
}

export function exchangeCode(baseUrl: string, code: string, pkce: PkcePair): Promise<TokenResponse> {
  return scripted.exchangeCode(baseUrl, TEST_SPA_CLIENT, code, pkce);
}

/** The whole sign-in against a test sandbox. */
export function signIn(
  sandbox: RunningSandbox,
  formPath: 'demo' | 'login' | 'signup',
  form: Record<string, string>,
  browser = new BrowserClient(sandbox.baseUrl),
): Promise<TokenResponse> {
  return scripted.signInOverHttp(sandbox.baseUrl, TEST_SPA_CLIENT, formPath, form, browser);
}
