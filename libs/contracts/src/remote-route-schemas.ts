// The route table a remote's manifest publishes (remote-routes.ts), as the edge checks it when it reads a manifest.
import { z } from 'zod/mini';

const pattern = z.string().check(z.regex(/^\/\S*$/, 'a route pattern starts with /'));

export const remoteRouteTableSchema = z.object({
  /** Route patterns of the remote's pages (`/course/:id`), matched whole. */
  pages: z.array(pattern),
  /** Patterns the remote answers when no remote has a page there (`/educator/*`: its own not-found page). */
  fallbacks: z._default(z.array(pattern), []),
  /** The remote brings its own header and footer (the educator area), so the shell hides its chrome there. */
  ownChrome: z._default(z.boolean(), false),
});
