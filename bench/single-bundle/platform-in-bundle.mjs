// Stands in for @academy/platform in the single-bundle build: the platform itself, except that the remotes' pages
// are known when the bundle is built (as in any one-bundle app) instead of learnt from their mf-manifest.json files,
// which a single bundle does not have. Without this every page showed "not available" (no route table arrived).
/* global SINGLE_BUNDLE_ROUTE_TABLES -- defined by rspack.config.mjs (DefinePlugin) */
import { setRemoteRouteTables } from '../../libs/platform/src/federation/remote-route-tables.ts';

export * from '../../libs/platform/src/index.ts';

/** Each remote's route table, read from its `pages.json` by rspack.config.mjs (the manifests' own source). */
export function learnRemoteRoutes() {
  setRemoteRouteTables(SINGLE_BUNDLE_ROUTE_TABLES);
}

/** Nothing to ask again: the tables are part of the bundle. */
export function retryRemoteRoutes() {}
