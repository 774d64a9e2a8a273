import type { BrowserContext, Page } from 'playwright-core';

export type DemoAccount = 'Meera Iyer' | 'Aarav Sharma' | 'Diya Patel' | 'Kavita Sharma' | 'Nisha Rao';

export interface SignInOptions {
  /** Through the sign-in page even if this test file has signed the account in before (a test of the sign-in itself). */
  fresh?: boolean;
}

type Cookie = Awaited<ReturnType<BrowserContext['cookies']>>[number];

/** What a sign-in leaves in the browser: the SDK's session and the provider's, and the page it landed on. */
interface KeptSession {
  cookies: Cookie[];
  portalStorage: { name: string; value: string }[];
  landedOn: string;
}

/**
 * Sessions signed in by this test file, by portal and account. Jest gives each test file its own copy of this
 * module, so every file signs each account in through the provider once; later sign-ins open the kept session in
 * their new context, as a returning browser would (the SDK restores it from localStorage), about 2 s less each.
 */
const keptSessions = new Map<string, KeptSession>();

/** Cookies the portal writes for the page rather than for the session: the next page decides them itself. */
const NOT_KEPT_COOKIES = /^(academy\.language|_interaction(\.sig)?)$/;

/**
 * Signs in through the real Auth0 SDK against the sandbox's hosted login page, and waits to be back. An account this
 * test file signed in before gets that session again (see `keptSessions`), unless `fresh` is asked.
 */
export async function signIn(page: Page, portalUrl: string, account: DemoAccount, { fresh = false }: SignInOptions = {}): Promise<void> {
  const key = `${portalUrl} ${account}`;
  const kept = fresh ? undefined : keptSessions.get(key);
  if (kept) {
    await page.context().addCookies(kept.cookies);
    // A small document of the portal's origin, to write that origin's storage before any page of it runs.
    await page.goto(`${portalUrl}/runtime-config.json`);
    await page.evaluate((entries) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(name: string, value: string): void } }).localStorage;
      for (const { name, value } of entries) storage.setItem(name, value);
    }, kept.portalStorage);
    await page.goto(kept.landedOn);
    await waitUntilSignedIn(page, account);
    return;
  }
  await page.goto(`${portalUrl}/`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: `Sign in as ${account}` }).click();
  await page.waitForURL((url) => url.origin === new URL(portalUrl).origin);
  // An educator signed in from the home page lands on the dashboard.
  if (account === 'Meera Iyer') await page.waitForURL((url) => url.pathname === '/educator');
  await waitUntilSignedIn(page, account);
  const state = await page.context().storageState();
  const portalOrigin = new URL(portalUrl).origin;
  keptSessions.set(key, {
    cookies: state.cookies.filter((cookie) => !NOT_KEPT_COOKIES.test(cookie.name)),
    portalStorage: state.origins.find((origin) => origin.origin === portalOrigin)?.localStorage ?? [],
    landedOn: page.url(),
  });
}

async function waitUntilSignedIn(page: Page, account: DemoAccount): Promise<void> {
  // A parent who does not study has no My Enrollments (My Children is in the bar, or in the user menu on phones).
  if (account === 'Meera Iyer') await page.getByText(`Hi! ${account}`).waitFor({ state: 'attached' });
  else if (account === 'Kavita Sharma') await page.getByRole('button', { name: account }).waitFor();
  else await page.getByRole('link', { name: 'My Enrollments' }).first().waitFor();
}

/** The part of the page's localStorage read here (this package compiles without the DOM types). */
interface PageStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
}

/** The access token the SDK cached (cacheLocation: 'localstorage'). */
export async function cachedAccessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const storage = (globalThis as unknown as { localStorage: PageStorage }).localStorage;
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index) ?? '';
      if (!key.startsWith('@@auth0spajs@@') || key.includes('@@user@@')) continue;
      const entry = JSON.parse(storage.getItem(key) ?? '{}') as { body?: { access_token?: string } };
      if (entry.body?.access_token) return entry.body.access_token;
    }
    return null;
  });
  if (!token) throw new Error('The sign-in SDK cached no access token in localStorage');
  return token;
}
