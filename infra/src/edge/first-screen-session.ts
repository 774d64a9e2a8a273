// The signed-in learner's first-screen session (FIRST_SCREEN_SESSION_URL in contracts): the portal hands the edge its
// access token, and the edge keeps it in an HttpOnly cookie on the signed-in pages' paths only, so that the next load
// of such a page (My Enrollments) comes rendered with the learner's own data instead of waiting for the sign-in SDK,
// a token and the API in the browser. The edge never judges the token: the API does, on each call the render makes.
import { FIRST_SCREEN_SESSION_COOKIE } from '@academy/contracts';
import { parseCookie, stringifySetCookie } from 'cookie';
import type express from 'express';

/** A cookie holds about 4 KB with its name and attributes; a longer token is refused, never cut. */
const MAX_TOKEN_LENGTH = 3_800;
/** The session is kept no longer than a day, whatever the token says. */
const MAX_SESSION_S = 86_400;

/** Who the page is rendered for, and the header that asks the API as them. */
export interface FirstScreenSessionViewer {
  userId: string;
  authorization: string;
}

/** The subject and expiry of a JWT, unverified (the API verifies it); null when it is not one or has expired. */
export function unexpiredTokenClaims(token: string, nowS = Date.now() / 1000): { sub: string; exp: number } | null {
  if (token.length > MAX_TOKEN_LENGTH || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub?: unknown; exp?: unknown };
    if (typeof claims.sub !== 'string' || claims.sub === '' || typeof claims.exp !== 'number' || claims.exp <= nowS) return null;
    return { sub: claims.sub, exp: claims.exp };
  } catch {
    return null;
  }
}

/** The learner a request's first-screen session names, while their token has not expired. */
export function firstScreenViewer(req: express.Request): FirstScreenSessionViewer | null {
  const token = parseCookie(req.get('cookie') ?? '')[FIRST_SCREEN_SESSION_COOKIE];
  const claims = token ? unexpiredTokenClaims(token) : null;
  return claims ? { userId: claims.sub, authorization: `Bearer ${token}` } : null;
}

/**
 * Whether the request comes from a page of this origin. A browser sends `Sec-Fetch-Site` with every request and
 * `Origin` with every PUT and DELETE; either from elsewhere is refused, so no other site can set a session here
 * (a token of the attacker's own would show their list on the learner's first screen).
 */
function fromThisOrigin(req: express.Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.get('origin');
  return origin === undefined || origin === `${req.protocol}://${req.get('host')}`;
}

function refuse(res: express.Response, status: number, message: string): void {
  res.status(status).set('Cache-Control', 'no-store').json({ success: false, message });
}

/**
 * `PUT` keeps the token of `Authorization: Bearer` as the session, `DELETE` forgets it; both answer 204. `paths` are
 * the signed-in pages' paths as the remotes' manifests say now (one cookie per path, so no other request carries it).
 */
export function firstScreenSessionHandler(paths: () => Promise<string[]>): express.RequestHandler {
  return (req, res) => {
    if (!fromThisOrigin(req)) return refuse(res, 403, 'The first-screen session can only be set by the portal itself.');
    const secure = req.secure || req.get('x-forwarded-proto') === 'https';
    let token = '';
    let maxAge = 0;
    if (req.method === 'PUT') {
      const header = req.get('authorization') ?? '';
      token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
      const claims = unexpiredTokenClaims(token);
      if (!claims) return refuse(res, 400, 'Send an unexpired access token as "Authorization: Bearer <token>".');
      maxAge = Math.min(MAX_SESSION_S, Math.floor(claims.exp - Date.now() / 1000));
    }
    paths().then(
      (cookiePaths) => {
        res.set('Cache-Control', 'no-store');
        res.append(
          'Set-Cookie',
          cookiePaths.map((path) => stringifySetCookie({ name: FIRST_SCREEN_SESSION_COOKIE, value: token, path, maxAge, httpOnly: true, secure, sameSite: 'strict' })),
        );
        res.status(204).end();
      },
      () => refuse(res, 503, 'The signed-in pages could not be read; try again.'),
    );
  };
}
