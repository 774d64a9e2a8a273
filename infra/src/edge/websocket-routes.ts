import type http from 'node:http';
import type net from 'node:net';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { RouteTable } from '../routes/route-table.js';
import { prefixMatches } from '../routes/route-table.js';

/**
 * WebSocket routes of the route table (`websockets`: the live classes' gateway, progress's `gateway` entry point):
 * an upgrade request under a prefix is proxied to that entry point's URL; any other upgrade is refused.
 */
export function attachWebSocketRoutes(
  server: http.Server,
  table: RouteTable,
  entryPointUrls: Record<string, string>,
  reportError: (message: string) => void,
): void {
  const routes = (table.websockets ?? []).flatMap((route) => {
    const target = entryPointUrls[route.entryPoint];
    if (!target) return [];
    const proxy = createProxyMiddleware({
      target,
      ws: true,
      xfwd: true,
      on: { error: (error) => reportError(`edge: ${route.entryPoint} did not take a WebSocket: ${error.message}`) },
    });
    return [{ prefix: route.prefix, proxy }];
  });
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://edge').pathname;
    const route = routes.find((candidate) => prefixMatches(candidate.prefix, pathname));
    if (!route) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    route.proxy.upgrade(request, socket, head);
  });
}
