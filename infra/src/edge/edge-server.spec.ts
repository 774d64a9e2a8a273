import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { createEdge, ON_THE_FLY_BROTLI_QUALITY, type RunningEdge } from './edge-server.js';
import { BEST_BROTLI_QUALITY } from './entry-compression.js';
import { FIRST_SCREEN_START_SCRIPT_HASH } from './first-screen-start.js';
import { runtimeConfigFromEnv } from './runtime-config.js';
import type { ServiceName } from '../routes/route-table.js';

interface Upstream {
  url: string;
  server: http.Server;
}

/** A tiny real service that echoes who it is and what it received. */
function startUpstream(name: string): Promise<Upstream> {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      if (req.url === '/api/notifications/stream') {
        // A server-sent event stream that stays open: its first event must arrive before it ends.
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write(`event: unread\ndata: {"service":"${name}"}\n\n`);
        const timer = setTimeout(() => res.end(), 5000);
        res.on('close', () => clearTimeout(timer));
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ service: name, method: req.method, url: req.url, body, forwardedFor: req.headers['x-forwarded-for'] ?? null, requestId: req.headers['x-request-id'] ?? null }));
      });
    });
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }));
  });
}

/** Raw GET so the test sees exactly what went over the wire (fetch would decompress). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('edge server', () => {
  let workDir: string;
  const upstreams = new Map<ServiceName, Upstream>();
  let edge: RunningEdge;
  let deadUpstreamEdge: RunningEdge;
  const bigScript = `console.log(${JSON.stringify('learn '.repeat(2000))});`;

  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'edge-spec-'));
    const shell = path.join(workDir, 'shell');
    const learner = path.join(workDir, 'learner');
    mkdirSync(shell);
    mkdirSync(learner);
    writeFileSync(path.join(shell, 'index.html'), '<!doctype html><title>Academy shell</title>');
    writeFileSync(path.join(shell, 'main.3f2a9c1b.js'), bigScript);
    writeFileSync(path.join(learner, 'mf-manifest.json'), JSON.stringify({ name: 'learner', metaData: { portalRoutes: { pages: ['/'] } } }));
    writeFileSync(path.join(learner, 'remoteEntry.js'), 'var learner;');
    writeFileSync(path.join(learner, '__federation_expose_App.a1b2c3d4e5.js'), 'export {}');
    for (const name of ['catalogue', 'commerce', 'progress'] as ServiceName[]) upstreams.set(name, await startUpstream(name));
    const serviceUrls = Object.fromEntries([...upstreams].map(([name, upstream]) => [name, upstream.url])) as Record<ServiceName, string>;
    edge = await createEdge({
      serviceUrls,
      appDirs: { shell, learner, educator: path.join(workDir, 'missing-educator'), info: null },
      runtimeConfig: runtimeConfigFromEnv({ AUTH0_CLIENT_ID: 'spec-client' }, 'http://localhost:9999'),
    }).listen(0);
    deadUpstreamEdge = await createEdge({
      serviceUrls: { catalogue: 'http://127.0.0.1:1', commerce: 'http://127.0.0.1:1', progress: 'http://127.0.0.1:1' },
      appDirs: { shell: null, learner: null, educator: null, info: null },
      onError: () => undefined,
    }).listen(0);
  });

  afterAll(async () => {
    await edge.close();
    await deadUpstreamEdge.close();
    for (const upstream of upstreams.values()) await new Promise((done) => upstream.server.close(done));
    rmSync(workDir, { recursive: true, force: true });
  });

  it('proxies each API path to the owning service, keeping the path, query and body', async () => {
    const catalogue = await (await fetch(`${edge.url}/api/course/all?limit=2`)).json();
    expect(catalogue).toMatchObject({ service: 'catalogue', method: 'GET', url: '/api/course/all?limit=2' });
    const commerce = await fetch(`${edge.url}/api/user/purchase`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ courseId: 'c1' }),
    });
    expect(await commerce.json()).toMatchObject({ service: 'commerce', method: 'POST', url: '/api/user/purchase', body: '{"courseId":"c1"}' });
    const progress = (await (await fetch(`${edge.url}/api/user/data`)).json()) as { forwardedFor: string };
    expect(progress).toMatchObject({ service: 'progress', url: '/api/user/data' });
    expect(progress.forwardedFor).toContain('127.0.0.1');
  });

  it('closes an idle connection to a service itself, before the service could close it under a new request', async () => {
    // The service keeps idle connections for a minute; the edge must drop its own after upstreamIdleMs.
    const upstream = await startUpstream('commerce');
    upstream.server.keepAliveTimeout = 60_000;
    const closedByPeer: boolean[] = [];
    upstream.server.on('connection', (socket) => socket.on('end', () => closedByPeer.push(true)));
    const quickEdge = await createEdge({
      serviceUrls: { catalogue: upstream.url, commerce: upstream.url, progress: upstream.url },
      appDirs: { shell: null, learner: null, educator: null, info: null },
      upstreamIdleMs: 150,
    }).listen(0);
    try {
      expect((await fetch(`${quickEdge.url}/api/user/purchase`, { method: 'POST', body: '{}' })).status).toBe(200);
      await new Promise((done) => setTimeout(done, 600));
      expect(closedByPeer).toEqual([true]);
      // A later request opens a fresh connection and succeeds.
      expect((await fetch(`${quickEdge.url}/api/user/purchase`, { method: 'POST', body: '{}' })).status).toBe(200);
    } finally {
      await quickEdge.close();
      upstream.server.closeAllConnections();
      await new Promise((done) => upstream.server.close(done));
    }
  });

  it('passes a server-sent event on at once, uncompressed, while the stream stays open', async () => {
    const started = Date.now();
    const first = await new Promise<{ encoding: string | undefined; chunk: string }>((resolve, reject) => {
      const req = http.get(`${edge.url}/api/notifications/stream`, { headers: { 'Accept-Encoding': 'gzip, br' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ encoding: res.headers['content-encoding'], chunk: chunk.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    expect(first).toEqual({ encoding: undefined, chunk: 'event: unread\ndata: {"service":"progress"}\n\n' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives every request an id the service receives and the browser sees, keeping a sane one it was sent', async () => {
    const response = await fetch(`${edge.url}/api/course/all`);
    const { requestId } = (await response.json()) as { requestId: string | null };
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const kept = (await (await fetch(`${edge.url}/api/course/all`, { headers: { 'X-Request-Id': 'trace-42' } })).json()) as { requestId: string };
    expect(kept.requestId).toBe('trace-42');
    const replaced = (await (await fetch(`${edge.url}/api/course/all`, { headers: { 'X-Request-Id': 'bad id <script>' } })).json()) as { requestId: string };
    expect(replaced.requestId).not.toBe('bad id <script>');
  });

  it('never exposes /internal/ and answers unknown API paths with a JSON 404', async () => {
    const internal = await fetch(`${edge.url}/internal/courses/1`);
    expect(internal.status).toBe(404);
    expect(await internal.json()).toEqual({ success: false, message: 'Not found' });
    // The operators' queue dashboard and dead letters (OPERATOR_TOKEN) are never routed, with or without /api.
    for (const operatorPath of ['/internal/queues', '/internal/queues/api/queues', '/api/internal/queues', '/api/internal/operator/dead-letters']) {
      expect((await fetch(`${edge.url}${operatorPath}`, { headers: { 'X-Operator-Token': 'anything' } })).status).toBe(404);
    }
    const unknown = await fetch(`${edge.url}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ success: false, message: expect.stringContaining('/api/nothing-here') });
  });

  it('answers 502 JSON when a service is down', async () => {
    const response = await fetch(`${deadUpstreamEdge.url}/api/course/all`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ success: false, message: 'The catalogue service is unavailable' });
  });

  it('serves runtime-config.json from its options, never cached', async () => {
    const response = await fetch(`${edge.url}/runtime-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const config = await response.json();
    expect(config).toMatchObject({
      apiBaseUrl: '/api',
      auth0: { domain: 'http://localhost:9999', clientId: 'spec-client', audience: 'https://api.academy.local' },
      remotes: { learner: '/mfe/learner/mf-manifest.json', info: '/mfe/info/mf-manifest.json' },
      razorpay: { checkoutScriptUrl: 'http://localhost:9999/razorpay/checkout.js' },
    });
  });

  it('caches hashed files forever and revalidates entry files', async () => {
    const hashed = await rawGet(`${edge.url}/main.3f2a9c1b.js`);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const exposed = await rawGet(`${edge.url}/mfe/learner/__federation_expose_App.a1b2c3d4e5.js`);
    expect(exposed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const file of ['/mfe/learner/mf-manifest.json', '/mfe/learner/remoteEntry.js', '/index.html']) {
      const response = await rawGet(`${edge.url}${file}`);
      expect([file, response.status, response.headers['cache-control']]).toEqual([file, 200, 'no-cache']);
    }
    expect(hashed.headers['timing-allow-origin']).toBe('*');
  });

  it('gzips text when the browser accepts it', async () => {
    const response = await rawGet(`${edge.url}/main.3f2a9c1b.js`, { 'Accept-Encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.body.length).toBeLessThan(bigScript.length / 10);
    expect(gunzipSync(response.body).toString()).toBe(bigScript);
  });

  it('prefers brotli when the browser accepts it, as mobile browsers do', async () => {
    const response = await rawGet(`${edge.url}/main.3f2a9c1b.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.body).toString()).toBe(bigScript);
  });

  /** Varied text, as a remote entry's module map is (on it quality 5 saves about 2 % over 4). */
  const variedEntry = (seed: number) => {
    const entries = Array.from({ length: 6000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return `k${(seed % 997).toString(36)}:${seed % 31}`;
    });
    return `var learner={${entries.join(',')}};`;
  };
  const atQuality = (content: string, quality: number) => brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } }).length;

  it("sends a remote's entry at brotli's quality 5 at once, then each deployed version at quality 11, never an older one", async () => {
    const entryFile = path.join(workDir, 'learner', 'remoteEntry.js');
    const entryUrl = `${edge.url}/mfe/learner/remoteEntry.js`;
    /** Asks until the answer is at least as small as `size` (the best copy is made in the background). */
    const answerOfSize = async (size: number) => {
      for (let attempt = 0; ; attempt += 1) {
        const response = await rawGet(entryUrl, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
        if (response.body.length <= size || attempt >= 100) return response;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const first = variedEntry(7);
    writeFileSync(entryFile, first);
    try {
      // The first answer of a version does not wait for the best copy: compressed as it goes out, at quality 5.
      const atOnce = await rawGet(entryUrl, { 'Accept-Encoding': 'br' });
      expect(atOnce.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(atOnce.body).toString()).toBe(first);
      expect(atOnce.body.length).toBeLessThanOrEqual(atQuality(first, ON_THE_FLY_BROTLI_QUALITY));
      expect(atOnce.body.length).toBeLessThan(atQuality(first, 4));

      const best = await answerOfSize(atQuality(first, BEST_BROTLI_QUALITY));
      expect(best.body.length).toBe(atQuality(first, BEST_BROTLI_QUALITY));
      expect(brotliDecompressSync(best.body).toString()).toBe(first);
      expect([best.headers['content-type'], best.headers['cache-control'], best.headers.vary]).toEqual([atOnce.headers['content-type'], 'no-cache', expect.stringContaining('Accept-Encoding')]);
      // A browser's copy revalidates: unchanged, 304 without a body.
      const revalidated = await rawGet(entryUrl, { 'Accept-Encoding': 'br', 'If-None-Match': String(best.headers.etag) });
      expect(revalidated.status).toBe(304);
      // A browser that does not accept brotli gets the file as before.
      const gzipped = await rawGet(entryUrl, { 'Accept-Encoding': 'gzip' });
      expect([gzipped.headers['content-encoding'], gunzipSync(gzipped.body).toString()]).toEqual(['gzip', first]);

      // Redeployed alone: the very next answer is the new version, then its own best copy.
      const second = variedEntry(11);
      writeFileSync(entryFile, second);
      const afterDeploy = await rawGet(entryUrl, { 'Accept-Encoding': 'br', 'If-None-Match': String(best.headers.etag) });
      expect(afterDeploy.status).toBe(200);
      expect(brotliDecompressSync(afterDeploy.body).toString()).toBe(second);
      const bestOfSecond = await answerOfSize(atQuality(second, BEST_BROTLI_QUALITY));
      expect(brotliDecompressSync(bestOfSecond.body).toString()).toBe(second);
      expect(bestOfSecond.body.length).toBe(atQuality(second, BEST_BROTLI_QUALITY));
    } finally {
      writeFileSync(entryFile, 'var learner;');
    }
  });

  describe('compressed copies written by the build', () => {
    // What the build writes (tools/rspack/create-app-config.mjs): `<file>.br` and `<file>.gz` beside the file.
    const shellFile = (name: string) => path.join(workDir, 'shell', name);
    const writeWithCopies = (name: string, content: string) => {
      writeFileSync(shellFile(name), content);
      writeFileSync(shellFile(`${name}.br`), brotliCompressSync(content));
      writeFileSync(shellFile(`${name}.gz`), gzipSync(content, { level: 9 }));
    };

    it("sends the build's brotli copy itself, with the file's type and caching, to a browser that accepts brotli", async () => {
      writeWithCopies('page.5e6f7a8b.js', bigScript);
      const response = await rawGet(`${edge.url}/page.5e6f7a8b.js`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
      expect(response.headers['content-encoding']).toBe('br');
      // Byte for byte the copy: not compressed again on the way out.
      expect(response.body.equals(readFileSync(shellFile('page.5e6f7a8b.js.br')))).toBe(true);
      const plain = await rawGet(`${edge.url}/page.5e6f7a8b.js`, { 'Accept-Encoding': 'identity' });
      expect(response.headers['content-type']).toBe(plain.headers['content-type']);
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    });

    it('sends the gzip copy to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
      writeWithCopies('page.5e6f7a8b.js', bigScript);
      const gzipped = await rawGet(`${edge.url}/page.5e6f7a8b.js`, { 'Accept-Encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gzipped.body.equals(readFileSync(shellFile('page.5e6f7a8b.js.gz')))).toBe(true);
      const plain = await rawGet(`${edge.url}/page.5e6f7a8b.js`, { 'Accept-Encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(bigScript);
    });

    it('has no copies of files whose name is not hashed (their content changes from build to build): those are compressed as they go out', async () => {
      const learnerDir = path.join(workDir, 'learner');
      const current = `var learner = ${JSON.stringify('new '.repeat(500))};`;
      writeFileSync(path.join(learnerDir, 'remoteEntry.js.br'), brotliCompressSync(`var learner = ${JSON.stringify('old '.repeat(500))};`));
      writeFileSync(path.join(learnerDir, 'remoteEntry.js'), current);
      try {
        const response = await rawGet(`${edge.url}/mfe/learner/remoteEntry.js`, { 'Accept-Encoding': 'br' });
        expect(brotliDecompressSync(response.body).toString()).toBe(current);
        expect(response.headers['cache-control']).toBe('no-cache');
      } finally {
        rmSync(path.join(learnerDir, 'remoteEntry.js.br'));
        writeFileSync(path.join(learnerDir, 'remoteEntry.js'), 'var learner;');
      }
    });

    it('finds the copies of files deployed after it started', async () => {
      writeWithCopies('later.9a8b7c6d.css', `.card { color: red; }\n${'.x { margin: 0 }\n'.repeat(200)}`);
      const response = await rawGet(`${edge.url}/later.9a8b7c6d.css`, { 'Accept-Encoding': 'br' });
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/css/);
      expect(response.body.equals(readFileSync(shellFile('later.9a8b7c6d.css.br')))).toBe(true);
    });
  });

  it('falls back to the shell index.html for client-side routes', async () => {
    const response = await rawGet(`${edge.url}/course/42`);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body.toString()).toContain('Academy shell');
  });

  it('answers 404 for the files of a remote that is not deployed, without falling back to the shell', async () => {
    expect((await rawGet(`${edge.url}/mfe/info/mf-manifest.json`)).status).toBe(404);
    expect((await rawGet(`${edge.url}/mfe/educator/mf-manifest.json`)).status).toBe(404);
    expect((await rawGet(`${edge.url}/mfe/learner/nothing.js`)).status).toBe(404);
    expect((await rawGet(`${edge.url}/missing.3f2a9c1b.js`)).status).toBe(404);
  });

  it('picks up a redeployed remote without restarting', async () => {
    const educator = path.join(workDir, 'missing-educator');
    mkdirSync(educator);
    writeFileSync(path.join(educator, 'mf-manifest.json'), JSON.stringify({ name: 'educator', version: 2, metaData: { portalRoutes: { pages: ['/educator'] } } }));
    const response = await fetch(`${edge.url}/mfe/educator/mf-manifest.json`);
    expect(await response.json()).toMatchObject({ name: 'educator', version: 2 });
  });

  it('sends the security headers on pages, the service worker and API answers', async () => {
    for (const url of ['/', '/course/42', '/sw.js', '/api/course/all', '/api/nothing-here']) {
      const { headers } = await rawGet(`${edge.url}${url}`);
      const csp = String(headers['content-security-policy']);
      expect([url, headers['x-content-type-options'], headers['x-frame-options'], headers['referrer-policy']]).toEqual([
        url,
        'nosniff',
        'DENY',
        'strict-origin-when-cross-origin',
      ]);
      expect(csp).toContain("frame-ancestors 'none'");
      const scriptSrc = csp.split(/;\s*/).find((directive) => directive.startsWith('script-src '));
      // The one inline script allowed: the starter of a rendered page's scripts, by its hash.
      expect(scriptSrc).toBe(`script-src 'self' ${FIRST_SCREEN_START_SCRIPT_HASH} http://localhost:9999`);
      expect(csp).toContain('report-uri /api/csp-reports');
      expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:9999/); // the auth SDK's token calls
      // Not production: no HSTS over local plain http.
      expect(headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("sends a build's hashed script only the headers that apply to a file that is never a document", async () => {
    const { headers } = await rawGet(`${edge.url}/main.3f2a9c1b.js`);
    expect([headers['x-content-type-options'], headers['cross-origin-resource-policy'], headers['cache-control']]).toEqual([
      'nosniff',
      'cross-origin',
      'public, max-age=31536000, immutable',
    ]);
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect([documentOnly, headers[documentOnly]]).toEqual([documentOnly, undefined]);
    }
  });

  it("sends a remote's entry script the assets' headers, revalidated on every load", async () => {
    const { headers } = await rawGet(`${edge.url}/mfe/learner/remoteEntry.js`);
    expect([headers['x-content-type-options'], headers['cache-control']]).toEqual(['nosniff', 'no-cache']);
    for (const documentOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
      expect([documentOnly, headers[documentOnly]]).toEqual([documentOnly, undefined]);
    }
    // The manifest beside it is JSON a tab may open: it keeps the document policies.
    expect((await rawGet(`${edge.url}/mfe/learner/mf-manifest.json`)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('adds HSTS in production', async () => {
    const httpsProviders = runtimeConfigFromEnv({
      AUTH0_DOMAIN: 'https://academy.eu.auth0.com',
      RAZORPAY_CHECKOUT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
      NEWSLETTER_URL: 'https://forms.academy.example/newsletter',
      CONTACT_FORM_URL: 'https://forms.academy.example/contact',
    });
    const production = await createEdge({
      serviceUrls: { catalogue: 'http://127.0.0.1:1', commerce: 'http://127.0.0.1:1', progress: 'http://127.0.0.1:1' },
      appDirs: { shell: null, learner: null, educator: null, info: null },
      runtimeConfig: httpsProviders,
      production: true,
      allowSandboxProviders: false,
    }).listen(0);
    try {
      const { headers } = await rawGet(`${production.url}/runtime-config.json`);
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      expect(String(headers['content-security-policy'])).toMatch(/connect-src [^;]*https:\/\/academy\.eu\.auth0\.com/);
    } finally {
      await production.close();
    }
  });

  it('refuses the sandbox in production unless ALLOW_SANDBOX_PROVIDERS=true (test-only), which keeps HSTS and upgrade-insecure-requests', async () => {
    const sandboxConfig = runtimeConfigFromEnv({}, 'http://localhost:9999');
    const options = {
      serviceUrls: { catalogue: 'http://127.0.0.1:1', commerce: 'http://127.0.0.1:1', progress: 'http://127.0.0.1:1' },
      appDirs: { shell: null, learner: null, educator: null, info: null },
      runtimeConfig: sandboxConfig,
      production: true,
    };
    expect(() => createEdge({ ...options, allowSandboxProviders: false })).toThrow(/plain-http origins \(http:\/\/localhost:9999\)/);
    const productionLike = await createEdge({ ...options, allowSandboxProviders: true }).listen(0);
    try {
      const { headers } = await rawGet(`${productionLike.url}/runtime-config.json`);
      const csp = String(headers['content-security-policy']);
      expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:9999/);
      expect(csp).toContain('upgrade-insecure-requests');
      expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await productionLike.close();
    }
  });
});
