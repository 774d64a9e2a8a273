import express, { type Request, type Response, type Router } from 'express';
import type Provider from 'oidc-provider';
import type { SandboxOptions } from '../config.js';

/**
 * oidc-provider drops `offline_access` (so no refresh token) unless the request says `prompt=consent`, while
 * auth0-spa-js asks for it without a prompt. Add the prompt, unless the request is a silent one (`prompt=none`).
 */
export function addConsentPromptForOfflineAccess(req: Request, _res: Response, next: () => void): void {
  const [pathname, query = ''] = req.url.split('?', 2) as [string, string?];
  if (req.method !== 'GET' || pathname !== '/authorize') {
    next();
    return;
  }
  const params = new URLSearchParams(query);
  const scopes = (params.get('scope') ?? '').split(' ');
  const prompts = (params.get('prompt') ?? '').split(' ').filter((prompt) => prompt !== '');
  if (scopes.includes('offline_access') && !prompts.includes('consent') && !prompts.includes('none')) {
    params.set('prompt', [...prompts, 'consent'].join(' '));
    req.url = `${pathname}?${params.toString()}`;
  }
  next();
}

/**
 * Auth0's logout endpoint: `/v2/logout?client_id&returnTo`. Ends the sandbox session, revokes what it granted
 * (refresh tokens included), then returns to `returnTo` when it is on one of the portal's registered origins.
 */
export function createLogoutRouter(options: SandboxOptions, provider: Provider): Router {
  const router = express.Router();
  const portalOrigins = new Set(options.portalOrigins);
  const isPortalAddress = (url: string) => {
    const parsed = URL.parse(url);
    return parsed !== null && portalOrigins.has(parsed.origin);
  };

  router.get('/v2/logout', async (req, res) => {
    const context = provider.createContext(req, res);
    const session = await provider.Session.get(context);
    const grantIds = Object.values(session.authorizations ?? {})
      .map((authorization) => authorization.grantId)
      .filter((grantId): grantId is string => typeof grantId === 'string');

    await Promise.all(
      grantIds.flatMap((grantId) => [
        provider.AccessToken.revokeByGrantId(grantId),
        provider.RefreshToken.revokeByGrantId(grantId),
        provider.AuthorizationCode.revokeByGrantId(grantId),
        provider.Grant.adapter.destroy(grantId),
      ]),
    );
    if (session.accountId) await session.destroy();
    // Deleting the cookie needs the same signing options it was set with.
    context.cookies.set(provider.cookieName('session'), null, { signed: true, path: '/' });

    const returnTo = typeof req.query.returnTo === 'string' ? req.query.returnTo : '';
    res.set('Cache-Control', 'no-store');
    if (returnTo !== '' && isPortalAddress(returnTo)) {
      res.redirect(302, returnTo);
      return;
    }
    res
      .status(200)
      .type('text/plain')
      .send(returnTo === '' ? 'Signed out.' : 'Signed out. The returnTo address is not registered for this client.');
  });

  return router;
}
