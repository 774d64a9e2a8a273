// Which requests the service worker caches and how; plain functions so they are tested without a worker.

/** Cache names, versioned by their rule: a change of rule starts a new cache instead of reading an old one. */
export const PORTAL_CACHES = {
  config: 'academy-runtime-config-v1',
  remoteEntries: 'academy-remote-entries-v1',
  remoteChunks: 'academy-remote-chunks-v1',
} as const;

/** Paths only the server answers: never given the shell's index.html by the worker. */
export const SERVER_ONLY_PATHS: RegExp[] = [/^\/api\//, /^\/media\//, /^\/mfe\//, /^\/internal\//, /^\/runtime-config\.json$/, /\/[^/?]+\.[a-z0-9]+$/i];

/** A remote's entry or manifest: what says which version of the remote is deployed (network first). */
export function isRemoteEntryFile(url: URL): boolean {
  return /\/(remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/.test(url.pathname);
}

/**
 * A file of a remote: under the portal's /mfe/ prefix, or on another origin in a folder that holds a remoteEntry.js
 * (a CDN) — only scripts and styles are kept from another origin.
 */
export function isRemoteFile(url: URL, sameOrigin: boolean): boolean {
  if (sameOrigin) return url.pathname.startsWith('/mfe/');
  return /\.(js|css)$/.test(url.pathname);
}

/** Named with a content hash by the build (`[name].[contenthash:8].js`): the name changes when the content does. */
export function isHashedFile(url: URL): boolean {
  return /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(url.pathname);
}
