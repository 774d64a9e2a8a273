import { createHash } from 'node:crypto';
import { utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIRST_SCREEN_PAGE_SLOT, FIRST_SCREEN_SERVER_FILE, SIGNED_IN_HINT_COOKIE } from '@academy/contracts';
import { startAnsweringApi, type AnsweringApi } from './answering-api.testing.js';
import type { RunningEdge } from './edge-server.js';
import { startRenderingEdge, type RenderingEdge } from './rendering-edge.testing.js';

// The apps' server modules as the edge meets them: CommonJS files implementing the contract (the real ones are
// built by the apps and checked in their own specs and in the browser journeys).
const SHELL_MODULE = `exports.renderChrome = async (request) =>
  '<nav lang="' + request.language + '"' + (request.phone ? ' class="phone"' : '') + '>chrome ' + request.url + '</nav><main>${FIRST_SCREEN_PAGE_SLOT}</main>';`;

function learnerModule(version: string): string {
  return `let renders = 0;
exports.renderPage = async (request) => {
  const path = new URL(request.url, 'http://x').pathname;
  if (path === '/my-enrollments') return null;
  if (path === '/course/broken') throw new Error('the page could not render');
  if (path === '/course/slow') return new Promise(() => undefined);
  if (path === '/course/counted') return '<div class="page">render ' + (renders += 1) + '</div>';
  const refused = await request.fetchApi('/api/secret').then(() => 'answered', () => 'refused');
  const answer = path === '/' ? await request.fetchApi('/api/course/all?limit=4') : null;
  return '<div class="page">${version} ' + (answer ? answer.courses[0].title : 'no data') + ' $& ' + refused + '</div>';
};`;
}

/** The catalogue as the edge meets it. */
const CATALOGUE_ANSWERS: Record<string, unknown> = {
  '/api/course/all?limit=4': { success: true, courses: [{ _id: 'c1', title: 'Algebra for Class 9', courseThumbnail: '/media/thumbnails/algebra.svg' }] },
};

describe('the edge renders a public page’s first screen into its HTML', () => {
  let rendering: RenderingEdge;
  let learnerDir: string;
  let catalogue: AnsweringApi;
  let edge: RunningEdge;
  const errors: string[] = [];

  const page = async (url: string, init?: RequestInit) => (await fetch(`${edge.url}${url}`, init)).text();

  beforeAll(async () => {
    catalogue = await startAnsweringApi(CATALOGUE_ANSWERS);
    rendering = await startRenderingEdge({
      shellModule: SHELL_MODULE,
      learnerModule: learnerModule('v1'),
      learnerMetaData: {
        portalRoutes: { pages: ['/', '/course/:id', '/my-enrollments'], fallbacks: [], ownChrome: false },
        portalFirstScreen: { '/': { files: ['page-home.1111aaaa.js', 'page-home.2222bbbb.css'], api: ['/api/course/all?limit=4'], image: { api: 0, path: 'courses.0.courseThumbnail' } } },
      },
      api: catalogue,
      edgeOptions: { firstScreenApiWaitMs: 2000, firstScreenRenderMs: 3000, firstScreenReuseMs: 1000, onError: (message) => errors.push(message) },
    });
    edge = rendering.edge;
    learnerDir = rendering.learnerDir;
  });

  afterAll(async () => {
    await rendering.close();
    await catalogue.close();
  });

  it('puts the chrome and the page, with its first API answer, in an inert element, and the portal’s root hidden beside it', async () => {
    const html = await page('/');
    expect(html).toContain(
      '<div id="first-screen" inert aria-hidden="true"><nav lang="en">chrome /</nav><main><div class="page">v1 Algebra for Class 9 $& refused</div></main></div><div id="root" hidden></div>',
    );
    // The page's styles apply to the HTML at once; its scripts are still only preloaded.
    expect(html).toContain('<link rel="stylesheet" href="/mfe/learner/page-home.2222bbbb.css">');
    expect(html).toContain('<link rel="preload" href="/mfe/learner/page-home.1111aaaa.js" as="script">');
    // Its largest image is shown as soon as it arrives: preloaded first, at high priority.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('<link rel="preload" href="/media/thumbnails/algebra.svg" as="image" fetchpriority="high">')).toBe(head.indexOf('<link'));
  });

  it('holds the page’s scripts and its code and data preloads until the first paint, started by the one inline script its policy allows', async () => {
    const response = await fetch(`${edge.url}/`);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const held = /<template id="first-screen-after-paint">(.*?)<\/template>/.exec(head)?.[1] ?? '';
    const outsideHeld = head.replace(held, '');
    for (const tag of [
      '<script defer src="/main.aaaa1111.js"></script>',
      '<link rel="preload" href="/mfe/learner/page-home.1111aaaa.js" as="script">',
      '<link rel="preload" href="/runtime-config.json" as="fetch" crossorigin="anonymous">',
      '<link rel="preload" href="/api/course/all?limit=4" as="fetch" crossorigin="anonymous">',
    ]) {
      expect([tag, held.includes(tag), outsideHeld.includes(tag)]).toEqual([tag, true, false]);
    }
    // What the first paint needs stays in the head: the page's styles and its largest image.
    expect(outsideHeld).toContain('<link rel="stylesheet" href="/mfe/learner/page-home.2222bbbb.css">');
    expect(outsideHeld).toContain('<link rel="preload" href="/media/thumbnails/algebra.svg" as="image" fetchpriority="high">');
    // The starter is the body's last element, and the policy allows it by the hash of its text as sent.
    const starter = /<script>((?:(?!<\/script>)[\s\S])*)<\/script><\/body>/.exec(html)?.[1];
    expect(starter).toContain("getElementById('first-screen-after-paint')");
    const hash = `'sha256-${createHash('sha256').update(starter ?? '').digest('base64')}'`;
    expect(response.headers.get('content-security-policy')).toMatch(new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, '\\$&')} `));
    // A page sent unrendered keeps its scripts where they were.
    const unrendered = await page('/', { headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` } });
    expect(unrendered).not.toContain('<template');
    expect(unrendered).not.toContain('<script>');
    expect(unrendered).toContain('<head><script defer src="/main.aaaa1111.js"></script>');
  });

  it('renders in the language the page will be shown in, and says so on the document', async () => {
    const html = await page('/?lang=hi');
    expect(html).toContain('<html lang="hi"');
    expect(html).toContain('<nav lang="hi">chrome /?lang=hi</nav>');
  });

  it('renders for a phone when the browser says it is one (its client hint, else "Mobi" in its user agent), and says the page varies so', async () => {
    const android = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const desktop = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
    const phoneNav = '<nav lang="en" class="phone">';
    expect(await page('/', { headers: { 'sec-ch-ua-mobile': '?1', 'user-agent': desktop } })).toContain(phoneNav);
    expect(await page('/', { headers: { 'user-agent': iphone } })).toContain(phoneNav);
    expect(await page('/', { headers: { 'sec-ch-ua-mobile': '?0', 'user-agent': android } })).not.toContain(phoneNav);
    const response = await fetch(`${edge.url}/`, { headers: { 'user-agent': desktop } });
    expect(await response.text()).toContain('<nav lang="en">');
    expect(response.headers.get('vary')).toMatch(/Sec-CH-UA-Mobile.*User-Agent|User-Agent.*Sec-CH-UA-Mobile/);
  });

  it('leaves a signed-in visitor’s page to the browser (the session is not the edge’s to see)', async () => {
    const html = await page('/', { headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` } });
    expect(html).not.toContain('first-screen');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<link rel="preload" href="/mfe/learner/page-home.2222bbbb.css" as="style">');
    // Shown only once the page's code has run: last, at its normal priority.
    expect(html).toContain('<link rel="preload" href="/media/thumbnails/algebra.svg" as="image"></head>');
    // The sign-in provider's redirect back is being signed in: a visitor's home would stand, inert, in front of the
    // signed-in page (a new student's class question) until the hand-over gave up.
    for (const signingIn of ['/?code=abc&state=xyz', '/?error=access_denied&state=xyz']) {
      const returned = await page(signingIn);
      expect([signingIn, returned.includes('first-screen')]).toEqual([signingIn, false]);
      expect(returned).toContain('<div id="root"></div>');
    }
    expect(await page('/?code=abc')).toContain('id="first-screen"'); // no state: not a sign-in redirect
  });

  it('sends the page as before when its remote does not render it, the render fails or it is late', async () => {
    const started = Date.now();
    for (const url of ['/my-enrollments', '/course/broken', '/course/slow', '/about']) {
      const html = await page(url);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('first-screen');
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(errors.some((message) => message.includes('/course/broken') && message.includes('the page could not render'))).toBe(true);
    // A failure is not kept: the next visitor's page is rendered again.
    await page('/course/broken');
    expect(errors.filter((message) => message.includes('/course/broken')).length).toBe(2);
    expect(errors.some((message) => message.includes('/course/slow') && message.includes('not rendered within 3000 ms'))).toBe(true);
  });

  it('renders a page once for the visitors who ask within the reuse time, per language and screen, then again', async () => {
    const together = await Promise.all([page('/course/counted'), page('/course/counted'), page('/course/counted')]);
    expect(together.map((html) => /render (\d+)/.exec(html)?.[1])).toEqual(['1', '1', '1']);
    expect(await page('/course/counted?lang=hi')).toContain('render 2');
    expect(await page('/course/counted', { headers: { 'sec-ch-ua-mobile': '?1' } })).toContain('render 3');
    expect(await page('/course/counted')).toContain('render 1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await page('/course/counted')).toContain('render 4');
  });

  it('renders with a remote’s server module as deployed now: a remote redeployed alone is rendered by its new module', async () => {
    const file = path.join(learnerDir, FIRST_SCREEN_SERVER_FILE);
    writeFileSync(file, learnerModule('v2'));
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    expect(await page('/')).toContain('<div class="page">v2 Algebra for Class 9');
  });

  it('never serves a server module as a file', async () => {
    for (const url of ['/.server/first-screen.cjs', '/mfe/learner/.server/first-screen.cjs']) {
      const response = await fetch(`${edge.url}${url}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('renderPage');
    }
  });
});
