// A remote owns its pages: the learner team adds one, rebuilds and redeploys the learner remote alone, and the
// shell that is already deployed (same files, not rebuilt) serves it, having learnt it from the remote's manifest.
// The browser has the portal's service worker installed meanwhile: it must not pin the remote it has cached.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '@academy/infra/browser';
import { portal } from '../support/portal.js';
import { rebuildAndRedeploy, repoRoot } from '../support/redeploy.js';

const { portalUrl, learnerDistDir } = portal();
const NEW_PAGE = '/whats-new';
let browser: Browser;
let originalLearner: string;

beforeAll(async () => {
  browser = await launchBrowser();
  originalLearner = `${learnerDistDir}.original`;
  await cp(learnerDistDir, originalLearner, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  // The other journeys of the run get the learner remote as it was built.
  await rm(learnerDistDir, { recursive: true, force: true });
  await cp(originalLearner, learnerDistDir, { recursive: true });
  await rm(originalLearner, { recursive: true, force: true });
});

/** One digest of every file the edge serves for the shell: equal before and after means not rebuilt nor redeployed. */
async function shellFilesDigest(): Promise<string> {
  const shellDist = path.join(repoRoot, 'shell', 'dist');
  const hash = createHash('sha256');
  for (const file of (await readdir(shellDist, { recursive: true })).map(String).sort()) {
    const content = await readFile(path.join(shellDist, file)).catch(() => null); // folders read as null
    if (content) hash.update(file).update(content);
  }
  return hash.digest('hex');
}

/** The learner team's change: a page module, its line in pages.json and its component in App.tsx. */
async function addWhatsNewPage(appCopy: string): Promise<void> {
  await writeFile(
    path.join(appCopy, 'src', 'WhatsNewPage.tsx'),
    `export function WhatsNewPage() {\n  return <section><h1>What is new at Academy</h1><p>Shipped by the learner team alone.</p></section>;\n}\n`,
  );
  const pagesFile = path.join(appCopy, 'src', 'pages.json');
  const pages = JSON.parse(await readFile(pagesFile, 'utf8')) as { pages: Record<string, string> };
  pages.pages.whatsNew = NEW_PAGE;
  await writeFile(pagesFile, JSON.stringify(pages, null, 2));
  const appFile = path.join(appCopy, 'src', 'App.tsx');
  const app = await readFile(appFile, 'utf8');
  const routesCall = 'remotePageRoutes(pagesFile.pages, {';
  if (!app.includes(routesCall)) throw new Error(`mfe-learner/src/App.tsx no longer calls ${routesCall}: update this journey`);
  await writeFile(
    appFile,
    `import { WhatsNewPage } from './WhatsNewPage';\n${app.replace(routesCall, `${routesCall}\n          whatsNew: WhatsNewPage,`)}`,
  );
}

describe('a remote owns its routes', () => {
  it('serves a page added to the learner remote alone, through the unchanged shell and its service worker', async () => {
    const shellBefore = await shellFilesDigest();
    const { page, context } = await openPage(browser, undefined, { serviceWorkers: 'allow' });
    try {
      await page.goto(`${portalUrl}${NEW_PAGE}`);
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      // The worker controls the page, and the learner's manifest and entry have been through it (cached).
      await page.waitForFunction(() => (globalThis as unknown as { navigator: { serviceWorker?: { controller: unknown } } }).navigator.serviceWorker?.controller != null, undefined, {
        timeout: 30_000,
      });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
      expect(await page.evaluate(`caches.open('academy-remote-entries-v1').then((cache) => cache.keys()).then((keys) => keys.map((request) => new URL(request.url).pathname))`)).toEqual(
        expect.arrayContaining(['/mfe/learner/mf-manifest.json']),
      );

      await rebuildAndRedeploy('mfe-learner', learnerDistDir, addWhatsNewPage);
      const manifest = JSON.parse(await readFile(path.join(learnerDistDir, 'mf-manifest.json'), 'utf8')) as {
        metaData: { portalRoutes: { pages: string[] } };
      };
      expect(manifest.metaData.portalRoutes.pages).toContain(NEW_PAGE);

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'What is new at Academy' }).waitFor();
      // Inside the shell's chrome, like every learner page, and the learner's other pages still there.
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await page.goto(`${portalUrl}/course-list`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(0);
      expect(await shellFilesDigest()).toBe(shellBefore);
    } finally {
      await context.close();
    }
  });
});
