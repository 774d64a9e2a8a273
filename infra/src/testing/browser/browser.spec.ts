// The journey guard in real Chromium: what it records, what a test may declare, and the covered-controls helper.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, takeUnexpectedBrowserProblems } from './browser.js';
import { coveredControls } from './covered-controls.js';

const PAGE = `<!doctype html><html lang="en"><head><title>guard</title><link rel="icon" href="data:,"></head><body><main>
  <a id="covered" href="/x" style="position:absolute;top:100px;left:10px">Covered link</a>
  <a id="free" href="/y" style="position:absolute;top:300px;left:10px">Free link</a>
  <div style="position:fixed;top:90px;left:0;width:200px;height:40px;background:#000" class="floating">Floating box</div>
</main></body></html>`;

describe('the browser journey guard (real Chromium)', () => {
  let server: Server;
  let origin: string;
  let browser: Browser;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "default-src 'self'; img-src data:; style-src 'unsafe-inline'; frame-src 'none'" }).end(PAGE);
      } else {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('missing');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const causeEveryKind = async (page: import('playwright-core').Page) => {
    await page.goto(`${origin}/`);
    const refused = page.waitForEvent('console', { predicate: (message) => /Content Security Policy/.test(message.text()) });
    const missing = page.waitForResponse(`${origin}/missing.json`);
    const thrown = page.waitForEvent('pageerror');
    // Source, not a function: this package compiles without the DOM's types.
    await page.evaluate(`(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://www.youtube.com/embed/abcdefghijk';
      document.body.append(frame);
      console.error('something broke');
      void fetch('/missing.json');
      setTimeout(() => {
        throw new Error('uncaught in the page');
      });
    })()`);
    await Promise.all([refused, missing, thrown]);
    // Let the console line about the failed fetch arrive too.
    await page.waitForTimeout(200);
  };

  it('reports every undeclared problem once: policy violation, console error, page error, failed request to its origin', async () => {
    const { page, context } = await openPage(browser);
    await causeEveryKind(page);
    const problems = takeUnexpectedBrowserProblems();
    await context.close();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^csp: Framing 'https:\/\/www\.youtube\.com\/' violates/),
        expect.stringMatching(/^console: something broke/),
        'page-error: uncaught in the page',
        `request: 404 GET ${origin}/missing.json`,
      ]),
    );
    // Chromium's own "Failed to load resource" line for the 404 is the same failure: not counted twice.
    expect(problems.filter((line) => line.includes('missing.json'))).toHaveLength(1);
    expect(takeUnexpectedBrowserProblems()).toEqual([]);
  }, 30_000);

  it('lets a test declare the problems it causes, and reports a declared one that never happened', async () => {
    const watched = await openPage(browser);
    watched.expectProblem('csp', /frame-src/);
    watched.expectProblem('console', /something broke/);
    watched.expectProblem('page-error', /uncaught/);
    watched.expectProblem('request', /404 GET .*\/missing\.json/);
    watched.expectProblem('request', /never-requested/);
    await causeEveryKind(watched.page);
    await watched.context.close();
    expect(takeUnexpectedBrowserProblems()).toEqual(['expected request problem /never-requested/ did not happen']);
  }, 30_000);

  it('finds a control that a fixed element lies over, and not one in the clear', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${origin}/`);
    const covered = await coveredControls(page);
    await context.close();
    takeUnexpectedBrowserProblems();
    expect(covered).toEqual([{ control: 'a "Covered link"', coveredBy: 'div.floating "Floating box"', x: expect.any(Number), y: expect.any(Number) }]);
  }, 30_000);
});
