import type { ControllerOperation } from '../openapi/generate-openapi.js';
import { matchRoute, type ApiRoute, type RouteTable } from '../routes/route-table.js';

/** `/api/course/:id` → `/api/course/` (everything under it); `/api/user/data` → itself (and its sub-paths). */
export function staticPrefix(route: string): string {
  const firstParameter = route.search(/\/[:*]/);
  return firstParameter === -1 ? route : route.slice(0, firstParameter + 1);
}

/** A path the prefix routes, standing for all of them. */
const samplePath = (prefix: string) => (prefix.endsWith('/') ? `${prefix}x` : prefix);

const concretePath = (route: string) => route.replace(/[:*]\w+/g, 'x');

/**
 * The edge's API table, derived from the services' routes: one prefix per distinct static part, then every
 * prefix a shorter kept one already routes to the same service (and streaming mode) is dropped. Throws when two
 * services claim one prefix, or when the result would send any route elsewhere than its service.
 */
export function apiPrefixes(operations: readonly ControllerOperation[], table: Omit<RouteTable, 'api'>): ApiRoute[] {
  const byPrefix = new Map<string, ApiRoute>();
  for (const operation of operations) {
    const prefix = staticPrefix(operation.route);
    const wanted: ApiRoute = { prefix, service: operation.service, ...(operation.streaming ? { streaming: true } : {}) };
    const claimed = byPrefix.get(prefix);
    if (claimed && (claimed.service !== wanted.service || claimed.streaming !== wanted.streaming)) {
      throw new Error(`${operation.route} (${operation.file}) and another route give ${prefix} to ${claimed.service} and ${operation.service}: give one of them its own path`);
    }
    byPrefix.set(prefix, wanted);
  }
  const kept: ApiRoute[] = [];
  for (const candidate of [...byPrefix.values()].sort((a, b) => a.prefix.length - b.prefix.length || a.prefix.localeCompare(b.prefix))) {
    const routed = matchRoute({ ...table, api: kept }, samplePath(candidate.prefix));
    const alreadyRouted = routed.kind === 'service' && routed.service === candidate.service && routed.streaming === (candidate.streaming === true);
    if (!alreadyRouted) kept.push(candidate);
  }
  const api = kept.sort((a, b) => a.prefix.localeCompare(b.prefix));
  for (const operation of operations) {
    const routed = matchRoute({ ...table, api }, concretePath(operation.route));
    if (routed.kind !== 'service' || routed.service !== operation.service) {
      throw new Error(`${operation.method.toUpperCase()} ${operation.route} would not reach ${operation.service} through the derived table`);
    }
  }
  return api;
}
