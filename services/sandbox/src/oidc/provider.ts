import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { SandboxOptions } from '../config.js';
import { renderMessagePage } from '../pages/login-page.js';
import type { Account, AccountStore } from './account-store.js';
import type { ProviderSecrets } from './signing-keys.js';

/** Scopes auth0-spa-js asks for; the API resource server accepts them so the token response echoes them back. */
const SPA_SCOPES = 'openid profile email offline_access';

const ONE_HOUR = 60 * 60;
const FOURTEEN_DAYS = 14 * 24 * ONE_HOUR;

export function pictureUrl(options: SandboxOptions, account: Account): string {
  return new URL(`avatars/${encodeURIComponent(account.avatarId)}.svg`, options.publicUrl).href;
}

/** The redirect URIs the SPA may use: each portal origin both bare and with a trailing slash. */
export function portalRedirectUris(portalOrigins: string[]): string[] {
  return portalOrigins.flatMap((origin) => [origin, `${origin}/`]);
}

/** The roles claim of an account: what an Auth0 Action would add from the user's assigned roles. */
export function rolesOf(account: Account): string[] {
  return account.role === 'student' ? [] : [account.role];
}

/** Claims Auth0 would add through an Action: roles and profile under the namespace. */
export function namespacedClaims(options: SandboxOptions, account: Account): Record<string, unknown> {
  const ns = options.claimsNamespace;
  return {
    [`${ns}roles`]: rolesOf(account),
    [`${ns}name`]: account.name,
    [`${ns}email`]: account.email,
    [`${ns}picture`]: pictureUrl(options, account),
  };
}

export function createOidcProvider(options: SandboxOptions, accounts: AccountStore, secrets: ProviderSecrets): Provider {
  const rolesClaim = `${options.claimsNamespace}roles`;
  const portalOrigins = new Set(options.portalOrigins);
  const redirectUris = portalRedirectUris(options.portalOrigins);

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_name: 'Academy portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: secrets.signingKeys as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
      revocation: '/oauth/revoke',
    },
    // auth0-spa-js sends these on /authorize (screen_hint=signup opens on the sign-up form); unknown parameters
    // would otherwise be dropped.
    extraParams: ['audience', 'auth0Client', 'screen_hint', 'academy_role'],
    pkce: { required: () => true },
    claims: {
      openid: ['sub', rolesClaim],
      profile: ['name', 'picture', 'nickname', 'updated_at'],
      email: ['email', 'email_verified'],
    },
    // Put profile claims into the ID token even though an access token is issued too (Auth0 does the same).
    conformIdTokenClaims: false,
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin) => portalOrigins.has(origin),
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // auth0-spa-js names the API with `audience`, not `resource`; with neither, the API is assumed.
        defaultResource: async (ctx, _client, oneOf) => {
          if (oneOf) return oneOf;
          const audience = ctx.oidc.params?.audience;
          return typeof audience === 'string' && audience !== '' ? audience : options.apiAudience;
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== options.apiAudience) {
            throw new errors.InvalidTarget(`unknown audience ${resourceIndicator}`);
          }
          return {
            scope: SPA_SCOPES,
            audience: options.apiAudience,
            accessTokenTTL: ONE_HOUR,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const account = accounts.findBySubject(token.accountId);
      if (!account) return undefined;
      // When the user last signed in, as an Auth0 Action puts it: actions such as changing a payout account need a recent one.
      const grant = ctx?.oidc.entities.AuthorizationCode ?? ctx?.oidc.entities.RefreshToken;
      const authTime = grant?.authTime;
      return { ...namespacedClaims(options, account), ...(typeof authTime === 'number' ? { [`${options.claimsNamespace}auth_time`]: authTime } : {}) };
    },
    findAccount: async (_ctx, subject) => {
      const account = accounts.findBySubject(subject);
      if (!account) return undefined;
      return {
        accountId: account.subject,
        claims: async () => ({
          sub: account.subject,
          name: account.name,
          nickname: account.email.split('@')[0],
          picture: pictureUrl(options, account),
          email: account.email,
          email_verified: true,
          [rolesClaim]: rolesOf(account),
        }),
      };
    },
    ttl: {
      AccessToken: ONE_HOUR,
      AuthorizationCode: 60,
      IdToken: ONE_HOUR,
      Interaction: ONE_HOUR,
      Grant: FOURTEEN_DAYS,
      Session: FOURTEEN_DAYS,
      RefreshToken: FOURTEEN_DAYS,
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = renderMessagePage(
        'Sign-in problem',
        `${out.error}${out.error_description ? `: ${out.error_description}` : ''}`,
      );
    },
  };

  return new Provider(options.publicUrl, configuration);
}
