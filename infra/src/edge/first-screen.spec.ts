import { jest } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAnsweringApi, type AnsweringApi } from './answering-api.testing.js';
import { createEdge, type RunningEdge } from './edge-server.js';
import { FirstScreenPreloads } from './first-screen.js';
import { runtimeConfigFromEnv } from './runtime-config.js';
import { matchRoutePattern, valueAtPath } from '@academy/contracts';

/** The catalogue as the edge meets it. */
const CATALOGUE_ANSWERS: Record<string, unknown> = {
  '/api/course/all?limit=4': { success: true, courses: [{ _id: 'c1', courseThumbnail: '/media/thumbnails/first.webp' }] },
  '/api/course/c42': { success: true, courseData: { _id: 'c42', courseThumbnail: 'https://cdn.example/c42.webp' } },
};

function learnerManifest(entryHash: string) {
  return {
    name: 'learner',
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      publicPath: 'auto',
      portalRoutes: { pages: ['/', '/course/:id', '/my-enrollments'], fallbacks: [], ownChrome: false },
      portalTranslations: { en: ['i18n-learner-en-json.6666aaaa.json'], hi: ['i18n-learner-hi-json.7777bbbb.json'] },
      portalFirstScreen: {
        '/': { files: [`page-home.${entryHash}.js`, 'page-home.2222bbbb.css'], api: ['/api/course/all?limit=4'], image: { api: 0, path: 'courses.0.courseThumbnail' } },
        '/course/:id': { files: ['page-course.3333cccc.js'], api: ['/api/course/:id'], image: { api: 0, path: 'courseData.courseThumbnail' } },
      },
    },
    exposes: [{ path: './App', assets: { js: { sync: ['__federation_expose_App.4444dddd.js'], async: ['9.5555eeee.js'] }, css: { sync: [], async: [] } } }],
  };
}

describe('the edge names each page’s first screen in its HTML', () => {
  let workDir: string;
  let learnerDir: string;
  let catalogue: AnsweringApi;
  let edge: RunningEdge;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'first-screen-spec-'));
    const shellDir = path.join(workDir, 'shell');
    learnerDir = path.join(workDir, 'learner');
    mkdirSync(shellDir);
    mkdirSync(learnerDir);
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><html><head><title>Academy</title><script defer src="/main.aaaa1111.js"></script></head><body></body></html>');
    writeFileSync(
      path.join(shellDir, 'mf-manifest.json'),
      JSON.stringify({
        name: 'shell',
        metaData: {
          portalTranslations: { en: ['i18n-shell-en-json.8888cccc.json'], hi: ['i18n-shell-hi-json.9999dddd.json'] },
          portalSignIn: ['521.12c76b0d.js', 'sign-in.abcd1234.js', 'notification-bell.5555eeee.css'],
        },
        shared: [
          { name: 'react', assets: { js: { sync: ['121.f893bca0.js'], async: [] }, css: { sync: [], async: [] } } },
          { name: '@auth0/auth0-react', assets: { js: { sync: ['521.12c76b0d.js'], async: [] }, css: { sync: [], async: [] } } },
        ],
      }),
    );
    writeFileSync(path.join(shellDir, 'sw.js'), 'self.addEventListener("fetch", () => undefined);');
    writeFileSync(path.join(shellDir, 'manifest.webmanifest'), JSON.stringify({ name: 'Academy', start_url: '/' }));
    writeFileSync(path.join(learnerDir, 'mf-manifest.json'), JSON.stringify(learnerManifest('1111aaaa')));
    catalogue = await startAnsweringApi(CATALOGUE_ANSWERS);
    edge = await createEdge({
      serviceUrls: { catalogue: catalogue.url, commerce: catalogue.url, progress: catalogue.url },
      appDirs: { shell: shellDir, learner: learnerDir, educator: null, info: null },
      runtimeConfig: runtimeConfigFromEnv({ AUTH0_CLIENT_ID: 'spec-client' }, 'http://localhost:9999'),
      firstScreenApiWaitMs: 2000,
    }).listen(0);
  });

  afterAll(async () => {
    await edge.close();
    await catalogue.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('preloads the home page’s image, data, page chunk and the remote’s entry and App', async () => {
    const html = await (await fetch(`${edge.url}/`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('main.aaaa1111.js')).toBeLessThan(head.indexOf('<link rel="preload"'));
    expect(head).toContain('<link rel="preload" href="/media/thumbnails/first.webp" as="image">');
    expect(head).toContain('<link rel="preload" href="/api/course/all?limit=4" as="fetch" crossorigin="anonymous">');
    for (const script of ['/mfe/learner/remoteEntry.js', '/mfe/learner/__federation_expose_App.4444dddd.js', '/mfe/learner/page-home.1111aaaa.js']) {
      expect(head).toContain(`<link rel="preload" href="${script}" as="script">`);
    }
    expect(head).toContain('<link rel="preload" href="/mfe/learner/page-home.2222bbbb.css" as="style">');
    // Not the App's lazy chunks of other pages, nor the shell's shared modules (main.js asks for those itself).
    expect(head).not.toContain('9.5555eeee.js');
    expect(head).not.toContain('121.f893bca0.js');
  });

  it('preloads what every page asks for first: the runtime config, the served remotes’ manifests, the shell’s and the remote’s strings', async () => {
    const html = await (await fetch(`${edge.url}/`)).text();
    expect(html).toContain('<link rel="preload" href="/runtime-config.json" as="fetch" crossorigin="anonymous">');
    expect(html).toContain('<link rel="preload" href="/mfe/learner/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    // Not the manifests of remotes this edge does not serve (a CDN's, or one not deployed).
    expect(html).not.toContain('/mfe/educator/mf-manifest.json');
    expect(html).toContain('<link rel="preload" href="/i18n-shell-en-json.8888cccc.json" as="fetch" crossorigin="anonymous">');
    expect(html).toContain('<link rel="preload" href="/mfe/learner/i18n-learner-en-json.6666aaaa.json" as="fetch" crossorigin="anonymous">');
    expect(html).not.toContain('-hi-json');
  });

  it('preloads the strings of the language the shell will choose: a link’s ?lang=, then the kept choice, then the browser’s languages', async () => {
    const hindi = ['/i18n-shell-hi-json.9999dddd.json', '/mfe/learner/i18n-learner-hi-json.7777bbbb.json'];
    const english = ['/i18n-shell-en-json.8888cccc.json', '/mfe/learner/i18n-learner-en-json.6666aaaa.json'];
    const stringsOf = async (url: string, headers: Record<string, string> = {}) => {
      const html = await (await fetch(`${edge.url}${url}`, { headers })).text();
      return [...hindi, ...english].filter((file) => html.includes(`href="${file}"`));
    };
    expect(await stringsOf('/?lang=hi')).toEqual(hindi);
    expect(await stringsOf('/', { Cookie: 'theme=dark; academy.language=hi' })).toEqual(hindi);
    expect(await stringsOf('/', { 'Accept-Language': 'hi-IN,hi;q=0.9,en;q=0.8' })).toEqual(hindi);
    // The link wins over the kept choice, the kept choice over the browser's languages.
    expect(await stringsOf('/?lang=en', { Cookie: 'academy.language=hi' })).toEqual(english);
    expect(await stringsOf('/', { Cookie: 'academy.language=en', 'Accept-Language': 'hi' })).toEqual(english);
    expect(await stringsOf('/?lang=fr', { 'Accept-Language': 'fr-FR,fr' })).toEqual(english);
    // So a cache in between keeps one page per language signal.
    expect((await fetch(`${edge.url}/`)).headers.get('vary')).toMatch(/Accept-Language.*Cookie/);
  });

  it('preloads the sign-in SDK only for a browser whose hint says it keeps a session', async () => {
    const signInFiles = ['/521.12c76b0d.js', '/sign-in.abcd1234.js', '/notification-bell.5555eeee.css'];
    const preloadedOf = async (headers: Record<string, string> = {}) => {
      const html = await (await fetch(`${edge.url}/my-enrollments`, { headers })).text();
      return signInFiles.filter((file) => html.includes(`<link rel="preload" href="${file}" as="${file.endsWith('.css') ? 'style' : 'script'}">`));
    };
    expect(await preloadedOf({ Cookie: 'academy.language=en; academy.signed-in=1' })).toEqual(signInFiles);
    expect(await preloadedOf()).toEqual([]);
    expect(await preloadedOf({ Cookie: 'academy.signed-in=0' })).toEqual([]);
  });

  it('fills the route’s parameters into its API address', async () => {
    const html = await (await fetch(`${edge.url}/course/c42`)).text();
    expect(html).toContain('<link rel="preload" href="/api/course/c42" as="fetch" crossorigin="anonymous">');
    expect(html).toContain('<link rel="preload" href="https://cdn.example/c42.webp" as="image">');
    expect(html).toContain('/mfe/learner/page-course.3333cccc.js');
  });

  it('preloads only the remote’s entry, App and strings for a page without a first screen, and no remote for an unknown page', async () => {
    const enrolments = await (await fetch(`${edge.url}/my-enrollments`)).text();
    expect(enrolments).toContain('/mfe/learner/remoteEntry.js');
    expect(enrolments).not.toContain('/api/');
    const unknown = await (await fetch(`${edge.url}/nowhere/at/all`)).text();
    expect(unknown).not.toContain('/mfe/learner/remoteEntry.js');
    expect(unknown).not.toContain('i18n-learner');
    // The shell still shows its not-found page: its config and strings are still needed.
    expect(unknown).toContain('href="/runtime-config.json"');
  });

  it('reads a remote redeployed alone at once: its new chunk names, not the ones it had', async () => {
    writeFileSync(path.join(learnerDir, 'mf-manifest.json'), JSON.stringify(learnerManifest('9999ffff')));
    const html = await (await fetch(`${edge.url}/`)).text();
    expect(html).toContain('/mfe/learner/page-home.9999ffff.js');
    expect(html).not.toContain('page-home.1111aaaa.js');
  });

  it('checks a remote’s page list with the contracts’ schema: a bad one is named once, and nothing is preloaded for it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const broken = learnerManifest('9999ffff');
      broken.metaData.portalRoutes.pages = ['/', 'course/:id'];
      writeFileSync(path.join(learnerDir, 'mf-manifest.json'), JSON.stringify(broken));
      for (let load = 0; load < 2; load += 1) expect(await (await fetch(`${edge.url}/`)).text()).not.toContain('/mfe/learner/remoteEntry.js');
      expect(warn.mock.calls).toEqual([[expect.stringMatching(/mf-manifest\.json: metaData\.portalRoutes is not a valid page list: pages\.1 a route pattern starts with \/$/)]]);
    } finally {
      warn.mockRestore();
      writeFileSync(path.join(learnerDir, 'mf-manifest.json'), JSON.stringify(learnerManifest('9999ffff')));
    }
  });

  it('serves the service worker and the app manifest revalidated on every load, with their types, under a CSP that allows both', async () => {
    const worker = await fetch(`${edge.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    const manifest = await fetch(`${edge.url}/manifest.webmanifest`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const csp = (await fetch(`${edge.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
  });
});

describe('route patterns and answer paths', () => {
  it('matches whole paths, with parameters and a trailing wildcard', () => {
    expect(matchRoutePattern('/course/:id', '/course/42')).toEqual({ id: '42' });
    expect(matchRoutePattern('/course/:id', '/course/42/more')).toBeNull();
    expect(matchRoutePattern('/', '/')).toEqual({});
    expect(matchRoutePattern('/', '/course-list')).toBeNull();
    expect(matchRoutePattern('/educator/*', '/educator/courses/7')).toEqual({});
    expect(matchRoutePattern('/course/:id', '/course/%E0%A4')).toEqual({ id: '%E0%A4' });
  });

  it('reads a string at a dotted path, nothing else', () => {
    expect(valueAtPath({ courses: [{ courseThumbnail: '/a.webp' }] }, 'courses.0.courseThumbnail')).toBe('/a.webp');
    expect(valueAtPath({ courses: [] }, 'courses.0.courseThumbnail')).toBeUndefined();
    expect(valueAtPath({ courses: [{ courseThumbnail: 7 }] }, 'courses.0.courseThumbnail')).toBeUndefined();
  });
});

describe('the reads a signed-in learner’s first screen may make', () => {
  it('sends GETs of the API and the POSTs that only read, with the learner’s authorization, and refuses anything else before it leaves', async () => {
    const sent: [string, string | undefined, string | undefined][] = [];
    const preloads = new FirstScreenPreloads({
      remotes: [],
      shell: null,
      fetchApi: async (apiPath, authorization, init) => {
        sent.push([apiPath, authorization, init?.method]);
        return { success: true };
      },
    });
    await expect(preloads.answerAsViewer('/api/user/enrolled-courses', 'Bearer t')).resolves.toEqual({ success: true });
    await expect(preloads.answerAsViewer('/api/user/get-course-progress', 'Bearer t', { method: 'POST', body: '{"courseId":"c1"}' })).resolves.toEqual({ success: true });
    for (const [apiPath, method] of [
      ['/api/user/purchase', 'POST'],
      ['/api/../internal/users', 'GET'],
      ['/api/./user/data', 'GET'],
      ['/api/user/..', 'GET'],
      ['/internal/users', 'GET'],
      ['/media/notes/a.pdf', 'GET'],
    ] as const) {
      await expect(preloads.answerAsViewer(apiPath, 'Bearer t', { method })).rejects.toThrow('is not a read a first screen may make');
    }
    expect(sent).toEqual([
      ['/api/user/enrolled-courses', 'Bearer t', undefined],
      ['/api/user/get-course-progress', 'Bearer t', 'POST'],
    ]);
  });
});
