import { API_PATH_PREFIX } from '@academy/contracts';

/** Where the worker is served: at the root, so its scope is every page of the portal. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the portal's service worker once the page has loaded (its precaching must not compete with the first
 * page's own files), then hands it the files this page already loaded, so the page works offline from the first
 * visit: the worker caches each by its rule (network first for a remote's entry, cache first for hashed chunks).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const loaded = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => /\.(js|css|json)(\?|$)/.test(url) && !url.includes(API_PATH_PREFIX));
        registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [...new Set(loaded)] } });
      })
      .catch((error: unknown) => console.warn('The offline service worker could not be installed.', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
