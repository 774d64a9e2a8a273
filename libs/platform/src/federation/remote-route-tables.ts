import { useMemo, useSyncExternalStore } from 'react';
import { preloadRemote, registerPlugins, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_ROUTES_KEY, remoteRouteTableSchema, type RemoteRouteTable } from '@academy/contracts';
import { REMOTE_NAMES, type RemoteName, type RuntimeConfig } from '../config/runtime-config';
import { remotesFromConfig } from './register-remotes';
import { matchRemote, type RemoteOfPath, type RouteTables, type RouteTableState } from './remote-routes';

// What the shell has learnt of each remote's pages, from the remotes' manifests (mf-manifest.json). The shell
// bundles no page list: a remote that adds a page is rebuilt and redeployed alone, and the next visit learns it.

const allLoading = (): RouteTables =>
  Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, { status: 'loading' }])) as Record<RemoteName, RouteTableState>;

let tables: RouteTables = allLoading();
const listeners = new Set<() => void>();
/** Each manifest's text by URL, handed to the federation runtime too, so every manifest is fetched once. */
const manifests = new Map<string, Promise<string>>();
let learnt: { config: RuntimeConfig; fetchImpl: typeof fetch } | undefined;

function setTable(remote: RemoteName, state: RouteTableState): void {
  tables = { ...tables, [remote]: state };
  for (const listener of listeners) listener();
}

/** The route table a manifest publishes under `metaData.portalRoutes` (libs/contracts/src/remote-routes.ts). */
export function routeTableOfManifest(manifest: unknown, url: string): RemoteRouteTable {
  const metaData = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData;
  const parsed = remoteRouteTableSchema.safeParse(metaData?.[REMOTE_ROUTES_KEY]);
  if (!parsed.success) throw new Error(`${url} publishes no valid page list (metaData.${REMOTE_ROUTES_KEY})`);
  return parsed.data;
}

function fetchRouteTable(remote: RemoteName, url: string, fetchImpl: typeof fetch): void {
  setTable(remote, { status: 'loading' });
  const text = Promise.resolve()
    .then(() => fetchImpl(url))
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status} from ${url}`);
      return response.text();
    });
  manifests.set(url, text);
  text
    .then((body) => setTable(remote, { status: 'loaded', table: routeTableOfManifest(JSON.parse(body), url) }))
    .catch((error: unknown) => {
      manifests.delete(url);
      console.error(`[federation] the pages of ${remote} are unknown: ${error instanceof Error ? error.message : String(error)}`);
      setTable(remote, { status: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
}

/**
 * Federation runtime plugin: when the runtime asks for a manifest the shell already fetched for its pages, it gets
 * that answer, so learning the routes adds no request to the first page (the owner's manifest is needed anyway).
 */
export function sharedManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'academy-shared-manifests',
    fetch(url) {
      const text = manifests.get(url);
      if (!text) return undefined;
      return text.then((body) => new Response(body, { headers: { 'content-type': 'application/json' } }));
    },
  };
}

/**
 * Fetches every remote's manifest at once (in parallel, right after the runtime config) and learns their pages.
 * Call after `registerRuntimeRemotes`, before anything loads a remote.
 */
export function learnRemoteRoutes(config: RuntimeConfig, fetchImpl: typeof fetch = (...args) => fetch(...args)): void {
  if (!learnt) registerPlugins([sharedManifestPlugin()]);
  learnt = { config, fetchImpl };
  for (const { name, entry } of remotesFromConfig(config, window.location.href)) fetchRouteTable(name, entry, fetchImpl);
}

/** Asks again the remotes whose manifest could not be read (the Retry of the "not available" panel). */
export function retryRemoteRoutes(): void {
  if (!learnt) return;
  const { config, fetchImpl } = learnt;
  for (const { name, entry } of remotesFromConfig(config, window.location.href)) {
    if (tables[name].status === 'failed') fetchRouteTable(name, entry, fetchImpl);
  }
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
    if (match.status !== 'found') return;
    return preloadRemote([{ nameOrAlias: match.remote, exposes: ['./App'], resourceCategory: 'sync' }]).catch(() => undefined);
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
  learnt = undefined;
  for (const listener of listeners) listener();
}
