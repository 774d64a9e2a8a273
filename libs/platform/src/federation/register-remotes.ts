import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteAppFiles, remoteEntryFile, type RemoteManifest } from '@academy/contracts';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '../config/runtime-config';
import { remoteFailurePlugin } from './remote-failure-plugin';

/** Each remote's manifest URL from the runtime config, made absolute, so its `publicPath: 'auto'` resolves. */
export function remotesFromConfig(config: RuntimeConfig, baseUrl: string, except?: RemoteName) {
  return REMOTE_NAMES.filter((name) => name !== except).map((name) => ({
    name,
    manifestUrl: new URL(config.remotes[name], baseUrl).href,
  }));
}

/** Where a remote's files are: its manifest's `publicPath`, where `auto` is the manifest's own folder. */
function remoteFolder(manifest: RemoteManifest, manifestUrl: string): string {
  const publicPath = manifest.metaData?.publicPath;
  return new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl).href;
}

/**
 * The federation runtime's entry for a remote, from the manifest the shell fetched for its pages. The runtime is
 * built without its manifest reader (`disableSnapshot`, tools/rspack/create-app-config.mjs): the shell reads every
 * manifest anyway, so the runtime is told the entry itself.
 */
export function remoteEntryOfManifest(name: RemoteName, manifest: RemoteManifest, manifestUrl: string) {
  const entryFile = remoteEntryFile(manifest);
  if (!entryFile) throw new Error(`${manifestUrl} names no remote entry (metaData.remoteEntry)`);
  return {
    name,
    entry: new URL(entryFile, remoteFolder(manifest, manifestUrl)).href,
    entryGlobalName: manifest.metaData?.globalName ?? name,
    type: manifest.metaData?.remoteEntry?.type ?? 'global',
  };
}

let failurePluginRegistered = false;
const registeredEntries = new Map<RemoteName, string>();

/**
 * Tells the federation runtime where a remote's entry is, as its manifest says now. A manifest fetched again (Retry)
 * that names another entry replaces the registration (`force`, which the runtime warns about); the same one is kept.
 */
export function registerRemoteFromManifest(name: RemoteName, manifest: RemoteManifest, manifestUrl: string): void {
  if (!failurePluginRegistered) {
    registerPlugins([remoteFailurePlugin()]);
    failurePluginRegistered = true;
  }
  const remote = remoteEntryOfManifest(name, manifest, manifestUrl);
  const registered = registeredEntries.get(name);
  if (registered === remote.entry) return;
  registerRemotes([remote], { force: registered !== undefined });
  registeredEntries.set(name, remote.entry);
}

/** Test seam: no remote registered yet. */
export function resetRegisteredRemotes(): void {
  registeredEntries.clear();
}

/**
 * Starts fetching a remote's entry and the files its App needs at once, in parallel, before React renders its
 * route (the edge's page already names them; this covers a page it did not, and a CDN's remote).
 */
export function preloadRemoteApp(manifest: RemoteManifest, manifestUrl: string): void {
  const folder = remoteFolder(manifest, manifestUrl);
  const entryFile = remoteEntryFile(manifest);
  const preloaded = new Set([...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href));
  for (const file of [...(entryFile ? [entryFile] : []), ...remoteAppFiles(manifest)]) {
    const href = new URL(file, folder).href;
    if (preloaded.has(href)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', file.endsWith('.css') ? 'style' : 'script');
    link.href = href;
    document.head.append(link);
  }
}
