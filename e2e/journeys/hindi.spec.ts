// Hindi: the language switch on /, remembered in the browser, chosen first from the browser's language, and every
// mounted remote re-rendered at once without a reload, loading only the chosen language's strings.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The translation chunks the page fetched, as "namespace-language" (i18n-learner-hi-json.1a2b3c4d.js → learner-hi). */
function translationChunks(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = /i18n-([a-z]+)-([a-z]+)-json/.exec(new URL(request.url()).pathname);
    if (match) seen.push(`${match[1]}-${match[2]}`);
  });
  return seen;
}

describe('the portal in Hindi', () => {
  it('switches every part of / to Hindi without a reload, and remembers it', async () => {
    const { page, context } = await openPage(browser, undefined, { locale: 'en-IN' });
    const chunks = translationChunks(page);
    await page.goto(`${portalUrl}/`);
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(chunks.every((chunk) => chunk.endsWith('-en'))).toBe(true);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await page.getByRole('button', { name: 'खाता बनाएँ' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(chunks).toContain('shell-hi');

    await page.reload();
    await page.getByRole('button', { name: 'खाता बनाएँ' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await context.close();
  });

  it('starts in Hindi for a browser set to Hindi, fetching only the Hindi strings', async () => {
    const { page, context } = await openPage(browser, undefined, { locale: 'hi-IN' });
    const chunks = translationChunks(page);
    await page.goto(`${portalUrl}/`);
    await page.getByRole('button', { name: 'खाता बनाएँ' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((chunk) => !chunk.endsWith('-hi'))).toEqual([]);
    await context.close();
  });

  it('opens in Hindi from a link with ?lang=hi, whatever the browser says', async () => {
    const { page, context } = await openPage(browser, undefined, { locale: 'en-US' });
    await page.goto(`${portalUrl}/about?lang=hi`);
    await page.getByRole('button', { name: 'खाता बनाएँ' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await context.close();
  });
});
