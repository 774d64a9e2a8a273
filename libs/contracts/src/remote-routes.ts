// What each remote publishes about its pages, in its federation manifest (`mf-manifest.json`, under
// `metaData.portalRoutes`): written at the remote's build from its own `src/pages.json`
// (tools/rspack/create-app-config.mjs, which refuses a bad one), read by the edge for its preloads and by the shell
// in the browser (libs/platform/src/federation). Its schema is in remote-route-schemas.ts, apart, so the shell's
// first page reads the table without carrying a validator.
import type { remoteRouteTableSchema } from './remote-route-schemas.js';
import type { z } from 'zod/mini';

/** Key under the manifest's `metaData`; the federation runtime passes `metaData` through untouched. */
export const REMOTE_ROUTES_KEY = 'portalRoutes';

export type RemoteRouteTable = z.output<typeof remoteRouteTableSchema>;

/** A remote's own page list (`<remote>/src/pages.json`): each page by name, so its App routes them by name. */
export interface RemotePagesFile {
  pages: Record<string, string>;
  fallbacks?: string[];
  ownChrome?: boolean;
}
