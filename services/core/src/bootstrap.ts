import 'reflect-metadata';
import type { INestApplication, INestApplicationContext, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createServer, type RequestListener, type Server } from 'node:http';
import { Logger } from 'nestjs-pino';
import { bindAddressFrom, ConfigError, coreConfigShape, loadConfig } from './config/config.js';
import { isDependencyUnavailable } from './http/envelope.filter.js';
import { trustProxy } from './http/trust-proxy.js';
import { startMetricsServer } from './metrics/http-metrics.js';
import { operatorPortGate } from './operator/operator.js';

/** Longer than any proxy in front keeps an idle upstream connection (nginx and cloud load balancers: 60 s). */
export const UPSTREAM_KEEP_ALIVE_MS = 65_000;

/**
 * A promise nobody awaited rejected. When it is a store outage (a Redis command that timed out inside a library,
 * a dropped PostgreSQL connection) the process keeps serving: the requests that needed the store already answered
 * 503, and crashing would turn a 3-second Redis stall into an outage of the whole service. Anything else is a bug:
 * logged, and the process exits so that it is restarted clean.
 */
export function onUnhandledRejection(reason: unknown, log: (line: string) => void = console.error): 'ignored' | 'fatal' {
  const message = reason instanceof Error ? reason.message : String(reason);
  if (isDependencyUnavailable(reason)) {
    log(`store unavailable in a background command (ignored, the service keeps running): ${message}`);
    return 'ignored';
  }
  log(`unhandled rejection, exiting: ${reason instanceof Error ? (reason.stack ?? message) : message}`);
  return 'fatal';
}

function installRejectionGuard(): void {
  process.on('unhandledRejection', (reason) => {
    if (onUnhandledRejection(reason) === 'fatal') process.exit(1);
  });
}

function failStart(error: unknown): never {
  // A configuration problem is printed as one readable line, not a stack trace.
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('Start-up failed:', error);
  process.exit(1);
}

/** Starts the HTTP entry point: pino logger, shutdown hooks (SIGTERM/SIGINT), listens on PORT (no default). */
/** Replaces the default JSON parser (100 KB) with one taking bodies up to `limit`; call before the app starts. */
export function allowJsonBodiesUpTo(app: INestApplication, limit: string): void {
  (app as NestExpressApplication).useBodyParser('json', { limit });
}

export async function bootstrapHttp(
  appModule: Type<unknown>,
  options: {
    /** Keep `req.rawBody` (webhook signatures). */ rawBody?: boolean;
    /** Largest JSON body (express's `limit`, default 100 KB), for a service whose routes take larger documents. */
    jsonBodyLimit?: string;
    /** Last set-up before listening (a WebSocket adapter). */
    beforeListen?: (app: INestApplication) => Promise<void>;
  } = {},
): Promise<INestApplication> {
  try {
    const config = loadConfig(coreConfigShape); // fail before Nest starts, with one readable line
    const port = config.PORT;
    if (port === undefined) throw new ConfigError(['PORT is required for the HTTP entry point (the launcher and the manifests set it)']);
    installRejectionGuard();
    const app = await NestFactory.create(appModule, { bufferLogs: true, abortOnError: false, rawBody: options.rawBody ?? false });
    app.useLogger(app.get(Logger));
    if (options.jsonBodyLimit) allowJsonBodiesUpTo(app, options.jsonBodyLimit);
    app.enableShutdownHooks();
    app.getHttpAdapter().getInstance().disable?.('x-powered-by');
    trustProxy(app.getHttpAdapter().getInstance(), config.TRUST_PROXY);
    // Behind a proxy that keeps connections open (the edge, nginx, a cloud load balancer: 60 s idle at most), the
    // service must never close an idle connection first: a request sent on it at that moment fails with
    // "socket hang up", which the proxy answers 502. Node's default (5 s) races the edge's agent.
    const server = app.getHttpServer() as Server;
    server.keepAliveTimeout = UPSTREAM_KEEP_ALIVE_MS;
    server.headersTimeout = UPSTREAM_KEEP_ALIVE_MS + 1000;
    const host = bindAddressFrom();
    // Operator pages only on OPERATOR_PORT, which no proxy in front of the services forwards to (operator.ts).
    app.use(operatorPortGate(config.OPERATOR_PORT));
    await options.beforeListen?.(app);
    await app.listen(port, host);
    app.get(Logger).log(`listening on ${host}:${port}`);
    if (config.OPERATOR_PORT !== undefined) {
      await listenForOperators(app, config.OPERATOR_PORT, host);
      app.get(Logger).log(`operator pages on ${host}:${config.OPERATOR_PORT}`);
    }
    return app;
  } catch (error) {
    failStart(error);
  }
}

/**
 * Serves the same application on the operator port as well (the gate installed before the routes decides what each
 * port answers); closes with the application.
 */
export async function listenForOperators(app: INestApplication, port: number, host: string): Promise<Server> {
  const server = createServer(app.getHttpAdapter().getInstance() as RequestListener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  (app.getHttpServer() as Server).once('close', () => server.close());
  return server;
}

/** Starts a worker entry point (queue processors, no HTTP); closes cleanly on SIGTERM/SIGINT. */
export async function bootstrapWorker(workerModule: Type<unknown>): Promise<INestApplicationContext> {
  try {
    const config = loadConfig(coreConfigShape);
    installRejectionGuard();
    const app = await NestFactory.createApplicationContext(workerModule, { bufferLogs: true, abortOnError: false });
    app.useLogger(app.get(Logger));
    app.enableShutdownHooks();
    if (config.METRICS_PORT !== undefined) {
      const metrics = await startMetricsServer(config.METRICS_PORT, bindAddressFrom());
      process.once('SIGTERM', () => metrics.close());
      app.get(Logger).log(`metrics on ${bindAddressFrom()}:${config.METRICS_PORT}/metrics`);
    }
    app.get(Logger).log('worker started');
    return app;
  } catch (error) {
    failStart(error);
  }
}
