// Which requests the service worker caches and how; plain functions so they are tested without a worker.

/** Cache names, versioned by their rule: a change of rule starts a new cache instead of reading an old one. */
export const PORTAL_CACHES = {
  config: 'academy-runtime-config-v1',
  remoteEntries: 'academy-remote-entries-v1',
  remoteChunks: 'academy-remote-chunks-v1',
  shellScripts: 'academy-shell-scripts-v1',
} as const;

/** One file of the shell's build as workbox-build lists it: a null revision means the name carries a content hash. */
export interface ShellFile {
  url: string;
  revision: string | null;
}

/**
 * The shell's hashed scripts are kept when the worker activates (the worker caches them itself); everything else
 * is precached when it installs. A script without a hash in its name stays precached: its revision is what
 * tells a new copy from an old one.
 */
export function splitShellFiles(files: ShellFile[]): { precached: ShellFile[]; keptOnActivation: string[] } {
  const keptOnActivation = files.filter((file) => file.revision === null && /\.js$/.test(file.url));
  return { precached: files.filter((file) => !keptOnActivation.includes(file)), keptOnActivation: keptOnActivation.map((file) => file.url) };
}

/**
 * How long a page waits for the edge's HTML before the worker answers with the precached shell: on a connection that
 * hangs, the portal still opens (what it holds offline) instead of waiting for the browser's own timeout.
 */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 3;

/** Paths only the server answers: never given the shell's index.html by the worker. */
export const SERVER_ONLY_PATHS: RegExp[] = [/^\/api\//, /^\/media\//, /^\/mfe\//, /^\/internal\//, /^\/runtime-config\.json$/, /\/[^/?]+\.[a-z0-9]+$/i];

/** A remote's entry or manifest: what says which version of the remote is deployed (network first). */
export function isRemoteEntryFile(url: URL): boolean {
  return /\/(remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/.test(url.pathname);
}

/**
 * A file of a remote: under the portal's /mfe/ prefix, or on another origin in a folder that holds a remoteEntry.js
 * (a CDN) — only scripts, styles and strings (JSON) are kept from another origin.
 */
export function isRemoteFile(url: URL, sameOrigin: boolean): boolean {
  if (sameOrigin) return url.pathname.startsWith('/mfe/');
  return /\.(js|css|json)$/.test(url.pathname);
}

/** Named with a content hash by the build (`[name].[contenthash:8].js`): the name changes when the content does. */
export function isHashedFile(url: URL): boolean {
  return /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i.test(url.pathname);
}
