import { readFileSync } from 'node:fs';
import { routesFile } from '../paths.js';

export type ServiceName = 'catalogue' | 'commerce' | 'progress';
export type AppName = 'shell' | 'learner' | 'educator' | 'info';

export interface ApiRoute {
  prefix: string;
  service: ServiceName;
  /**
   * A long-lived server-sent event stream: every proxy passes each event on at once (no buffering, no
   * compression) and keeps the connection open for an hour of quiet (the service also sends a heartbeat).
   */
  streaming?: boolean;
}

/** How long a proxy waits for the next byte of a streaming route before closing it. */
export const STREAM_READ_TIMEOUT_SECONDS = 3600;

export interface StaticMount {
  prefix: string;
  app: AppName;
  /** Workspace folder (relative to the repo root) whose dist/ holds the app's files. */
  workspace: string;
  spaFallback?: boolean;
}

/** A WebSocket route: upgrades under `prefix` go to an entry point that is not a service's HTTP one. */
export interface WebSocketRoute {
  prefix: string;
  /** E.g. `progress-gateway` (progress's `gateway` entry point). */
  entryPoint: string;
  /** Its port (the Kubernetes Service `<entryPoint>:<port>` in production). */
  port: number;
}

export interface RouteTable {
  services: Record<ServiceName, { port: number; portEnv: string }>;
  api: ApiRoute[];
  websockets?: WebSocketRoute[];
  denied: string[];
  apiNotFoundPrefix: string;
  static: StaticMount[];
  noCacheFiles: string[];
}

export type RouteMatch =
  | { kind: 'service'; service: ServiceName; prefix: string; streaming: boolean }
  | { kind: 'denied'; prefix: string }
  | { kind: 'api-not-found' }
  | { kind: 'static'; mount: StaticMount };

export function loadRouteTable(file: string = routesFile): RouteTable {
  const table = JSON.parse(readFileSync(file, 'utf8')) as RouteTable;
  for (const route of table.api) {
    if (!(route.service in table.services)) {
      throw new Error(`routes.json: ${route.prefix} names unknown service "${route.service}"`);
    }
  }
  return table;
}

/**
 * A prefix ending in "/" matches everything under it; any other prefix matches the path itself or its
 * sub-paths (so /api/user/data does not capture /api/user/database).
 */
export function prefixMatches(prefix: string, pathname: string): boolean {
  if (prefix.endsWith('/')) return pathname.startsWith(prefix) || pathname === prefix.slice(0, -1);
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** Longest matching prefix wins; denied prefixes and API routes outrank static mounts of equal length. */
export function matchRoute(table: RouteTable, pathname: string): RouteMatch {
  type Candidate = { length: number; match: RouteMatch };
  const candidates: Candidate[] = [];
  for (const prefix of table.denied) {
    if (prefixMatches(prefix, pathname)) candidates.push({ length: prefix.length, match: { kind: 'denied', prefix } });
  }
  for (const route of table.api) {
    if (prefixMatches(route.prefix, pathname)) {
      candidates.push({ length: route.prefix.length, match: { kind: 'service', service: route.service, prefix: route.prefix, streaming: route.streaming === true } });
    }
  }
  if (candidates.length > 0) {
    candidates.sort((a, b) => b.length - a.length);
    return candidates[0]!.match;
  }
  if (prefixMatches(table.apiNotFoundPrefix, pathname)) return { kind: 'api-not-found' };
  const mounts = table.static.filter((mount) => mount.prefix === '/' || prefixMatches(mount.prefix, pathname));
  mounts.sort((a, b) => b.prefix.length - a.prefix.length);
  const mount = mounts[0];
  if (!mount) throw new Error('routes.json must mount an app at "/"');
  return { kind: 'static', mount };
}
