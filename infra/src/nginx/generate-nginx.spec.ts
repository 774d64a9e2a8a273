import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_ASSET_PATTERN, REMOTE_ENTRY_PATTERN } from '../edge/security-headers.js';
import { runtimeConfigFromEnv } from '../edge/runtime-config.js';
import { loadRouteTable } from '../routes/route-table.js';
import { BROTLI_STATIC_MODULE, firstRequestsLinkHeader, generateNginxConfig, nginxConfigFile } from './generate-nginx.js';

describe('nginx config', () => {
  it('is in sync with routes.json (run `npm run build -w @academy/infra && npm run generate:nginx -w @academy/infra`)', () => {
    expect(readFileSync(nginxConfigFile, 'utf8')).toBe(generateNginxConfig());
  });

  it('sends every API prefix of the table to its service and denies /internal/', () => {
    const config = generateNginxConfig();
    for (const route of loadRouteTable().api) {
      const location = route.prefix.endsWith('/') ? `location ^~ ${route.prefix} {` : `location = ${route.prefix} {`;
      const start = config.indexOf(location);
      expect(start).toBeGreaterThan(-1);
      expect(config.slice(start, config.indexOf('}', start))).toContain(`proxy_pass http://${route.service};`);
    }
    const internal = config.slice(config.indexOf('location ^~ /internal/ {'));
    expect(internal.slice(0, internal.indexOf('}'))).toContain('return 404');
  });

  it('passes a request id to the services and returns it from every location (add_header is not inherited)', () => {
    const config = generateNginxConfig();
    expect(config).toContain('proxy_set_header X-Request-Id $request_id;');
    expect(config.split('add_header X-Request-Id $request_id always;').length).toBe(config.split('add_header Timing-Allow-Origin').length);
  });

  it('passes server-sent event streams on at once and keeps a quiet one open for an hour', () => {
    const config = generateNginxConfig();
    const stream = /location = \/api\/notifications\/stream \{([^}]*)\}/.exec(config)![1]!;
    for (const line of ['proxy_pass http://progress;', 'proxy_buffering off;', 'gzip off;', 'proxy_read_timeout 3600s;']) expect(stream).toContain(line);
    const list = /location = \/api\/notifications \{([^}]*)\}/.exec(config)![1]!;
    expect(list).not.toContain('proxy_buffering off;');
  });

  it('passes the live classes gateway WebSocket upgrade on and keeps a quiet one open for an hour', () => {
    const config = generateNginxConfig();
    const location = /location \^~ \/api\/live-gateway\/ \{([^}]*)\}/.exec(config)?.[1] ?? '';
    expect(location).toContain('proxy_pass http://progress-gateway;');
    expect(location).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(location).toContain('proxy_set_header Connection "upgrade";');
    expect(location).toContain('proxy_read_timeout 3600s;');
    expect(config).toMatch(/upstream progress-gateway \{\s*server progress-gateway:3123;/);
  });

  it("sends the build's compressed copies of hashed files, with Debian's brotli_static module loaded by its path", () => {
    const config = generateNginxConfig();
    expect(config).toContain(`load_module ${BROTLI_STATIC_MODULE};`);
    expect(config.indexOf('load_module')).toBeLessThan(config.indexOf('http {'));
    const hashedLocations = [...config.matchAll(/location ~\* "\[\.-\]\[0-9a-f\]\{8,\}[^"]*" \{([^}]*)\}/g)].map((match) => match[1]!);
    expect(hashedLocations.length).toBeGreaterThan(0);
    for (const location of hashedLocations) for (const line of ['brotli_static on;', 'gzip_static on;']) expect(location).toContain(line);
    // remoteEntry.js and the manifests keep their names from build to build: no copy could be trusted for them.
    expect(config.split('brotli_static on;').length - 1).toBe(hashedLocations.length);
  });

  it('answers the portal’s first-screen session requests with nothing kept (nginx renders no page)', () => {
    const config = generateNginxConfig();
    expect(config).toMatch(/location = \/first-screen-session \{[^}]*return 204;\n[^}]*\}/);
  });

  it('has balanced braces', () => {
    const config = generateNginxConfig();
    expect(config.split('{').length).toBe(config.split('}').length);
  });

  // Debian's nginx checks the config for real (`nginx -t`); service host names become 127.0.0.1, as nginx resolves them.
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  (nginx ? it : it.skip)('is accepted by nginx itself (nginx -t)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-t-'));
    try {
      const config = generateNginxConfig().replace(/server (progress-gateway|catalogue|commerce|progress):/g, 'server 127.0.0.1:');
      writeFileSync(path.join(dir, 'nginx.conf'), config);
      const output = execFileSync(nginx!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', `pid ${dir}/nginx.pid; error_log ${dir}/error.log;`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output).toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends the security headers from every location (nginx does not inherit add_header into blocks that set their own)', () => {
    const config = generateNginxConfig();
    const blocksWithHeaders = config.split('add_header Timing-Allow-Origin').length - 1;
    // Each app mount has one block for its hashed build assets and one for a remote's entry script: scripts that
    // carry no document policy.
    const assetBlocks = config.split(`location ~* "${BUILD_ASSET_PATTERN}"`).length - 1;
    expect(assetBlocks).toBe(loadRouteTable().static.length);
    const entryBlocks = config.split(`location ~ "${REMOTE_ENTRY_PATTERN}"`).length - 1;
    expect(entryBlocks).toBe(loadRouteTable().static.length);
    for (const header of ['X-Content-Type-Options "nosniff"', 'Strict-Transport-Security']) {
      expect([header, config.split(`add_header ${header}`).length - 1]).toEqual([header, blocksWithHeaders]);
    }
    for (const header of ['Content-Security-Policy', 'Referrer-Policy', 'X-Frame-Options "DENY"']) {
      expect([header, config.split(`add_header ${header}`).length - 1]).toEqual([header, blocksWithHeaders - assetBlocks - entryBlocks]);
    }
    const csp = /Content-Security-Policy "([^"]+)"/.exec(config)?.[1] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it("names the runtime config and the same-origin remotes' manifests in the Link header of every page's HTML, and of nothing else", () => {
    const config = generateNginxConfig();
    const index = config.slice(config.indexOf('location = /index.html {'));
    const indexBlock = index.slice(0, index.indexOf('}'));
    expect(indexBlock).toContain(
      'add_header Link "</runtime-config.json>; rel=preload; as=fetch; crossorigin=anonymous, </mfe/learner/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, ' +
        '</mfe/educator/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous, </mfe/info/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous" always;',
    );
    // The page's own headers stay (nginx drops inherited add_header in a block that sets its own).
    expect(indexBlock).toContain('add_header Content-Security-Policy');
    expect(indexBlock).toContain('add_header Cache-Control "no-cache" always;');
    expect(config.split('add_header Link ').length - 1).toBe(1);
    // A remote moved to a CDN is the runtime config's business: its manifest is not preloaded from here.
    const onCdn = firstRequestsLinkHeader({ ...runtimeConfigFromEnv({}, 'https://id.example'), remotes: { learner: 'https://cdn.example/learner/mf-manifest.json', educator: '/mfe/educator/mf-manifest.json', info: '//cdn.example/info/mf-manifest.json' } });
    expect(onCdn).toBe('</runtime-config.json>; rel=preload; as=fetch; crossorigin=anonymous, </mfe/educator/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous');
  });

  it('builds the CSP from the runtime config it serves; a plain-http one (the sandbox) only with the test-only escape', () => {
    const sandboxConfig = runtimeConfigFromEnv({}, 'http://localhost:9999');
    expect(() => generateNginxConfig(loadRouteTable(), { runtimeConfig: sandboxConfig })).toThrow(/plain-http origins \(http:\/\/localhost:9999\)/);
    const config = generateNginxConfig(loadRouteTable(), { runtimeConfig: sandboxConfig, allowSandboxProviders: true });
    const csp = /Content-Security-Policy "([^"]+)"/.exec(config)?.[1] ?? '';
    expect(csp).toMatch(/script-src 'self' http:\/\/localhost:9999(;|$)/);
    expect(csp).toMatch(/connect-src [^;]*http:\/\/localhost:9999/);
    // Still production: the escape adds the sandbox's origin and nothing else.
    expect(csp).toContain('upgrade-insecure-requests');
    expect(config).toContain('add_header Strict-Transport-Security');
  });
});
