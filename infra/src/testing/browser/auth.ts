import type { Page } from 'playwright-core';

export type DemoAccount = 'Meera Iyer' | 'Aarav Sharma' | 'Diya Patel' | 'Kavita Sharma' | 'Nisha Rao';

/** Signs in through the real Auth0 SDK against the sandbox's hosted login page, and waits to be back. */
export async function signIn(page: Page, portalUrl: string, account: DemoAccount): Promise<void> {
  await page.goto(`${portalUrl}/`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: `Sign in as ${account}` }).click();
  await page.waitForURL((url) => url.origin === new URL(portalUrl).origin);
  // An educator signed in from the home page lands on the dashboard; a parent who does not study has no My
  // Enrollments (My Children is in the bar, or in the user menu on phones).
  if (account === 'Meera Iyer') {
    await page.waitForURL((url) => url.pathname === '/educator');
    await page.getByText(`Hi! ${account}`).waitFor({ state: 'attached' });
  } else if (account === 'Kavita Sharma') await page.getByRole('button', { name: account }).waitFor();
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
