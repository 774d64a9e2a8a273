/**
 * Lets express take the client address from X-Forwarded-For when the request came through one of the `trusted`
 * proxies (express's `trust proxy` syntax: names such as `uniquelocal`, addresses, CIDR ranges, or a hop count).
 * Rate limits and logs then see the learner's address, not the edge's.
 */
export function trustProxy(expressApp: { set?: (name: string, value: unknown) => unknown }, trusted: string): void {
  const hops = /^\d+$/.test(trusted.trim()) ? Number(trusted) : undefined;
  expressApp.set?.('trust proxy', hops ?? trusted.split(',').map((part) => part.trim()).filter(Boolean));
}
