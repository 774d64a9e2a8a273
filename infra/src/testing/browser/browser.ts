import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium for the browser journeys: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export function chromiumPath(candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): string {
  if (!existsSync(candidate)) {
    throw new Error(`No Chromium at ${candidate}. Install it with "apt-get install -y chromium" or set CHROMIUM_PATH.`);
  }
  return candidate;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}

/**
 * A page that records console errors, page errors and failed answers, so journeys can assert a clean console;
 * Content Security Policy violations are also kept apart (a policy that blocks the page shows there first).
 */
export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  cspViolations: string[];
}

export async function openPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    consoleErrors.push(`${message.text()} (${message.location().url})`);
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) consoleErrors.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return { context, page, consoleErrors, cspViolations };
}
