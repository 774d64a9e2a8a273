import { startTracing } from '@academy/service-core';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createEdge, type RunningEdge } from '../edge/edge-server.js';
import { runtimeConfigFromEnv, type RuntimeConfig } from '../edge/runtime-config.js';
import { canConnect, dropDatabase, ensureDatabase, ensurePostgres, type PostgresHandle } from '../local/postgres.js';
import { findFreePort } from '../local/process-utils.js';
import { ensureObjectStore, objectStoreAnswers, type EnsureObjectStoreOptions, type ObjectStoreHandle } from '../local/object-store.js';
import { ensureRedis, redisAnswers, type RedisHandle } from '../local/redis.js';
import { startLiveEngine } from './live-engine.js';
import type { JanusHandle } from '../local/janus.js';
import { dataDir, repoRoot } from '../paths.js';
import type { AppName, ServiceName } from '../routes/route-table.js';
import { fileSink, ManagedChild, runToCompletion, terminalSink, waitForHealth, type OutputSink } from './child-process.js';
import { runDemoActivity } from './demo-activity/index.js';
import { LauncherRecordFile } from './leftovers.js';
import { razorpaySandbox, serviceEnvironment, type PortalUrls } from './service-env.js';
import { Supervisor, watchStore } from './supervisor.js';

export interface PortalPorts {
  portal: number;
  sandbox: number;
  catalogue: number;
  commerce: number;
  progress: number;
  /** The sandbox's SMTP server (mail shown in its inbox). */
  smtp: number;
  /** Each service's operator pages (OPERATOR_PORT: dead letters; catalogue's also the queue dashboard), never behind the edge. */
  catalogueOperator: number;
  commerceOperator: number;
  progressOperator: number;
  /** Progress's `gateway` entry point (live classes' WebSocket gateway), reached through the edge's WebSocket route. */
  progressGateway: number;
}

export interface StartPortalOptions {
  /** A fresh `academy_test_<random>` database and queue prefix, dropped at stop (tests). */
  isolated?: boolean;
  /** `'auto'` picks free ports (tests); otherwise DEVELOPING.md's defaults, overridable by env and here. */
  ports?: 'auto' | Partial<PortalPorts>;
  /** Override an app's dist folder, or `null` to serve nothing for it (a remote that is down). */
  appDirs?: Partial<Record<AppName, string | null>>;
  /** Write children's output to this file instead of the terminal. */
  logFile?: string;
  /** Environment to read settings from (DATABASE_URL, REDIS_URL, *_PORT, ...); defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Progress messages of the launcher itself; defaults to the terminal (or the log file in quiet mode). */
  log?: (line: string) => void;
  /** Drop the isolated database at stop (default true when isolated). */
  dropDatabaseOnStop?: boolean;
  /** How long each process may take to answer /health. */
  healthTimeoutMs?: number;
  /** Demo classmates buy, study and rate the demo courses through the API after start (default true). */
  demoActivity?: boolean;
  /** Another token issuer than the sandbox's (fault runs sign their own learners' tokens); `AUTH_ISSUER` etc. */
  authEnv?: Record<string, string>;
  /**
   * How long the sandbox's Razorpay leaves a refund pending before settling it by itself (ms), or `'off'` for runs
   * that settle refunds through its test-only route; else SANDBOX_REFUND_SETTLE_MS, else 5 s (docs/payments.md).
   */
  refundSettleMs?: number | 'off';
  /**
   * Other origins that serve this portal's apps and may sign in through the sandbox (a benchmark's second edges):
   * the sandbox sends a sign-in back only to an origin it knows.
   */
  extraPortalOrigins?: string[];
}

export interface RunningPortal {
  portalUrl: string;
  sandboxUrl: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  ports: PortalPorts;
  /** The variables every service was started with (fault runs read OPERATOR_TOKEN, INTERNAL_TOKEN from it). */
  serviceEnv: NodeJS.ProcessEnv;
  /** Kills one process (`commerce:worker`, `progress`, …) with `signal` and starts it again (fault injection). */
  restart(name: string, signal?: NodeJS.Signals, downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export const defaultPorts: PortalPorts = {
  portal: 8080,
  sandbox: 8090,
  catalogue: 3101,
  commerce: 3102,
  progress: 3103,
  smtp: 2525,
  catalogueOperator: 3111,
  commerceOperator: 3112,
  progressOperator: 3113,
  progressGateway: 3123,
};
const portEnv: Record<keyof PortalPorts, string> = {
  portal: 'PORTAL_PORT',
  sandbox: 'SANDBOX_PORT',
  catalogue: 'CATALOGUE_PORT',
  commerce: 'COMMERCE_PORT',
  progress: 'PROGRESS_PORT',
  smtp: 'SANDBOX_SMTP_PORT',
  catalogueOperator: 'CATALOGUE_OPERATOR_PORT',
  commerceOperator: 'COMMERCE_OPERATOR_PORT',
  progressOperator: 'PROGRESS_OPERATOR_PORT',
  progressGateway: 'PROGRESS_GATEWAY_PORT',
};
const services: ServiceName[] = ['catalogue', 'commerce', 'progress'];

export const demoAccounts = [
  { role: 'student', name: 'Aarav Sharma', email: 'aarav@demo.academy' },
  { role: 'student', name: 'Diya Patel', email: 'diya@demo.academy' },
  { role: 'educator', name: 'Meera Iyer', email: 'meera@demo.academy' },
  { role: 'parent', name: 'Kavita Sharma', email: 'kavita@demo.academy' },
  { role: 'academy admin', name: 'Nisha Rao', email: 'nisha@demo.academy' },
];
export const demoPassword = 'learn-academy';

async function resolvePorts(option: StartPortalOptions['ports'], env: NodeJS.ProcessEnv): Promise<PortalPorts> {
  const ports = { ...defaultPorts };
  for (const key of Object.keys(ports) as (keyof PortalPorts)[]) {
    if (option === 'auto') ports[key] = await findFreePort();
    else if (option?.[key] !== undefined) ports[key] = option[key]!;
    else if (env[portEnv[key]]) ports[key] = Number(env[portEnv[key]]);
  }
  return ports;
}

/** What one start works with: its options and where its messages and its children's output go. */
interface Launch {
  options: StartPortalOptions;
  env: NodeJS.ProcessEnv;
  sink: OutputSink;
  log: (line: string) => void;
  /** Names an isolated start's database, bucket, queue prefix and folders. */
  suffix: string;
}

/** What a start has brought up so far: stopPortal takes it down, also after a start that failed half-way. */
interface StartedParts {
  children: ManagedChild[];
  supervisor: Supervisor;
  /** `npm start` (not isolated test runs) records its processes, so a start after a killed launcher can stop them. */
  launcherRecord?: LauncherRecordFile;
  edge?: RunningEdge;
  postgres?: PostgresHandle;
  redis?: RedisHandle;
  objectStore?: ObjectStoreHandle;
  janus?: JanusHandle;
  isolatedDatabase?: string;
  sandboxDataDir?: string;
  stopped: boolean;
}

function nothingStartedYet(launch: Launch): StartedParts {
  const children: ManagedChild[] = [];
  const launcherRecord = launch.options.isolated ? undefined : new LauncherRecordFile(dataDir, repoRoot);
  const supervisor = new Supervisor(children, launch.log, () => launcherRecord?.write(children.map((child) => child.pid)));
  return { children, supervisor, launcherRecord, stopped: false };
}

async function stopPortal(parts: StartedParts, launch: Launch): Promise<void> {
  if (parts.stopped) return;
  parts.stopped = true;
  parts.supervisor.stop();
  parts.launcherRecord?.remove();
  await parts.edge?.close().catch(() => undefined);
  // Services before the sandbox and the stores they depend on.
  await Promise.all(parts.children.slice().reverse().filter((child) => child.name !== 'sandbox').map((child) => child.stop()));
  await Promise.all(parts.children.filter((child) => child.name === 'sandbox').map((child) => child.stop()));
  const { isolatedDatabase, postgres } = parts;
  if (isolatedDatabase && postgres && launch.options.dropDatabaseOnStop !== false) {
    await dropDatabase(postgres.url, isolatedDatabase).catch((error: Error) => launch.log(`could not drop ${isolatedDatabase}: ${error.message}`));
  }
  if (launch.options.isolated && parts.sandboxDataDir) rmSync(parts.sandboxDataDir, { recursive: true, force: true });
  await parts.janus?.stop();
  await parts.objectStore?.stop();
  await parts.redis?.stop();
  await parts.postgres?.stop();
}

/** Every media file (videos, posters, paid notes, thumbnails) lives in one S3-compatible bucket; an isolated run's is its own. */
function bucketOptions(launch: Launch): EnsureObjectStoreOptions {
  return launch.options.isolated ? { bucket: `academy-test-${launch.suffix}`, removeBucketOnStop: true } : {};
}

/**
 * PostgreSQL, Redis, the file store and the live-class engine (each from env, or found or started here), then the
 * database and the queue prefix. Isolated runs get a fresh database; otherwise DATABASE_URL is used as given, and
 * the embedded server gets `academy`.
 */
async function startStores(parts: StartedParts, launch: Launch): Promise<{ databaseUrl: string; queuePrefix: string }> {
  const { env, log, options, suffix } = launch;
  const postgres = await ensurePostgres({ env, log });
  parts.postgres = postgres;
  parts.redis = await ensureRedis({ env, log });
  parts.objectStore = await ensureObjectStore({ env, log, ...bucketOptions(launch) });
  let databaseUrl: string;
  if (options.isolated) {
    parts.isolatedDatabase = `academy_test_${suffix}`;
    databaseUrl = await ensureDatabase(postgres.url, parts.isolatedDatabase);
  } else if (postgres.source === 'env') {
    databaseUrl = postgres.url;
  } else {
    databaseUrl = await ensureDatabase(postgres.url, 'academy');
  }
  parts.janus = await startLiveEngine({ env, log, isolatedSuffix: options.isolated ? suffix : undefined });
  const queuePrefix = options.isolated ? `academy-test-${suffix}` : (env.QUEUE_PREFIX ?? 'academy');
  return { databaseUrl, queuePrefix };
}

/** Stores this launcher started are started again if they stop answering (ones given by URL are not ours). */
function watchStartedStores(parts: StartedParts, launch: Launch): void {
  const { env, log } = launch;
  const isStopping = () => parts.stopped;
  if (parts.postgres?.source === 'embedded-started') {
    watchStore({
      name: 'PostgreSQL',
      answers: () => canConnect(parts.postgres!.url),
      restart: async () => {
        parts.postgres = await ensurePostgres({ env, log });
      },
      log,
      isStopping,
    });
  }
  if (parts.redis?.source === 'local-started') {
    watchStore({
      name: 'Redis',
      answers: () => redisAnswers(parts.redis!.url),
      restart: async () => {
        parts.redis = await ensureRedis({ env, log });
      },
      log,
      isStopping,
    });
  }
  if (parts.objectStore?.source === 'local-started') {
    watchStore({
      name: 'the S3-compatible file store (s3rver)',
      answers: () => objectStoreAnswers(parts.objectStore!.endpoint!),
      restart: async () => {
        parts.objectStore = await ensureObjectStore({ env, log, ...bucketOptions(launch) });
      },
      log,
      isStopping,
    });
  }
}

function portalUrls(ports: PortalPorts): PortalUrls {
  return {
    portalUrl: `http://localhost:${ports.portal}`,
    sandboxUrl: `http://localhost:${ports.sandbox}`,
    serviceUrls: Object.fromEntries(services.map((service) => [service, `http://127.0.0.1:${ports[service]}`])) as Record<ServiceName, string>,
  };
}

const distOf = (workspace: string, file: string) => path.join(repoRoot, workspace, 'dist', file);
const built = (workspace: string, file: string) => existsSync(distOf(workspace, file));

/** Each built service's migrations, then the demo seed. */
async function migrateAndSeed(serviceEnv: NodeJS.ProcessEnv, launch: Launch): Promise<void> {
  const { sink, log } = launch;
  for (const service of services) {
    if (built(`services/${service}`, 'migrate.js')) {
      log(`migrating ${service}`);
      await runToCompletion(`${service}:migrate`, distOf(`services/${service}`, 'migrate.js'), serviceEnv, sink, path.join(repoRoot, 'services', service));
    } else {
      log(`WARNING: services/${service}/dist/migrate.js is missing (not built yet?): ${service} skipped`);
    }
  }
  if (built('services/catalogue', 'seed.js')) {
    log('seeding demo data');
    await runToCompletion('catalogue:seed', distOf('services/catalogue', 'seed.js'), serviceEnv, sink, path.join(repoRoot, 'services/catalogue'));
  }
}

/**
 * The sandbox and every built entry point of each service (HTTP, worker, progress's gateway, catalogue's video
 * worker), added to `children`. Answers the health checks to wait for.
 */
function startServiceProcesses(children: ManagedChild[], launch: Launch, ports: PortalPorts, urls: PortalUrls, serviceEnv: NodeJS.ProcessEnv): Promise<void>[] {
  const healthTimeoutMs = launch.options.healthTimeoutMs ?? 60_000;
  const healthChecks: Promise<void>[] = [];
  const start = (name: string, workspace: string, file: string, env: NodeJS.ProcessEnv, healthUrl?: string) => {
    const child = new ManagedChild(name, distOf(workspace, file), env, launch.sink, path.join(repoRoot, workspace));
    children.push(child);
    if (healthUrl) healthChecks.push(waitForHealth(healthUrl, child, healthTimeoutMs));
  };
  if (built('services/sandbox', 'main.js')) start('sandbox', 'services/sandbox', 'main.js', serviceEnv, `${urls.sandboxUrl}/health`);
  else launch.log('WARNING: services/sandbox/dist/main.js is missing: sign-in and payments will not work');
  for (const service of services) {
    const workspace = `services/${service}`;
    if (built(workspace, 'main.js')) {
      const httpEnv = { ...serviceEnv, PORT: String(ports[service]), OPERATOR_PORT: String(ports[`${service}Operator`]) };
      start(service, workspace, 'main.js', httpEnv, `${urls.serviceUrls[service]}/health`);
    }
    if (built(workspace, 'worker.js')) start(`${service}:worker`, workspace, 'worker.js', serviceEnv);
    // Progress's live classes' gateway (WebSockets) is a third entry point with a port of its own.
    if (built(workspace, 'gateway.js')) {
      const gatewayEnv = { ...serviceEnv, PORT: String(ports.progressGateway) };
      start(`${service}:gateway`, workspace, 'gateway.js', gatewayEnv, `http://127.0.0.1:${ports.progressGateway}/health`);
    }
    // Catalogue's video transcoding has a worker of its own (ffmpeg), as in Kubernetes.
    if (built(workspace, 'video-worker.js')) start(`${service}:video-worker`, workspace, 'video-worker.js', serviceEnv);
  }
  return healthChecks;
}

async function startEdge(launch: Launch, ports: PortalPorts, urls: PortalUrls, runtimeConfig: RuntimeConfig): Promise<RunningEdge> {
  // The edge runs in this process: its spans (the first of each API request's trace) follow the same settings.
  startTracing('edge', launch.env);
  return createEdge({
    serviceUrls: urls.serviceUrls,
    appDirs: launch.options.appDirs,
    runtimeConfig,
    entryPointUrls: { 'progress-gateway': `http://127.0.0.1:${ports.progressGateway}` },
    onError: (message) => launch.sink.write('edge', message),
  }).listen(ports.portal, '127.0.0.1');
}

function operatorPagesNote(ports: PortalPorts, env: NodeJS.ProcessEnv, serviceEnv: NodeJS.ProcessEnv): string {
  return (
    `queue dashboard for operators: http://127.0.0.1:${ports.catalogueOperator}/internal/queues; dead letters: /internal/operator/dead-letters on ` +
    `${services.map((service) => `${service} ${ports[`${service}Operator`]}`).join(', ')} (operator ports only, never through the portal; ` +
    `any user name; password: the OPERATOR_TOKEN${env.OPERATOR_TOKEN ? ' you set' : ` ${serviceEnv.OPERATOR_TOKEN}`})`
  );
}

/** Demo classmates buy, study and rate the demo courses, unless turned off or the sandbox (sign-in) is not running. */
async function runDemoActivityIfWanted(parts: StartedParts, launch: Launch, urls: PortalUrls, runtimeConfig: RuntimeConfig): Promise<void> {
  const { options, log } = launch;
  if (options.demoActivity === false || !parts.children.some((child) => child.name === 'sandbox')) return;
  try {
    await runDemoActivity({
      portalUrl: urls.portalUrl,
      sandboxUrl: urls.sandboxUrl,
      client: { clientId: runtimeConfig.auth0.clientId, audience: runtimeConfig.auth0.audience, redirectUri: urls.portalUrl },
      password: demoPassword,
      log,
    });
  } catch (error) {
    // Tests need the demo figures; a developer's portal is still usable without them.
    if (options.isolated) throw error;
    log(`WARNING: the demo activity did not finish (${(error as Error).message}); the portal runs without it`);
  }
}

/**
 * Starts the whole portal: PostgreSQL and Redis (from env or local), migrations, demo seed, the sandbox, each
 * service's HTTP and worker processes, and the edge. Services or apps not built yet are skipped with a warning.
 */
export async function startPortal(options: StartPortalOptions = {}): Promise<RunningPortal> {
  const env = options.env ?? process.env;
  const sink: OutputSink = options.logFile ? fileSink(options.logFile) : terminalSink();
  const log = options.log ?? ((line: string) => sink.write('start', line));
  if (options.logFile) mkdirSync(path.dirname(options.logFile), { recursive: true });
  const launch: Launch = { options, env, sink, log, suffix: randomBytes(5).toString('hex') };
  const parts = nothingStartedYet(launch);
  const stop = () => stopPortal(parts, launch);

  try {
    const ports = await resolvePorts(options.ports, env);
    if (parts.launcherRecord) {
      mkdirSync(dataDir, { recursive: true });
      await parts.launcherRecord.cleanUpAfterDeadLauncher(log);
    }
    const { databaseUrl, queuePrefix } = await startStores(parts, launch);
    const urls = portalUrls(ports);
    parts.sandboxDataDir = path.join(dataDir, options.isolated ? `sandbox-test-${launch.suffix}` : 'sandbox');
    const serviceEnv = serviceEnvironment({
      env,
      extraPortalOrigins: options.extraPortalOrigins ?? [],
      urls,
      ports,
      databaseUrl,
      redisUrl: parts.redis!.url,
      queuePrefix,
      objectStoreEnv: parts.objectStore!.env,
      janus: parts.janus!,
      sandboxDataDir: parts.sandboxDataDir,
      refundSettleMs: options.refundSettleMs,
      authEnv: options.authEnv,
    });
    await migrateAndSeed(serviceEnv, launch);
    const healthChecks = startServiceProcesses(parts.children, launch, ports, urls, serviceEnv);
    const runtimeConfig = runtimeConfigFromEnv({ ...env, RAZORPAY_KEY_ID: razorpaySandbox.keyId }, urls.sandboxUrl);
    parts.edge = await startEdge(launch, ports, urls, runtimeConfig);
    healthChecks.push(waitForHealth(`${urls.portalUrl}/runtime-config.json`, undefined, options.healthTimeoutMs ?? 60_000));

    await Promise.all(healthChecks);
    // Workers have no HTTP port: one that died during start-up is a failure too.
    const deadWorker = parts.children.find((child) => child.hasExited);
    if (deadWorker) throw new Error(deadWorker.describeExit());
    parts.supervisor.watchAll();
    watchStartedStores(parts, launch);
    log(operatorPagesNote(ports, env, serviceEnv));
    await runDemoActivityIfWanted(parts, launch, urls, runtimeConfig);

    const restart = (name: string, signal: NodeJS.Signals = 'SIGKILL', downMs = 0) => parts.supervisor.restartByHand(name, signal, downMs);
    const { portalUrl, sandboxUrl } = urls;
    return { portalUrl, sandboxUrl, databaseUrl, redisUrl: parts.redis!.url, queuePrefix, ports, serviceEnv, restart, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
