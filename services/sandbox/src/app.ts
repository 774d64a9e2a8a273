import { mkdir } from 'node:fs/promises';
import express, { type Express } from 'express';
import type Provider from 'oidc-provider';
import type { SandboxOptions } from './config.js';
import { createFormsRouter } from './forms/forms-router.js';
import { SubmissionStore } from './forms/submission-store.js';
import { MailStore } from './mail/mail-store.js';
import { AccountStore } from './oidc/account-store.js';
import { addConsentPromptForOfflineAccess, createLogoutRouter } from './oidc/auth0-compat.js';
import { createInteractionRouter } from './oidc/interaction-routes.js';
import { createOidcProvider } from './oidc/provider.js';
import { loadOrCreateProviderSecrets } from './oidc/signing-keys.js';
import { avatarSvg } from './pages/avatar.js';
import { createRazorpaySandbox, type RazorpaySandbox } from './razorpay/razorpay-router.js';

export interface SandboxApp {
  app: Express;
  provider: Provider;
  accounts: AccountStore;
  submissions: SubmissionStore;
  /** Mail received by the SMTP server (started by main.ts when `smtpPort` is set). */
  mail: MailStore;
  razorpay: RazorpaySandbox;
}

/** Builds the sandbox's HTTP app (sign-in provider, avatars, form services, Razorpay); the caller decides where it listens. */
export async function createSandboxApp(options: SandboxOptions): Promise<SandboxApp> {
  await mkdir(options.dataDir, { recursive: true });
  const [secrets, accounts, submissions, razorpay, mail] = await Promise.all([
    loadOrCreateProviderSecrets(options.dataDir),
    AccountStore.open(options.dataDir),
    SubmissionStore.open(options.dataDir),
    createRazorpaySandbox(options),
    MailStore.open(options.dataDir),
  ]);
  const provider = createOidcProvider(options, accounts, secrets);

  const app = express();
  app.disable('x-powered-by');

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', issuer: options.publicUrl });
  });

  // Browsers ask for it on every sandbox page; an empty answer keeps their consoles free of 404s.
  app.get('/favicon.ico', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=86400').status(204).end();
  });

  app.get('/avatars/:file', (req, res) => {
    const avatarId = req.params.file.replace(/\.svg$/, '');
    const account = req.params.file.endsWith('.svg') ? accounts.findByAvatarId(avatarId) : undefined;
    if (!account) {
      res.status(404).type('text/plain').send('No such avatar.');
      return;
    }
    res.set('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(avatarSvg(account.avatarId, account.name));
  });

  app.use(createFormsRouter(options, submissions, mail));
  app.use(razorpay.router);
  app.use(createInteractionRouter(options, provider, accounts));
  app.use(createLogoutRouter(options, provider));
  app.use(addConsentPromptForOfflineAccess);
  // Everything else (authorize, token, jwks, userinfo, revoke, discovery) is the OpenID provider's.
  app.use(provider.callback());

  return { app, provider, accounts, submissions, mail, razorpay };
}
