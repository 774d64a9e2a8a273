// What each remote publishes about its pages, in its federation manifest (`mf-manifest.json`, under
// `metaData.portalRoutes`): written at the remote's build from its own `src/pages.json`
// (tools/rspack/create-app-config.mjs), read by the shell in the browser (libs/platform/src/federation).
// zod/mini, as in runtime-config.ts: the shell checks it on every first page.
import { z } from 'zod/mini';

/** Key under the manifest's `metaData`; the federation runtime passes `metaData` through untouched. */
export const REMOTE_ROUTES_KEY = 'portalRoutes';

const pattern = z.string().check(z.regex(/^\/\S*$/, 'a route pattern starts with /'));

export const remoteRouteTableSchema = z.object({
  /** Route patterns of the remote's pages (`/course/:id`), matched whole. */
  pages: z.array(pattern),
  /** Patterns the remote answers when no remote has a page there (`/educator/*`: its own not-found page). */
  fallbacks: z._default(z.array(pattern), []),
  /** The remote brings its own header and footer (the educator area), so the shell hides its chrome there. */
  ownChrome: z._default(z.boolean(), false),
});

export type RemoteRouteTable = z.infer<typeof remoteRouteTableSchema>;

/** A remote's own page list (`<remote>/src/pages.json`): each page by name, so its App routes them by name. */
export interface RemotePagesFile {
  pages: Record<string, string>;
  fallbacks?: string[];
  ownChrome?: boolean;
}
