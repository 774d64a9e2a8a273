import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type Provider from 'oidc-provider';
import type { SandboxOptions } from '../config.js';
import { renderLoginPage, renderMessagePage, type LoginPageModel } from '../pages/login-page.js';
import { DEMO_PASSWORD, MIN_PASSWORD_LENGTH, SignUpError, type Account, type AccountStore } from './account-store.js';
import { pictureUrl } from './provider.js';

type LoginPageState = Pick<LoginPageModel, 'signIn' | 'signUp'>;

function formValue(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function noStore(res: Response): void {
  res.set('Cache-Control', 'no-store');
}

/**
 * The interaction (login) pages oidc-provider sends the browser to. Sign-in is by password, by one click on a
 * demo account, or by creating a student account; consent is granted automatically (first-party client).
 */
export function createInteractionRouter(options: SandboxOptions, provider: Provider, accounts: AccountStore): Router {
  const router = express.Router();
  const parseForm = express.urlencoded({ extended: false, limit: '16kb' });

  const renderLogin = async (req: Request, res: Response, state: LoginPageState, status = 200) => {
    const details = await provider.interactionDetails(req, res);
    const client = await provider.Client.find(String(details.params.client_id ?? ''));
    noStore(res);
    res
      .status(status)
      .type('html')
      .send(
        renderLoginPage({
          interactionUid: details.uid,
          clientName: client?.clientName ?? 'the academy portal',
          demoAccounts: accounts.demoAccounts().map((account) => ({
            subject: account.subject,
            name: account.name,
            email: account.email,
            roleLabel: { educator: 'Educator', parent: 'Parent', student: 'Student', 'academy-admin': 'Academy administrator' }[account.role],
            pictureUrl: pictureUrl(options, account),
          })),
          demoPassword: DEMO_PASSWORD,
          minPasswordLength: MIN_PASSWORD_LENGTH,
          focusSignUp: details.params.screen_hint === 'signup' && !state.signIn,
          // The portal's "I'm a parent" (academy_role=parent), this page's own "I'm a parent" (?as=parent), or a parent form sent back with an error.
          parentFirst: details.params.academy_role === 'parent' || req.query.as === 'parent' || state.signUp?.role === 'parent',
          ...state,
        }),
      );
  };

  const finishLogin = async (req: Request, res: Response, account: Account) => {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.subject, remember: true } },
      { mergeWithLastSubmission: false },
    );
  };

  // Grants every requested scope and the API resource: the portal is our own app, so no consent screen.
  const grantConsent = async (req: Request, res: Response) => {
    const details = await provider.interactionDetails(req, res);
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent prompt without a signed-in session');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant of this interaction no longer exists');

    const promptDetails = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (promptDetails.missingOIDCScope) grant.addOIDCScope(promptDetails.missingOIDCScope.join(' '));
    if (promptDetails.missingOIDCClaims) grant.addOIDCClaims(promptDetails.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(promptDetails.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  router.get('/interaction/:uid', async (req, res) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'consent') {
      await grantConsent(req, res);
      return;
    }
    await renderLogin(req, res, {});
  });

  router.post('/interaction/:uid/login', parseForm, async (req, res) => {
    const email = formValue(req.body, 'email').trim();
    const password = formValue(req.body, 'password');
    if (email === '' || password === '') {
      await renderLogin(req, res, { signIn: { email, error: 'Enter your email address and password.' } }, 400);
      return;
    }
    const account = await accounts.authenticate(email, password);
    if (!account) {
      await renderLogin(req, res, { signIn: { email, error: 'That email and password do not match an account.' } }, 401);
      return;
    }
    await finishLogin(req, res, account);
  });

  router.post('/interaction/:uid/demo', parseForm, async (req, res) => {
    const account = accounts.demoAccounts().find((demo) => demo.subject === formValue(req.body, 'subject'));
    if (!account) {
      await renderLogin(req, res, { signIn: { email: '', error: 'Unknown demo account.' } }, 400);
      return;
    }
    await finishLogin(req, res, account);
  });

  router.post('/interaction/:uid/signup', parseForm, async (req, res) => {
    const input = {
      name: formValue(req.body, 'name'),
      email: formValue(req.body, 'email'),
      password: formValue(req.body, 'password'),
      role: formValue(req.body, 'role') === 'parent' ? ('parent' as const) : ('student' as const),
    };
    try {
      const account = await accounts.signUp(input);
      await finishLogin(req, res, account);
    } catch (error) {
      if (!(error instanceof SignUpError)) throw error;
      const status = error.isDuplicate ? 409 : 400;
      await renderLogin(
        req,
        res,
        { signUp: { name: input.name, email: input.email, role: input.role, error: error.message, errorField: error.field } },
        status,
      );
    }
  });

  // An expired or unknown interaction (old tab, restarted sandbox) gets a readable page instead of a stack trace.
  router.use('/interaction', (error: Error, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const expired = error.name === 'SessionNotFound';
    noStore(res);
    res
      .status(expired ? 400 : 500)
      .type('html')
      .send(
        renderMessagePage(
          expired ? 'Sign-in expired' : 'Sign-in problem',
          expired
            ? 'This sign-in page has expired. Go back to the portal and choose sign in again.'
            : 'Something went wrong while signing in. Go back to the portal and try again.',
        ),
      );
  });

  return router;
}
