// The portal's service worker (built by shell/rspack.config.mjs; workbox-build injects the precache list).
// - The shell's own files are precached: index.html answers every page offline, and its hashed scripts load at once.
// - A remote is never pinned: its remoteEntry.js and mf-manifest.json go to the network first and fall back to the
//   copy cached last only when the network fails, so a remote deployed alone is seen on the next online load.
//   Its other files carry a content hash in their name: cached on first use, never revalidated.
// - /runtime-config.json, network first, so the shell starts offline too.
// The API is not cached here: the learner remote keeps what a learner chose to have offline, per signed-in user
// (a cache keyed by URL alone would show one user's courses to the next user of the device).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { isHashedFile, isRemoteEntryFile, isRemoteFile, PORTAL_CACHES, SERVER_ONLY_PATHS } from './cache-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new worker takes over at once: the shell files it precaches are the ones the edge now serves.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the portal is the shell's index.html (the shell routes on the client), except what only the
// server answers: the API, media and files opened in their own tab.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: SERVER_ONLY_PATHS,
  }),
);

const okOnly = new CacheableResponsePlugin({ statuses: [200] });

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
