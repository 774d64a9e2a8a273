import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { runtimeConfigFromEnv, type RuntimeConfig } from '../edge/runtime-config.js';
import { fileSink, ManagedChild, runToCompletion, waitForHealth, type OutputSink } from '../launcher/child-process.js';
import { razorpaySandbox } from '../launcher/service-env.js';
import { dropDatabase, ensureDatabase } from '../local/postgres.js';
import { findFreePort, lastLines, settlesWithin } from '../local/process-utils.js';
import { generateNginxConfig } from '../nginx/generate-nginx.js';
import { repoRoot } from '../paths.js';
import { loadRouteTable, type AppName, type ServiceName } from '../routes/route-table.js';

/**
 * A production-like portal on one machine (`npm run test:deploy`): NODE_ENV=production, Debian's nginx with the
 * generated config as the only entry, N replicas of every service behind nginx upstreams, N workers per service,
 * the built apps served by nginx from release folders (a remote is redeployed by swapping its folder), thumbnails
 * in an S3-compatible store (s3rver), the sandbox standing in for Auth0 and Razorpay (ALLOW_SANDBOX_PROVIDERS=true),
 * and the machine's PostgreSQL and Redis with a fresh database and queue prefix.
 */

export const nginxCandidates = ['/usr/sbin/nginx', '/usr/bin/nginx'];
export const findNginx = (): string | undefined => nginxCandidates.find((file) => existsSync(file));

const services: ServiceName[] = ['catalogue', 'commerce', 'progress'];
const mediaBucket = 'academy-media';

export interface ProductionLikeOptions {
  /** HTTP replicas per service (default 2). */
  replicas?: number;
  /** Worker processes per service (default 2). */
  workers?: number;
  /** Where every process's output goes (one file). */
  logFile: string;
  /** DATABASE_URL and REDIS_URL of the external servers; default process.env. */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
  /** Settings every process gets on top of the stack's own (a benchmark raising a per-learner limit). */
  extraEnv?: Record<string, string>;
}

export interface StackProcess {
  /** e.g. `catalogue#1`, `commerce-worker#2`, `sandbox`. Workers' `port` serves only /metrics. */
  name: string;
  kind: 'http' | 'worker' | 'sandbox';
  service?: ServiceName;
  port?: number;
  /** HTTP processes: the operator pages' port (OPERATOR_PORT), which nginx never proxies. */
  operatorPort?: number;
  child: ManagedChild;
}

export interface ProductionLikeStack {
  portalUrl: string;
  sandboxUrl: string;
  databaseUrl: string;
  queuePrefix: string;
  s3PublicBaseUrl: string;
  processes: StackProcess[];
  /** The operator pages' credential every service was started with. */
  operatorToken: string;
  /** The nginx server listening for internal calls to a service, as a Kubernetes Service would. */
  internalUrls: Record<ServiceName, string>;
  /** nginx's master process (its workers are its children). */
  nginxPid: number | undefined;
  /** SIGKILLs one process (a crashed pod); the others keep serving. */
  kill(name: string): Promise<void>;
  /**
   * Redeploys a remote: a new release folder (the built files, changed by `change`, plus the previous release's
   * hashed files so pages opened before keep loading their chunks) is swapped in with one atomic rename.
   */
  redeployRemote(app: Exclude<AppName, 'shell'>, change: (releaseDir: string) => void): string;
  nginxErrors(): string;
  /** Every process's output so far (JSON log lines prefixed by the process name). */
  logText(): string;
  stop(): Promise<void>;
}

/** The folders nginx serves: the shell's files at the root, each remote a symlink to its current release. */
function prepareStaticRoot(root: string, releases: string): Record<Exclude<AppName, 'shell'>, string> {
  const table = loadRouteTable();
  const current = {} as Record<Exclude<AppName, 'shell'>, string>;
  for (const mount of table.static) {
    const dist = path.join(repoRoot, mount.workspace, 'dist');
    if (!existsSync(path.join(dist, mount.app === 'shell' ? 'index.html' : 'mf-manifest.json'))) {
      throw new Error(`${mount.workspace}/dist is not built: run \`npx nx run-many -t build\` first`);
    }
    if (mount.app === 'shell') {
      cpSync(dist, root, { recursive: true });
      continue;
    }
    const release = path.join(releases, `${mount.app}-1`);
    cpSync(dist, release, { recursive: true });
    const link = path.join(root, mount.prefix);
    mkdirSync(path.dirname(link.replace(/\/$/, '')), { recursive: true });
    symlinkSync(release, link.replace(/\/$/, ''));
    current[mount.app as Exclude<AppName, 'shell'>] = release;
  }
  return current;
}

/** The remotes' release folders: a redeploy adds one and swaps the remote's symlink to it. */
interface Releases {
  staticRoot: string;
  folder: string;
  current: Record<Exclude<AppName, 'shell'>, string>;
  lastNumber: number;
}

/** A new release of `app` (the previous one's hashed files, then the new build, changed by `change`), swapped in at once. */
function redeployRemote(releases: Releases, app: Exclude<AppName, 'shell'>, change: (releaseDir: string) => void): string {
  const mount = loadRouteTable().static.find((candidate) => candidate.app === app)!;
  releases.lastNumber += 1;
  const release = path.join(releases.folder, `${app}-${releases.lastNumber}`);
  // Previous hashed files first, then the new build over them: open pages still find their chunks.
  cpSync(releases.current[app], release, { recursive: true });
  cpSync(path.join(repoRoot, mount.workspace, 'dist'), release, { recursive: true });
  change(release);
  const link = path.join(releases.staticRoot, mount.prefix).replace(/\/$/, '');
  const next = `${link}.next`;
  symlinkSync(release, next);
  renameSync(next, link); // rename(2) is atomic: every request sees the old or the new release, never neither
  releases.current[app] = release;
  return release;
}

/** What a start has brought up so far: stopStack takes it down, also after a start that failed half-way. */
interface StackParts {
  /** This run's folder (files served, nginx's config and temp files, the store's files), removed at stop. */
  work: string;
  processes: StackProcess[];
  nginx?: ChildProcess;
  nginxExited?: Promise<void>;
  s3?: S3rver;
  database: string;
  databaseCreated: boolean;
  stopped: boolean;
}

async function stopStack(parts: StackParts, databaseServerUrl: string, log: (line: string) => void): Promise<void> {
  if (parts.stopped) return;
  parts.stopped = true;
  const { nginx } = parts;
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGQUIT');
    if (!(await settlesWithin(parts.nginxExited!, 5000))) nginx.kill('SIGKILL');
  }
  await Promise.all(parts.processes.filter((entry) => entry.kind !== 'sandbox').map((entry) => entry.child.stop()));
  await Promise.all(parts.processes.filter((entry) => entry.kind === 'sandbox').map((entry) => entry.child.stop()));
  await parts.s3?.close().catch(() => undefined);
  if (parts.databaseCreated) await dropDatabase(databaseServerUrl, parts.database).catch((error: Error) => log(`could not drop ${parts.database}: ${error.message}`));
  rmSync(parts.work, { recursive: true, force: true });
}

/** Free ports for everything the stack listens on; each service's internal port is its nginx stand-in for a Kubernetes Service. */
interface StackPorts {
  portal: number;
  sandbox: number;
  sandboxSmtp: number;
  internal: Record<ServiceName, number>;
  replicas: Record<ServiceName, number[]>;
}

async function stackPorts(replicas: number): Promise<StackPorts> {
  const portal = await findFreePort();
  const sandbox = await findFreePort();
  const sandboxSmtp = await findFreePort(); // never the sandbox's default 2525, which a running portal may hold
  const internal = Object.fromEntries(await Promise.all(services.map(async (service) => [service, await findFreePort()]))) as Record<ServiceName, number>;
  const replicaPorts = {} as Record<ServiceName, number[]>;
  for (const service of services) {
    replicaPorts[service] = [];
    for (let index = 0; index < replicas; index += 1) replicaPorts[service].push(await findFreePort());
  }
  return { portal, sandbox, sandboxSmtp, internal, replicas: replicaPorts };
}

/** Every media file: an S3-compatible server with the bucket; only its public/ folder is readable through nginx. */
async function startMediaStore(parts: StackParts): Promise<string> {
  const port = await findFreePort();
  parts.s3 = new S3rver({ address: '127.0.0.1', port, silent: true, directory: path.join(parts.work, 's3'), configureBuckets: [{ name: mediaBucket, configs: [] }] });
  await parts.s3.run();
  return `http://127.0.0.1:${port}`;
}

interface StackUrls {
  portalUrl: string;
  sandboxUrl: string;
  internalUrls: Record<ServiceName, string>;
  s3Endpoint: string;
  /**
   * Pages load thumbnails from the portal's origin, as from a CDN in front of the bucket: the production CSP's
   * img-src allows https and 'self', not the store's plain-http address.
   */
  s3PublicBaseUrl: string;
}

/** The variables every process of the stack starts with: production, the sandbox's providers allowed by name. */
function productionEnv(env: NodeJS.ProcessEnv, urls: StackUrls, ports: StackPorts, run: { databaseUrl: string; queuePrefix: string; sandboxDataDir: string }): NodeJS.ProcessEnv {
  const { portalUrl, sandboxUrl } = urls;
  return {
    PATH: env.PATH,
    HOME: env.HOME,
    NODE_ENV: 'production',
    // The explicit, test-only escape: without it the services and the sandbox refuse sandbox settings.
    ALLOW_SANDBOX_PROVIDERS: 'true',
    DATABASE_URL: run.databaseUrl,
    REDIS_URL: env.REDIS_URL,
    QUEUE_PREFIX: run.queuePrefix,
    DB_POOL_MAX: '4',
    LOG_LEVEL: 'info',
    AUTH_ISSUER: `${sandboxUrl}/`,
    AUTH_AUDIENCE: 'https://api.academy.local',
    AUTH_CLAIMS_NAMESPACE: 'https://academy.example/',
    INTERNAL_TOKEN: randomBytes(32).toString('hex'),
    OPERATOR_TOKEN: randomBytes(32).toString('hex'),
    MEDIA_LINK_SECRET: randomBytes(32).toString('hex'),
    CATALOGUE_URL: urls.internalUrls.catalogue,
    PROGRESS_URL: urls.internalUrls.progress,
    PORTAL_URL: portalUrl,
    RAZORPAY_KEY_ID: razorpaySandbox.keyId,
    RAZORPAY_KEY_SECRET: razorpaySandbox.keySecret,
    RAZORPAY_WEBHOOK_SECRET: razorpaySandbox.webhookSecret,
    RAZORPAY_API_URL: `${sandboxUrl}/razorpay/`,
    RAZORPAY_WEBHOOK_URL: `${portalUrl}/api/payments/razorpay/webhook`,
    SANDBOX_PORT: String(ports.sandbox),
    SANDBOX_SMTP_PORT: String(ports.sandboxSmtp),
    SMTP_URL: `smtp://127.0.0.1:${ports.sandboxSmtp}`,
    SANDBOX_PUBLIC_URL: sandboxUrl,
    SANDBOX_DATA_DIR: run.sandboxDataDir,
    PORTAL_ORIGINS: portalUrl,
    S3_BUCKET: mediaBucket,
    S3_ENDPOINT: urls.s3Endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_BASE_URL: urls.s3PublicBaseUrl,
  };
}

const distOf = (workspace: string, file: string) => path.join(repoRoot, workspace, 'dist', file);
const cwdOf = (workspace: string) => path.join(repoRoot, workspace);

/** The migration Jobs, then the seed, once: replicas never migrate. */
async function migrateAndSeedOnce(baseEnv: NodeJS.ProcessEnv, sink: OutputSink, log: (line: string) => void): Promise<void> {
  for (const service of services) {
    log(`migrating ${service}`);
    await runToCompletion(`${service}:migrate`, distOf(`services/${service}`, 'migrate.js'), baseEnv, sink, cwdOf(`services/${service}`));
  }
  log('seeding the demo catalogue');
  await runToCompletion('catalogue:seed', distOf('services/catalogue', 'seed.js'), baseEnv, sink, cwdOf('services/catalogue'));
}

/** The sandbox, each service's HTTP replicas and its workers, added to `processes`. Answers the health checks to wait for. */
async function startStackProcesses(processes: StackProcess[], baseEnv: NodeJS.ProcessEnv, sink: OutputSink, ports: StackPorts, sandboxUrl: string, workerCount: number): Promise<Promise<void>[]> {
  const health: Promise<void>[] = [];
  const sandbox = new ManagedChild('sandbox', distOf('services/sandbox', 'main.js'), baseEnv, sink, cwdOf('services/sandbox'));
  processes.push({ name: 'sandbox', kind: 'sandbox', port: ports.sandbox, child: sandbox });
  health.push(waitForHealth(`${sandboxUrl}/health`, sandbox, 90_000));
  for (const service of services) {
    const workspace = `services/${service}`;
    for (const [index, port] of ports.replicas[service].entries()) {
      const name = `${service}#${index + 1}`;
      const operatorPort = await findFreePort();
      const child = new ManagedChild(name, distOf(workspace, 'main.js'), { ...baseEnv, PORT: String(port), OPERATOR_PORT: String(operatorPort) }, sink, cwdOf(workspace));
      processes.push({ name, kind: 'http', service, port, operatorPort, child });
      health.push(waitForHealth(`http://127.0.0.1:${port}/health`, child, 90_000));
    }
    for (let index = 0; index < workerCount; index += 1) {
      const name = `${service}-worker#${index + 1}`;
      const port = await findFreePort(); // workers serve /metrics only
      const child = new ManagedChild(name, distOf(workspace, 'worker.js'), { ...baseEnv, METRICS_PORT: String(port) }, sink, cwdOf(workspace));
      processes.push({ name, kind: 'worker', service, port, child });
    }
  }
  return health;
}

/** The runtime config nginx serves, written where the Kubernetes ConfigMap would be mounted. */
function writeRuntimeConfig(work: string, sandboxUrl: string): { runtimeConfig: RuntimeConfig; runtimeConfigDir: string } {
  const runtimeConfigDir = path.join(work, 'etc');
  mkdirSync(runtimeConfigDir, { recursive: true });
  const runtimeConfig = runtimeConfigFromEnv({ RAZORPAY_KEY_ID: razorpaySandbox.keyId }, sandboxUrl);
  writeFileSync(path.join(runtimeConfigDir, 'runtime-config.json'), JSON.stringify(runtimeConfig));
  return { runtimeConfig, runtimeConfigDir };
}

/** The repository's generated config, with this machine's addresses behind the upstreams; its folder holds nginx's own files. */
function writeNginxConfig(nginxDir: string, served: { staticRoot: string; runtimeConfigDir: string; runtimeConfig: RuntimeConfig }, ports: StackPorts, urls: StackUrls, allowSandboxProviders: boolean): void {
  mkdirSync(nginxDir, { recursive: true });
  const temp = (name: string) => path.join(nginxDir, name);
  const config = generateNginxConfig(loadRouteTable(), {
    listen: `127.0.0.1:${ports.portal}`,
    ...served,
    upstreams: {
      ...Object.fromEntries(services.map((service) => [service, ports.replicas[service].map((port) => `127.0.0.1:${port}`)])),
      // This run does not start the live classes' gateway; its upstream must still resolve for nginx to start.
      'progress-gateway': ['127.0.0.1:9'],
    },
    // The CSP names the origins of the runtime config served, here the sandbox's plain-http one: allowed only by
    // the test-only escape the services get too (ALLOW_SANDBOX_PROVIDERS); HSTS and upgrade-insecure-requests stay.
    allowSandboxProviders,
    // Paid files (paid/, videos/) stay behind the services' checks: only public/ is proxied, as a CDN would be.
    extraServer: [`location ^~ /bucket/public/ { proxy_pass ${urls.s3Endpoint}/${mediaBucket}/public/; }`],
    extraHttp: [
      `access_log ${temp('access.log')};`,
      `client_body_temp_path ${temp('client-body')};`,
      `proxy_temp_path ${temp('proxy')};`,
      `fastcgi_temp_path ${temp('fastcgi')};`,
      `uwsgi_temp_path ${temp('uwsgi')};`,
      `scgi_temp_path ${temp('scgi')};`,
      '# Stand-ins for the Kubernetes Services the services call each other through (/internal/ included).',
      ...services.flatMap((service) => [`server { listen 127.0.0.1:${ports.internal[service]}; location / { proxy_pass http://${service}; } }`]),
    ],
  });
  writeFileSync(path.join(nginxDir, 'nginx.conf'), config);
}

/** Starts nginx in the foreground on `nginxDir`'s config, its output going to the stack's log. */
function startNginx(parts: StackParts, nginxBinary: string, nginxDir: string, sink: OutputSink): void {
  const temp = (name: string) => path.join(nginxDir, name);
  const globals = [`pid ${temp('nginx.pid')};`, `error_log ${temp('error.log')} warn;`, 'daemon off;'];
  // As root, nginx's workers would switch to `nobody`, who cannot read this run's folders.
  if (process.getuid?.() === 0) globals.push('user root;');
  const nginx = spawn(nginxBinary, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', globals.join(' ')], { stdio: ['ignore', 'pipe', 'pipe'] });
  parts.nginx = nginx;
  parts.nginxExited = new Promise((resolve) => nginx.once('exit', () => resolve()));
  for (const stream of [nginx.stdout!, nginx.stderr!]) stream.on('data', (chunk: Buffer) => sink.write('nginx', chunk.toString().trimEnd()));
}

export async function startProductionLike(options: ProductionLikeOptions): Promise<ProductionLikeStack> {
  const env = options.env ?? process.env;
  const replicas = options.replicas ?? 2;
  const workerCount = options.workers ?? 2;
  const log = options.log ?? (() => undefined);
  const nginxBinary = findNginx();
  if (!nginxBinary) throw new Error('nginx is not installed (Debian: apt-get install nginx); .ci/run installs it');
  if (!env.DATABASE_URL || !env.REDIS_URL) throw new Error('DATABASE_URL and REDIS_URL must point at the PostgreSQL and Redis servers');
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const sink: OutputSink = fileSink(options.logFile);

  const suffix = randomBytes(5).toString('hex');
  const work = mkdtempSync(path.join(os.tmpdir(), 'academy-deploy-'));
  chmodSync(work, 0o755);
  const parts: StackParts = { work, processes: [], database: `academy_deploy_${suffix}`, databaseCreated: false, stopped: false };
  const stop = () => stopStack(parts, env.DATABASE_URL!, log);

  try {
    const ports = await stackPorts(replicas);
    const portalUrl = `http://localhost:${ports.portal}`;
    const internalUrls = Object.fromEntries(services.map((service) => [service, `http://127.0.0.1:${ports.internal[service]}`])) as Record<ServiceName, string>;
    const s3Endpoint = await startMediaStore(parts);
    const urls: StackUrls = { portalUrl, sandboxUrl: `http://localhost:${ports.sandbox}`, internalUrls, s3Endpoint, s3PublicBaseUrl: `${portalUrl}/bucket` };

    const databaseUrl = await ensureDatabase(env.DATABASE_URL, parts.database);
    parts.databaseCreated = true;
    const queuePrefix = `academy-deploy-${suffix}`;
    const baseEnv: NodeJS.ProcessEnv = { ...productionEnv(env, urls, ports, { databaseUrl, queuePrefix, sandboxDataDir: path.join(work, 'sandbox') }), ...options.extraEnv };
    await migrateAndSeedOnce(baseEnv, sink, log);
    const health = await startStackProcesses(parts.processes, baseEnv, sink, ports, urls.sandboxUrl, workerCount);

    const staticRoot = path.join(work, 'www');
    const releaseFolder = path.join(work, 'releases');
    mkdirSync(staticRoot, { recursive: true });
    const releases: Releases = { staticRoot, folder: releaseFolder, current: prepareStaticRoot(staticRoot, releaseFolder), lastNumber: 1 };
    const nginxDir = path.join(work, 'nginx');
    writeNginxConfig(nginxDir, { staticRoot, ...writeRuntimeConfig(work, urls.sandboxUrl) }, ports, urls, baseEnv.ALLOW_SANDBOX_PROVIDERS === 'true');
    startNginx(parts, nginxBinary, nginxDir, sink);
    health.push(waitForHealth(`${portalUrl}/runtime-config.json`, undefined, 30_000));

    await Promise.all(health);
    const dead = parts.processes.find((entry) => entry.child.hasExited);
    if (dead) throw new Error(dead.child.describeExit());
    log(
      `running: nginx on ${portalUrl}; ${services.map((service) => `${service} ×${replicas} (ports ${ports.replicas[service].join(', ')}) + ${workerCount} workers`).join('; ')}; sandbox; s3rver`,
    );

    const errorLog = path.join(nginxDir, 'error.log');
    return {
      portalUrl,
      sandboxUrl: urls.sandboxUrl,
      databaseUrl,
      queuePrefix,
      s3PublicBaseUrl: urls.s3PublicBaseUrl,
      processes: parts.processes,
      operatorToken: baseEnv.OPERATOR_TOKEN!,
      internalUrls,
      nginxPid: parts.nginx?.pid,
      async kill(name) {
        const entry = parts.processes.find((candidate) => candidate.name === name);
        if (!entry) throw new Error(`no process ${name}`);
        await entry.child.kill('SIGKILL');
        log(`killed ${name} (SIGKILL)`);
      },
      redeployRemote(app, change) {
        const release = redeployRemote(releases, app, change);
        log(`redeployed ${app}: ${path.basename(release)} (${readdirSync(release).length} files)`);
        return release;
      },
      logText: () => readFileSync(options.logFile, 'utf8'),
      nginxErrors: () => lastLines(existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '', 40),
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
