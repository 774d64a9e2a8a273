import { afterAll, beforeAll, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, waitForSettledNetwork } from '@academy/infra/browser';
import { portal } from '../support/portal.js';
const { portalUrl } = portal();
let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });
it('weighs', async () => {
  for (const locale of ['en-IN', 'hi-IN']) {
    const { page, context } = await openPage(browser, { width: 390, height: 844 }, { locale });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>(); const sizes = new Map<string, number>();
    cdp.on('Network.responseReceived', (e) => { if (e.type === 'Script') urls.set(e.requestId, e.response.url); });
    cdp.on('Network.loadingFinished', (e) => { if (urls.has(e.requestId)) sizes.set(urls.get(e.requestId)!, e.encodedDataLength); });
    await page.goto(`${portalUrl}/`);
    await page.getByRole('list').first().waitFor();
    await waitForSettledNetwork(page);
    let total = 0;
    for (const [url, size] of [...sizes].sort((a, b) => b[1] - a[1])) { total += size; console.log(locale, (size / 1024).toFixed(1), new URL(url).pathname); }
    console.log(locale, 'TOTAL', (total / 1024).toFixed(1));
    await context.close();
  }
});
