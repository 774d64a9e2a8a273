import { useMemo, useSyncExternalStore } from 'react';
import { REMOTE_ROUTES_KEY, type RemoteManifest, type RemoteRouteTable } from '@academy/contracts';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '../config/runtime-config';
import { preloadRemoteApp, registerRemoteFromManifest, remotesFromConfig, resetRegisteredRemotes } from './register-remotes';
import { matchRemote, type RemoteOfPath, type RouteTables, type RouteTableState } from './remote-routes';

// What the shell has learnt of each remote's pages, from the remotes' manifests (mf-manifest.json). The shell
// bundles no page list: a remote that adds a page is rebuilt and redeployed alone, and the next visit learns it.
// The same manifest tells the federation runtime where the remote's entry is (register-remotes.ts).

const allLoading = (): RouteTables =>
  Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, { status: 'loading' }])) as Record<RemoteName, RouteTableState>;

let tables: RouteTables = allLoading();
const listeners = new Set<() => void>();
/** Each remote's manifest as last read, with its URL: what its App's files are, for preloading them. */
const manifests = new Map<RemoteName, { manifest: RemoteManifest; url: string }>();
let learnt: { config: RuntimeConfig; fetchImpl: typeof fetch; except?: RemoteName } | undefined;

function setTable(remote: RemoteName, state: RouteTableState): void {
  tables = { ...tables, [remote]: state };
  for (const listener of listeners) listener();
}

/**
 * The route table a manifest publishes under `metaData.portalRoutes` (libs/contracts/src/remote-routes.ts), with its
 * defaults. The remote's build refuses a bad `pages.json` and the edge checks the table it reads with the contracts'
 * schema, so the first page carries no validator: this refuses only a manifest with no page list, such as one built
 * without this repository's tools/rspack.
 */
export function routeTableOfManifest(manifest: unknown, url: string): RemoteRouteTable {
  const metaData = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData;
  const table = metaData?.[REMOTE_ROUTES_KEY] as Partial<RemoteRouteTable> | undefined;
  if (!Array.isArray(table?.pages)) throw new Error(`${url} publishes no page list (metaData.${REMOTE_ROUTES_KEY})`);
  return { pages: table.pages, fallbacks: table.fallbacks ?? [], ownChrome: table.ownChrome ?? false };
}

function fetchRouteTable(remote: RemoteName, url: string, fetchImpl: typeof fetch): void {
  setTable(remote, { status: 'loading' });
  Promise.resolve()
    .then(() => fetchImpl(url))
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status} from ${url}`);
      return response.json() as Promise<RemoteManifest>;
    })
    .then((manifest) => {
      const table = routeTableOfManifest(manifest, url);
      registerRemoteFromManifest(remote, manifest, url);
      manifests.set(remote, { manifest, url });
      setTable(remote, { status: 'loaded', table });
    })
    .catch((error: unknown) => {
      console.error(`[federation] the pages of ${remote} are unknown: ${error instanceof Error ? error.message : String(error)}`);
      setTable(remote, { status: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
}

/**
 * Fetches every remote's manifest at once (in parallel, right after the runtime config): each tells the shell the
 * remote's pages and the federation runtime its entry. A standalone remote passes its own name as `except`: its
 * modules are local.
 */
export function learnRemoteRoutes(config: RuntimeConfig, fetchImpl: typeof fetch = (...args) => fetch(...args), except?: RemoteName): void {
  learnt = { config, fetchImpl, except };
  for (const { name, manifestUrl } of remotesFromConfig(config, window.location.href, except)) fetchRouteTable(name, manifestUrl, fetchImpl);
}

/** Asks again the remotes whose manifest could not be read (the Retry of the "not available" panel). */
export function retryRemoteRoutes(only?: RemoteName): void {
  if (!learnt) return;
  const { config, fetchImpl, except } = learnt;
  for (const { name, manifestUrl } of remotesFromConfig(config, window.location.href, except)) {
    if (tables[name].status === 'failed' && (only === undefined || only === name)) fetchRouteTable(name, manifestUrl, fetchImpl);
  }
}

/**
 * Resolves once the federation runtime knows where `remote`'s entry is (its manifest has been read), asking again
 * for a manifest that could not be read; rejects with the reason when it still cannot be. Before the manifests
 * are asked for at all (a test's own loader), there is nothing to wait for.
 */
export function whenRemoteRegistered(remote: RemoteName): Promise<void> {
  if (!learnt) return Promise.resolve();
  if (tables[remote].status === 'failed') retryRemoteRoutes(remote);
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const state = tables[remote];
      if (state.status === 'loading') return false;
      if (state.status === 'loaded') resolve();
      else reject(new Error(`${remote} is unavailable: ${state.message}`));
      return true;
    };
    if (check()) return;
    const unsubscribe = subscribe(() => check() && unsubscribe());
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The remote that serves `pathname`, updated as the remotes' manifests arrive. */
export function useRemoteOfPath(pathname: string): RemoteOfPath {
  const current = useSyncExternalStore(subscribe, () => tables);
  return useMemo(() => matchRemote(pathname, current), [pathname, current]);
}

/** Resolves once it is known which remote serves `pathname` (or that none can). */
export function whenRemoteOfPathKnown(pathname: string): Promise<RemoteOfPath> {
  return new Promise((resolve) => {
    const check = (): boolean => {
      const match = matchRemote(pathname, tables);
      if (match.status === 'pending') return false;
      resolve(match);
      return true;
    };
    if (check()) return;
    const unsubscribe = subscribe(() => check() && unsubscribe());
  });
}

/**
 * Starts fetching the remote that serves `pathname` (its entry, and the chunks its App needs at once, in parallel)
 * as soon as its manifest says so, instead of when React first renders the route, and one file after another.
 * A failure is left to the route's own load, which shows it.
 */
export function preloadRemoteOfPath(pathname: string): void {
  void whenRemoteOfPathKnown(pathname).then((match) => {
    const known = match.status === 'found' ? manifests.get(match.remote) : undefined;
    if (known) preloadRemoteApp(known.manifest, known.url);
  });
}

/** Test seam: the given remotes' pages as if their manifests had arrived; the others as unreadable. */
export function setRemoteRouteTables(known: Partial<Record<RemoteName, Partial<RemoteRouteTable> & Pick<RemoteRouteTable, 'pages'>>>): void {
  for (const remote of REMOTE_NAMES) {
    const table = known[remote];
    setTable(
      remote,
      table ? { status: 'loaded', table: { fallbacks: [], ownChrome: false, ...table } } : { status: 'failed', message: 'not given' },
    );
  }
}

/** Test seam: back to knowing nothing. */
export function resetRemoteRouteTables(): void {
  tables = allLoading();
  manifests.clear();
  resetRegisteredRemotes();
  learnt = undefined;
  for (const listener of listeners) listener();
}
