// Walking skeleton journeys: the federated portal, sandbox sign-in, the educator guard, remote failure
// and independent deployment of one remote.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { cachedAccessToken, launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';
import { rebuildAndRedeploy, repoRoot } from '../support/redeploy.js';
const { portalUrl, infoDistDir } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('walking skeleton', () => {
  it('shows the demo course titles on the home page', async () => {
    const response = await fetch(`${portalUrl}/api/course/all`);
    const body = (await response.json()) as { success: boolean; courses: { courseTitle: string }[] };
    expect(body.success).toBe(true);
    expect(body.courses.length).toBeGreaterThanOrEqual(4);

    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/`);
    await page.getByText(body.courses[0].courseTitle, { exact: true }).first().waitFor();
    await context.close();
  });

  it('signs the demo educator in (landing on the dashboard) and out, and shows the educator area', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Meera Iyer', { fresh: true });
    await page.getByText('Hi! Meera Iyer').waitFor();
    expect(new URL(page.url()).pathname).toBe('/educator');
    await page.goto(`${portalUrl}/`);
    await page.getByRole('link', { name: 'Educator Dashboard' }).first().click();
    await page.getByText('Hi! Meera Iyer').waitFor();
    expect(new URL(page.url()).pathname).toBe('/educator');
    // Navbar and WhatsApp box are not shown under /educator.
    expect(await page.getByRole('link', { name: 'My Enrollments' }).count()).toBe(0);

    await page.goto(`${portalUrl}/`);
    await page.getByRole('button', { name: 'Meera Iyer' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
    await context.close();
  });

  it('hides the educator area from a student and answers 403 on every educator API route', async () => {
    const { page, context } = await openPage(browser);
    await signIn(page, portalUrl, 'Aarav Sharma');
    expect(await page.getByRole('link', { name: 'Educator Dashboard' }).count()).toBe(0);

    const token = await cachedAccessToken(page);
    const routes = JSON.parse(await readFile(path.join(repoRoot, 'infra/routes.json'), 'utf8')) as {
      api: { prefix: string; service: string }[];
    };
    const educatorPaths = routes.api.map((route) => route.prefix).filter((prefix) => prefix.startsWith('/api/educator/'));
    expect(educatorPaths.length).toBeGreaterThanOrEqual(4);
    for (const prefix of educatorPaths) {
      // A prefix of routes with an id (`/api/educator/quiz-stats/`) is asked with one: a demo course's.
      const educatorPath = prefix.endsWith('/') ? `${prefix}10000000-0000-4000-8000-000100000000` : prefix;
      const method = educatorPath.endsWith('add-course') ? 'POST' : 'GET';
      const response = await fetch(`${portalUrl}${educatorPath}`, { method, headers: { Authorization: `Bearer ${token}` } });
      expect({ educatorPath, status: response.status }).toEqual({ educatorPath, status: 403 });
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/educator/i);
    }

    await page.goto(`${portalUrl}/educator`);
    await page.getByText(/for educators/i).first().waitFor();
    await context.close();
  });

  it('keeps the chrome working when the info remote is down', async () => {
    const parked = `${infoDistDir}.parked`;
    await rename(infoDistDir, parked);
    try {
      const watched = await openPage(browser);
      const { page, context } = watched;
      // The remote is down on purpose: its manifest answers 404 and the federation runtime says so in the console.
      watched.expectProblem('request', /^404 GET .*\/mfe\/info\/mf-manifest\.json$/);
      watched.expectProblem('console', /Federation Runtime|\[federation\]/);
      await page.goto(`${portalUrl}/about`);
      await page.getByText('This part of the portal is not available right now').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      // The navbar still works: the logo goes home and the learner remote renders.
      await page.getByRole('contentinfo').waitFor();
      await page.getByRole('navigation').first().getByRole('link').first().click();
      await page.waitForURL(`${portalUrl}/`);
      await context.close();
    } finally {
      await rename(parked, infoDistDir);
    }
  });

  it('serves a rebuilt info remote to the unchanged running shell', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/about`);
    await page.getByRole('heading', { level: 1, name: 'About Academy' }).waitFor();

    // A copy of mfe-info-pages whose About heading differs, built and deployed over the folder the edge serves.
    try {
      await rebuildAndRedeploy('mfe-info-pages', infoDistDir, async (appCopy) => {
        const aboutData = await findAboutHeadingFile(appCopy);
        await writeFile(aboutData, (await readFile(aboutData, 'utf8')).replace('About Academy', 'About Academy, redeployed'));
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'About Academy, redeployed' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

async function findAboutHeadingFile(appDir: string): Promise<string> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(path.join(appDir, 'src'), { recursive: true });
  for (const entry of entries) {
    const file = path.join(appDir, 'src', entry.toString());
    if (!/\.(tsx?|json)$/.test(file) || /\.spec\.tsx?$/.test(file)) continue;
    if ((await readFile(file, 'utf8')).includes('About Academy')) return file;
  }
  throw new Error('No source file of mfe-info-pages holds the About heading');
}
