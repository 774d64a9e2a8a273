import { FIRST_SCREEN_PAGE_SLOT, FIRST_SCREEN_SESSION_COOKIE, FIRST_SCREEN_SESSION_URL, SIGNED_IN_HINT_COOKIE } from '@academy/contracts';
import { startAnsweringApi, type AnsweringApi, type AskedRequest } from './answering-api.testing.js';
import type { RunningEdge } from './edge-server.js';
import { unexpiredTokenClaims } from './first-screen-session.js';
import { startRenderingEdge, type RenderingEdge } from './rendering-edge.testing.js';

/** A JWT's shape with these claims (the edge reads them; the API, here the answering one, judges the token). */
function token(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const AARAV = token({ sub: 'auth0|aarav', exp: inAnHour() });
const DIYA = token({ sub: 'auth0|diya', exp: inAnHour() });
const EXPIRED = token({ sub: 'auth0|aarav', exp: Math.floor(Date.now() / 1000) - 1 });

// Both modules load the viewer's user data, as the chrome and the page do: the edge asks the API once per render.
const SHELL_MODULE = `exports.renderChrome = async (request) => {
  const user = request.viewer ? (await request.fetchApi('/api/user/data')).user : undefined;
  return '<nav>' + (user ? 'signed in as ' + request.viewer.userId + ' (' + user.name + ')' : 'visitor') + '</nav><main>${FIRST_SCREEN_PAGE_SLOT}</main>';
};`;

// The learner's module as the edge meets it: My Enrollments asks the API as the viewer (a GET and the one POST that
// only reads), and tries a write, which the edge must refuse.
const LEARNER_MODULE = `exports.renderPage = async (request) => {
  const path = new URL(request.url, 'http://x').pathname;
  if (path === '/') return '<div class="page">home for ' + (request.viewer ? request.viewer.userId : 'a visitor') + '</div>';
  if (path !== '/my-enrollments') return null;
  await request.fetchApi('/api/user/data');
  const list = await request.fetchApi('/api/user/enrolled-courses');
  const progress = await request.fetchApi('/api/user/get-course-progress', { method: 'POST', body: JSON.stringify({ courseId: 'c1' }) });
  const write = await request.fetchApi('/api/user/purchase', { method: 'POST', body: '{}' }).then(() => 'written', () => 'refused');
  return '<div class="enrollments">' + list.enrolledCourses.map((course) => course.title).join(', ') + ' ' + progress.progressData.lectureCompleted.length + ' done, write ' + write + '</div>';
};`;

/** The API's answers by whose token asks (a token it does not know: 401). */
const COURSES_BY_TOKEN: Record<string, string[]> = { [`Bearer ${AARAV}`]: ['Algebra for Class 9'], [`Bearer ${DIYA}`]: ['Physics for Class 11'] };

describe('a signed-in learner’s first-screen session: their own page rendered by the edge', () => {
  let rendering: RenderingEdge;
  let api: AnsweringApi;
  let edge: RunningEdge;
  const errors: string[] = [];

  const session = (method: 'PUT' | 'DELETE', headers: Record<string, string> = {}) => fetch(`${edge.url}${FIRST_SCREEN_SESSION_URL}`, { method, headers });
  const signedInCookie = (accessToken: string) => `${SIGNED_IN_HINT_COOKIE}=1; ${FIRST_SCREEN_SESSION_COOKIE}=${accessToken}`;

  beforeAll(async () => {
    api = await startAnsweringApi({
      '/api/user/data': ({ authorization }: AskedRequest) => COURSES_BY_TOKEN[authorization ?? ''] && { success: true, user: { name: authorization === `Bearer ${AARAV}` ? 'Aarav' : 'Diya' } },
      '/api/user/enrolled-courses': ({ authorization }: AskedRequest) => {
        const titles = COURSES_BY_TOKEN[authorization ?? ''];
        return titles && { success: true, enrolledCourses: titles.map((title) => ({ title })) };
      },
      'POST /api/user/get-course-progress': ({ authorization, body }: AskedRequest) =>
        COURSES_BY_TOKEN[authorization ?? ''] && JSON.parse(body).courseId === 'c1' ? { success: true, progressData: { lectureCompleted: ['l1', 'l2'] } } : undefined,
      'POST /api/user/purchase': () => ({ success: true }),
    });
    rendering = await startRenderingEdge({
      shellModule: SHELL_MODULE,
      learnerModule: LEARNER_MODULE,
      learnerMetaData: {
        portalRoutes: { pages: ['/', '/my-enrollments', '/player/:courseId'], fallbacks: [], ownChrome: false },
        portalFirstScreen: {
          '/': { files: [], api: [] },
          '/my-enrollments': { files: [], api: [], signedIn: true },
          '/player/:courseId': { files: [], api: [], signedIn: true },
        },
      },
      api,
      edgeOptions: { firstScreenApiWaitMs: 2000, firstScreenRenderMs: 3000, onError: (message) => errors.push(message) },
    });
    edge = rendering.edge;
  });

  afterAll(async () => {
    await rendering.close();
    await api.close();
  });

  it('keeps the portal’s access token in an HttpOnly, strict cookie on the signed-in pages’ paths only, until it expires', async () => {
    const response = await session('PUT', { authorization: `Bearer ${AARAV}`, 'sec-fetch-site': 'same-origin', origin: edge.url });
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => /Path=([^;]+)/.exec(cookie)?.[1]).sort()).toEqual(['/my-enrollments', '/player']);
    for (const cookie of cookies) {
      expect(cookie.startsWith(`${FIRST_SCREEN_SESSION_COOKIE}=${AARAV};`)).toBe(true);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
      expect(maxAge).toBeGreaterThan(3590);
      expect(maxAge).toBeLessThanOrEqual(3600);
    }
  });

  it('forgets it on DELETE', async () => {
    const response = await session('DELETE', { 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) expect(cookie).toMatch(new RegExp(`^${FIRST_SCREEN_SESSION_COOKIE.replace('.', '\\.')}=; Max-Age=0;`));
  });

  it('refuses a session from another site, and a token that is not an unexpired JWT, with a clear answer', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'https://evil.example' }] as Record<string, string>[]) {
      const response = await session('PUT', { authorization: `Bearer ${AARAV}`, ...headers });
      expect([headers, response.status]).toEqual([headers, 403]);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(((await response.json()) as { message: string }).message).toMatch(/only be set by the portal/);
    }
    for (const authorization of ['', `Basic ${AARAV}`, 'Bearer not-a-jwt', `Bearer ${EXPIRED}`, `Bearer ${token({ exp: inAnHour() })}`, `Bearer ${'a'.repeat(4000)}.b.c`]) {
      const response = await session('PUT', { authorization });
      expect([authorization.slice(0, 20), response.status]).toEqual([authorization.slice(0, 20), 400]);
      expect(((await response.json()) as { message: string }).message).toMatch(/unexpired access token/);
    }
    expect(unexpiredTokenClaims(AARAV)).toEqual({ sub: 'auth0|aarav', exp: expect.any(Number) });
  });

  it('renders My Enrollments for the learner whose session it is, asking the API with their token, and lets no cache keep it', async () => {
    api.asked.length = 0;
    const response = await fetch(`${edge.url}/my-enrollments`, { headers: { cookie: signedInCookie(AARAV) } });
    const html = await response.text();
    expect(html).toContain('<nav>signed in as auth0|aarav (Aarav)</nav><main><div class="enrollments">Algebra for Class 9 2 done, write refused</div></main>');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // The user data the chrome and the page both use is asked for once.
    expect(api.asked.map(({ method, url, authorization }) => [method, url, authorization])).toEqual([
      ['GET', '/api/user/data', `Bearer ${AARAV}`],
      ['GET', '/api/user/enrolled-courses', `Bearer ${AARAV}`],
      ['POST', '/api/user/get-course-progress', `Bearer ${AARAV}`],
    ]);
    expect(api.asked[2]!.body).toBe('{"courseId":"c1"}');
  });

  it('renders each learner’s page for them alone, even at the same moment', async () => {
    const [aarav, diya] = await Promise.all(
      [AARAV, DIYA].map(async (accessToken) => (await fetch(`${edge.url}/my-enrollments`, { headers: { cookie: signedInCookie(accessToken) } })).text()),
    );
    expect(aarav).toContain('signed in as auth0|aarav (Aarav)</nav><main><div class="enrollments">Algebra for Class 9');
    expect(diya).toContain('signed in as auth0|diya (Diya)</nav><main><div class="enrollments">Physics for Class 11');
    expect(diya).not.toContain('Algebra');
  });

  it('sends the page unrendered without the hint, without a live session, on the way back from signing in, or when the API refuses the token', async () => {
    const unknown = token({ sub: 'auth0|someone', exp: inAnHour() });
    for (const [url, cookie] of [
      ['/my-enrollments', `${FIRST_SCREEN_SESSION_COOKIE}=${AARAV}`],
      ['/my-enrollments', `${SIGNED_IN_HINT_COOKIE}=1`],
      ['/my-enrollments', signedInCookie(EXPIRED)],
      ['/my-enrollments?code=abc&state=xyz', signedInCookie(AARAV)],
      ['/my-enrollments', signedInCookie(unknown)],
    ] as const) {
      const html = await (await fetch(`${edge.url}${url}`, { headers: { cookie } })).text();
      expect([url, cookie.slice(0, 40), html.includes('first-screen')]).toEqual([url, cookie.slice(0, 40), false]);
      expect(html).toContain('<div id="root"></div>');
    }
    expect(errors.some((message) => message.includes('/my-enrollments') && message.includes('HTTP 401'))).toBe(true);
  });

  it('renders a public page only for an anonymous visitor, never as a learner', async () => {
    expect(await (await fetch(`${edge.url}/`)).text()).toContain('<div class="page">home for a visitor</div>');
    expect(await (await fetch(`${edge.url}/`, { headers: { cookie: signedInCookie(AARAV) } })).text()).not.toContain('first-screen');
  });
});
