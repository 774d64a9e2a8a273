import { startTracing } from '@academy/service-core';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createEdge, type RunningEdge } from '../edge/edge-server.js';
import { runtimeConfigFromEnv } from '../edge/runtime-config.js';
import { canConnect, dropDatabase, ensureDatabase, ensurePostgres, type PostgresHandle } from '../local/postgres.js';
import { findFreePort } from '../local/process-utils.js';
import { ensureObjectStore, objectStoreAnswers, type ObjectStoreHandle } from '../local/object-store.js';
import { ensureRedis, redisAnswers, type RedisHandle } from '../local/redis.js';
import { startLiveEngine } from './live-engine.js';
import type { JanusHandle } from '../local/janus.js';
import { dataDir, repoRoot } from '../paths.js';
import type { AppName, ServiceName } from '../routes/route-table.js';
import { fileSink, ManagedChild, runToCompletion, terminalSink, waitForHealth, type OutputSink } from './child-process.js';
import { runDemoActivity } from './demo-activity/index.js';
import { LauncherRecordFile } from './leftovers.js';
import { refundSettleSetting } from './refund-settle.js';
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

// Fixed sandbox test credentials: the sandbox's Razorpay emulator and commerce must agree on them.
const razorpaySandbox = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox_key_secret', webhookSecret: 'sandbox_webhook_secret' };

async function resolvePorts(option: StartPortalOptions['ports'], env: NodeJS.ProcessEnv): Promise<PortalPorts> {
  const ports = { ...defaultPorts };
  for (const key of Object.keys(ports) as (keyof PortalPorts)[]) {
    if (option === 'auto') ports[key] = await findFreePort();
    else if (option?.[key] !== undefined) ports[key] = option[key]!;
    else if (env[portEnv[key]]) ports[key] = Number(env[portEnv[key]]);
  }
  return ports;
}

/**
 * Starts the whole portal: PostgreSQL and Redis (from env or local), migrations, demo seed, the sandbox, each
 * service's HTTP and worker processes, and the edge. Services or apps not built yet are skipped with a warning.
 */
export async function startPortal(options: StartPortalOptions = {}): Promise<RunningPortal> {
  const env = options.env ?? process.env;
  const sink: OutputSink = options.logFile ? fileSink(options.logFile) : terminalSink();
  const log = options.log ?? ((line: string) => sink.write('start', line));
  const healthTimeoutMs = options.healthTimeoutMs ?? 60_000;
  if (options.logFile) mkdirSync(path.dirname(options.logFile), { recursive: true });

  const children: ManagedChild[] = [];
  // `npm start` (not isolated test runs) records its processes, so a start after a killed launcher can stop them.
  const launcherRecord = options.isolated ? undefined : new LauncherRecordFile(dataDir, repoRoot);
  const supervisor = new Supervisor(children, log, () => launcherRecord?.write(children.map((child) => child.pid)));
  let edge: RunningEdge | undefined;
  let postgres: PostgresHandle | undefined;
  let redis: RedisHandle | undefined;
  let objectStore: ObjectStoreHandle | undefined;
  let janus: JanusHandle | undefined;
  let isolatedDatabase: string | undefined;
  let sandboxDataDir: string | undefined;
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    supervisor.stop();
    launcherRecord?.remove();
    await edge?.close().catch(() => undefined);
    // Services before the sandbox and the stores they depend on.
    await Promise.all(children.slice().reverse().filter((child) => child.name !== 'sandbox').map((child) => child.stop()));
    await Promise.all(children.filter((child) => child.name === 'sandbox').map((child) => child.stop()));
    if (isolatedDatabase && postgres && options.dropDatabaseOnStop !== false) {
      await dropDatabase(postgres.url, isolatedDatabase).catch((error: Error) => log(`could not drop ${isolatedDatabase}: ${error.message}`));
    }
    if (options.isolated && sandboxDataDir) rmSync(sandboxDataDir, { recursive: true, force: true });
    await janus?.stop();
    await objectStore?.stop();
    await redis?.stop();
    await postgres?.stop();
  };

  try {
    const ports = await resolvePorts(options.ports, env);
    if (launcherRecord) {
      mkdirSync(dataDir, { recursive: true });
      await launcherRecord.cleanUpAfterDeadLauncher(log);
    }
    postgres = await ensurePostgres({ env, log });
    redis = await ensureRedis({ env, log });
    const suffix = randomBytes(5).toString('hex');
    // Every media file (videos, posters, paid notes, thumbnails) lives in one S3-compatible bucket.
    const objectStoreOptions = options.isolated ? { bucket: `academy-test-${suffix}`, removeBucketOnStop: true } : {};
    objectStore = await ensureObjectStore({ env, log, ...objectStoreOptions });
    // Isolated runs get a fresh database; otherwise DATABASE_URL is used as given, and the embedded server gets `academy`.
    let databaseUrl: string;
    if (options.isolated) {
      isolatedDatabase = `academy_test_${suffix}`;
      databaseUrl = await ensureDatabase(postgres.url, isolatedDatabase);
    } else if (postgres.source === 'env') {
      databaseUrl = postgres.url;
    } else {
      databaseUrl = await ensureDatabase(postgres.url, 'academy');
    }
    janus = await startLiveEngine({ env, log, isolatedSuffix: options.isolated ? suffix : undefined });
    const queuePrefix = options.isolated ? `academy-test-${suffix}` : (env.QUEUE_PREFIX ?? 'academy');

    const portalUrl = `http://localhost:${ports.portal}`;
    const sandboxUrl = `http://localhost:${ports.sandbox}`;
    const serviceUrls = Object.fromEntries(services.map((service) => [service, `http://127.0.0.1:${ports[service]}`])) as Record<
      ServiceName,
      string
    >;
    sandboxDataDir = options.isolated ? path.join(dataDir, `sandbox-test-${suffix}`) : path.join(dataDir, 'sandbox');

    const baseEnv: NodeJS.ProcessEnv = {
      ...env,
      NODE_ENV: env.NODE_ENV ?? 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: queuePrefix,
      ...objectStore.env,
      AUTH_ISSUER: `${sandboxUrl}/`,
      AUTH_AUDIENCE: env.AUTH_AUDIENCE ?? 'https://api.academy.local',
      AUTH_CLAIMS_NAMESPACE: env.AUTH_CLAIMS_NAMESPACE ?? 'https://academy.example/',
      INTERNAL_TOKEN: randomBytes(24).toString('hex'),
      // Operators' queue dashboard and dead letters (docs/operations.md): a fresh token per start unless given.
      OPERATOR_TOKEN: env.OPERATOR_TOKEN ?? randomBytes(16).toString('hex'),
      MEDIA_LINK_SECRET: env.MEDIA_LINK_SECRET ?? randomBytes(32).toString('hex'),
      CATALOGUE_URL: serviceUrls.catalogue,
      PROGRESS_URL: serviceUrls.progress,
      // Certificates print their verification link on the portal.
      PORTAL_URL: env.PORTAL_URL ?? portalUrl,
      RAZORPAY_KEY_ID: razorpaySandbox.keyId,
      RAZORPAY_KEY_SECRET: razorpaySandbox.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpaySandbox.webhookSecret,
      RAZORPAY_API_URL: `${sandboxUrl}/razorpay/`,
      RAZORPAY_WEBHOOK_URL: `${portalUrl}/api/payments/razorpay/webhook`,
      SANDBOX_PORT: String(ports.sandbox),
      // Mail (parents' emails) goes to the sandbox's SMTP server and shows in its inbox, unless SMTP_URL is given.
      SANDBOX_SMTP_PORT: String(ports.smtp),
      SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${ports.smtp}`,
      SANDBOX_PUBLIC_URL: sandboxUrl,
      SANDBOX_DATA_DIR: sandboxDataDir,
      // The sandbox settles refunds by itself (refund.processed by webhook) this long after they are asked for.
      SANDBOX_REFUND_SETTLE_MS: refundSettleSetting(options.refundSettleMs, env),
      PORTAL_ORIGINS: [portalUrl, `http://127.0.0.1:${ports.portal}`, 'http://localhost:3001', 'http://localhost:3002', 'http://localhost:3003', 'http://localhost:3004'].join(','),
    };
    Object.assign(baseEnv, janus.url ? { JANUS_URL: janus.url } : {}, janus.recordingsDir ? { JANUS_RECORDINGS_DIR: janus.recordingsDir } : {});
    Object.assign(baseEnv, options.authEnv ?? {});
    delete baseEnv.PORT;
    delete baseEnv.NODE_OPTIONS; // the test runner's --experimental-vm-modules must not leak into the services

    const distOf = (workspace: string, file: string) => path.join(repoRoot, workspace, 'dist', file);
    const built = (workspace: string, file: string) => existsSync(distOf(workspace, file));

    for (const service of services) {
      if (built(`services/${service}`, 'migrate.js')) {
        log(`migrating ${service}`);
        await runToCompletion(`${service}:migrate`, distOf(`services/${service}`, 'migrate.js'), baseEnv, sink, path.join(repoRoot, 'services', service));
      } else {
        log(`WARNING: services/${service}/dist/migrate.js is missing (not built yet?): ${service} skipped`);
      }
    }
    if (built('services/catalogue', 'seed.js')) {
      log('seeding demo data');
      await runToCompletion('catalogue:seed', distOf('services/catalogue', 'seed.js'), baseEnv, sink, path.join(repoRoot, 'services/catalogue'));
    }

    const healthChecks: Promise<void>[] = [];
    if (built('services/sandbox', 'main.js')) {
      const sandbox = new ManagedChild('sandbox', distOf('services/sandbox', 'main.js'), baseEnv, sink, path.join(repoRoot, 'services/sandbox'));
      children.push(sandbox);
      healthChecks.push(waitForHealth(`${sandboxUrl}/health`, sandbox, healthTimeoutMs));
    } else {
      log('WARNING: services/sandbox/dist/main.js is missing: sign-in and payments will not work');
    }
    for (const service of services) {
      const cwd = path.join(repoRoot, 'services', service);
      if (built(`services/${service}`, 'main.js')) {
        const http = new ManagedChild(service, distOf(`services/${service}`, 'main.js'), { ...baseEnv, PORT: String(ports[service]), OPERATOR_PORT: String(ports[`${service}Operator`]) }, sink, cwd);
        children.push(http);
        healthChecks.push(waitForHealth(`${serviceUrls[service]}/health`, http, healthTimeoutMs));
      }
      if (built(`services/${service}`, 'worker.js')) {
        const worker = new ManagedChild(`${service}:worker`, distOf(`services/${service}`, 'worker.js'), baseEnv, sink, cwd);
        children.push(worker);
      }
      // Progress's live classes' gateway (WebSockets) is a third entry point with a port of its own.
      if (built(`services/${service}`, 'gateway.js')) {
        const gateway = new ManagedChild(`${service}:gateway`, distOf(`services/${service}`, 'gateway.js'), { ...baseEnv, PORT: String(ports.progressGateway) }, sink, cwd);
        children.push(gateway);
        healthChecks.push(waitForHealth(`http://127.0.0.1:${ports.progressGateway}/health`, gateway, healthTimeoutMs));
      }
      // Catalogue's video transcoding has a worker of its own (ffmpeg), as in Kubernetes.
      if (built(`services/${service}`, 'video-worker.js')) {
        children.push(new ManagedChild(`${service}:video-worker`, distOf(`services/${service}`, 'video-worker.js'), baseEnv, sink, cwd));
      }
    }

    const runtimeConfig = runtimeConfigFromEnv({ ...env, RAZORPAY_KEY_ID: razorpaySandbox.keyId }, sandboxUrl);
    // The edge runs in this process: its spans (the first of each API request's trace) follow the same settings.
    startTracing('edge', env);
    edge = await createEdge({
      serviceUrls,
      appDirs: options.appDirs,
      runtimeConfig,
      entryPointUrls: { 'progress-gateway': `http://127.0.0.1:${ports.progressGateway}` },
      onError: (message) => sink.write('edge', message),
    }).listen(ports.portal, '127.0.0.1');
    healthChecks.push(waitForHealth(`${portalUrl}/runtime-config.json`, undefined, healthTimeoutMs));

    await Promise.all(healthChecks);
    // Workers have no HTTP port: one that died during start-up is a failure too.
    const deadWorker = children.find((child) => child.hasExited);
    if (deadWorker) throw new Error(deadWorker.describeExit());
    supervisor.watchAll();
    // Stores this launcher started are started again if they stop answering (ones given by URL are not ours).
    if (postgres.source === 'embedded-started') {
      watchStore({
        name: 'PostgreSQL',
        answers: () => canConnect(postgres!.url),
        restart: async () => {
          postgres = await ensurePostgres({ env, log });
        },
        log,
        isStopping: () => stopped,
      });
    }
    if (redis.source === 'local-started') {
      watchStore({
        name: 'Redis',
        answers: () => redisAnswers(redis!.url),
        restart: async () => {
          redis = await ensureRedis({ env, log });
        },
        log,
        isStopping: () => stopped,
      });
    }
    if (objectStore.source === 'local-started') {
      watchStore({
        name: 'the S3-compatible file store (s3rver)',
        answers: () => objectStoreAnswers(objectStore!.endpoint!),
        restart: async () => {
          objectStore = await ensureObjectStore({ env, log, ...objectStoreOptions });
        },
        log,
        isStopping: () => stopped,
      });
    }
    log(
      `queue dashboard for operators: http://127.0.0.1:${ports.catalogueOperator}/internal/queues; dead letters: /internal/operator/dead-letters on ` +
        `${services.map((service) => `${service} ${ports[`${service}Operator`]}`).join(', ')} (operator ports only, never through the portal; ` +
        `any user name; password: the OPERATOR_TOKEN${env.OPERATOR_TOKEN ? ' you set' : ` ${baseEnv.OPERATOR_TOKEN}`})`,
    );

    if (options.demoActivity !== false && children.some((child) => child.name === 'sandbox')) {
      try {
        await runDemoActivity({
          portalUrl,
          sandboxUrl,
          client: { clientId: runtimeConfig.auth0.clientId, audience: runtimeConfig.auth0.audience, redirectUri: portalUrl },
          password: demoPassword,
          log,
        });
      } catch (error) {
        // Tests need the demo figures; a developer's portal is still usable without them.
        if (options.isolated) throw error;
        log(`WARNING: the demo activity did not finish (${(error as Error).message}); the portal runs without it`);
      }
    }

    const restart = (name: string, signal: NodeJS.Signals = 'SIGKILL', downMs = 0) => supervisor.restartByHand(name, signal, downMs);
    return { portalUrl, sandboxUrl, databaseUrl, redisUrl: redis.url, queuePrefix, ports, serviceEnv: baseEnv, restart, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
