// The portal's service worker (built by shell/rspack.config.mjs; workbox-build injects the precache list).
// - A page comes from the edge while the network answers: the edge's HTML names the page's first screen (its
//   remote's files, data, strings and image), so they load in parallel instead of one after another. The precached
//   index.html answers when the network fails, is slower than PAGE_NETWORK_TIMEOUT_SECONDS or answers with an error.
// - The shell's own files are kept before the worker takes over, so they load at once, online or not. Its scripts are
//   kept when the worker activates, not when it installs: Chromium compiles every function of a script a worker
//   caches while installing and keeps that code, and reading it back for `main.js` took longer at each visit than
//   compiling the functions the page runs (a repeat visit's parse and compile of `main.js` 101 against 726 ms in
//   Lighthouse's simulation, same build and run).
// - A remote is never pinned: its remoteEntry.js and mf-manifest.json go to the network first and fall back to the
//   copy cached last only when the network fails, so a remote deployed alone is seen on the next online load.
//   Its other files carry a content hash in their name: cached on first use, never revalidated.
// - /runtime-config.json, network first, so the shell starts offline too.
// The API is not cached here: the learner remote keeps what a learner chose to have offline, per signed-in user
// (a cache keyed by URL alone would show one user's courses to the next user of the device).
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  isHashedFile,
  isRemoteEntryFile,
  isRemoteFile,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  PORTAL_CACHES,
  SERVER_ONLY_PATHS,
  splitShellFiles,
} from './cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const shellFiles = splitShellFiles(self.__WB_MANIFEST);

// No directory index: `/` is a page like any other (below), not the precached index.html.
precacheAndRoute(shellFiles.precached, { directoryIndex: '' });
cleanupOutdatedCaches();

/** Keeps this shell's scripts and drops those of earlier shells; a script that cannot be fetched now is kept on use. */
async function keepShellScripts(): Promise<void> {
  const cache = await caches.open(PORTAL_CACHES.shellScripts);
  const wanted = new Set(shellFiles.keptOnActivation.map((url) => new URL(url, self.location.origin).href));
  const kept = await cache.keys();
  await Promise.all(kept.filter((request) => !wanted.has(request.url)).map((request) => cache.delete(request)));
  const keptUrls = new Set(kept.map((request) => request.url));
  await Promise.all([...wanted].filter((url) => !keptUrls.has(url)).map((url) => cache.add(url).catch(() => undefined)));
}

// A new worker takes over at once, once this shell's scripts are kept: the page it then controls opens offline.
void self.skipWaiting();
self.addEventListener('activate', (event) => {
  event.waitUntil(keepShellScripts().finally(() => self.clients.claim()));
});

// The page's request starts while the worker starts up (navigation preload), not after.
enableNavigationPreload();

// Every page of the portal is the shell's index.html (the shell routes on the client), except what only the
// server answers: the API, media and files opened in their own tab. Online, the edge's copy (with the page's
// preloads); the precached one otherwise. A page's HTML is not cached per address: it names the shell's hashed
// files of its day, which a later shell's precache no longer holds.
const pageFromEdge = new NetworkOnly({ networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS });
registerRoute(
  new NavigationRoute(
    async (options) => {
      const precachedShell = async () => (await matchPrecache('/index.html')) ?? Response.error();
      try {
        const response = await pageFromEdge.handle(options);
        // A redirect is the server's answer too (a navigation's comes back opaque); an error is not.
        return response.ok || response.type === 'opaqueredirect' ? response : await precachedShell();
      } catch {
        return precachedShell();
      }
    },
    { denylist: SERVER_ONLY_PATHS },
  ),
);

// Any other navigation (a file or an API answer opened in its own tab) goes to the network as without the worker,
// through the request navigation preload already started: left unanswered, it would be fetched twice.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

const shellScriptPaths = new Set(shellFiles.keptOnActivation.map((url) => new URL(url, self.location.origin).pathname));
registerRoute(({ url, sameOrigin }) => sameOrigin && shellScriptPaths.has(url.pathname), new CacheFirst({ cacheName: PORTAL_CACHES.shellScripts, plugins: [okOnly] }));

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === '/runtime-config.json',
  new NetworkFirst({ cacheName: PORTAL_CACHES.config, plugins: [okOnly] }),
);

registerRoute(
  ({ url }) => isRemoteEntryFile(url),
  new NetworkFirst({ cacheName: PORTAL_CACHES.remoteEntries, plugins: [okOnly] }),
);

registerRoute(
  ({ url, sameOrigin }) => isRemoteFile(url, sameOrigin) && isHashedFile(url),
  new CacheFirst({
    cacheName: PORTAL_CACHES.remoteChunks,
    plugins: [okOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);
