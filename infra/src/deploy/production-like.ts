import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { runtimeConfigFromEnv } from '../edge/runtime-config.js';
import { fileSink, ManagedChild, runToCompletion, waitForHealth, type OutputSink } from '../launcher/child-process.js';
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
const razorpaySandbox = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox_key_secret', webhookSecret: 'sandbox_webhook_secret' };
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
  const processes: StackProcess[] = [];
  let nginx: ChildProcess | undefined;
  let nginxExited: Promise<void> | undefined;
  let s3: S3rver | undefined;
  const database = `academy_deploy_${suffix}`;
  let databaseCreated = false;
  let stopped = false;

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      if (!(await settlesWithin(nginxExited!, 5000))) nginx.kill('SIGKILL');
    }
    await Promise.all(processes.filter((entry) => entry.kind !== 'sandbox').map((entry) => entry.child.stop()));
    await Promise.all(processes.filter((entry) => entry.kind === 'sandbox').map((entry) => entry.child.stop()));
    await s3?.close().catch(() => undefined);
    if (databaseCreated) await dropDatabase(env.DATABASE_URL!, database).catch((error: Error) => log(`could not drop ${database}: ${error.message}`));
    rmSync(work, { recursive: true, force: true });
  };

  try {
    const portalPort = await findFreePort();
    const sandboxPort = await findFreePort();
    const sandboxSmtpPort = await findFreePort(); // never the sandbox's default 2525, which a running portal may hold
    const portalUrl = `http://localhost:${portalPort}`;
    const sandboxUrl = `http://localhost:${sandboxPort}`;
    const internalPorts = Object.fromEntries(await Promise.all(services.map(async (service) => [service, await findFreePort()]))) as Record<ServiceName, number>;
    const internalUrls = Object.fromEntries(services.map((service) => [service, `http://127.0.0.1:${internalPorts[service]}`])) as Record<ServiceName, string>;
    const replicaPorts = {} as Record<ServiceName, number[]>;
    for (const service of services) {
      replicaPorts[service] = [];
      for (let index = 0; index < replicas; index += 1) replicaPorts[service].push(await findFreePort());
    }

    // Every media file: an S3-compatible server with the bucket; only its public/ folder is readable through nginx.
    const s3Port = await findFreePort();
    s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(work, 's3'), configureBuckets: [{ name: mediaBucket, configs: [] }] });
    await s3.run();
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    // Pages load thumbnails from the portal's origin, as from a CDN in front of the bucket: the production CSP's
    // img-src allows https and 'self', not the store's plain-http address.
    const s3PublicBaseUrl = `${portalUrl}/bucket`;

    const databaseUrl = await ensureDatabase(env.DATABASE_URL, database);
    databaseCreated = true;
    const queuePrefix = `academy-deploy-${suffix}`;
    const baseEnv: NodeJS.ProcessEnv = {
      PATH: env.PATH,
      HOME: env.HOME,
      NODE_ENV: 'production',
      // The explicit, test-only escape: without it the services and the sandbox refuse sandbox settings.
      ALLOW_SANDBOX_PROVIDERS: 'true',
      DATABASE_URL: databaseUrl,
      REDIS_URL: env.REDIS_URL,
      QUEUE_PREFIX: queuePrefix,
      DB_POOL_MAX: '4',
      LOG_LEVEL: 'info',
      AUTH_ISSUER: `${sandboxUrl}/`,
      AUTH_AUDIENCE: 'https://api.academy.local',
      AUTH_CLAIMS_NAMESPACE: 'https://academy.example/',
      INTERNAL_TOKEN: randomBytes(32).toString('hex'),
      OPERATOR_TOKEN: randomBytes(32).toString('hex'),
      MEDIA_LINK_SECRET: randomBytes(32).toString('hex'),
      CATALOGUE_URL: internalUrls.catalogue,
      PROGRESS_URL: internalUrls.progress,
      PORTAL_URL: portalUrl,
      RAZORPAY_KEY_ID: razorpaySandbox.keyId,
      RAZORPAY_KEY_SECRET: razorpaySandbox.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpaySandbox.webhookSecret,
      RAZORPAY_API_URL: `${sandboxUrl}/razorpay/`,
      RAZORPAY_WEBHOOK_URL: `${portalUrl}/api/payments/razorpay/webhook`,
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_SMTP_PORT: String(sandboxSmtpPort),
      SMTP_URL: `smtp://127.0.0.1:${sandboxSmtpPort}`,
      SANDBOX_PUBLIC_URL: sandboxUrl,
      SANDBOX_DATA_DIR: path.join(work, 'sandbox'),
      PORTAL_ORIGINS: portalUrl,
      S3_BUCKET: mediaBucket,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PUBLIC_BASE_URL: s3PublicBaseUrl,
      ...options.extraEnv,
    };
    const dist = (workspace: string, file: string) => path.join(repoRoot, workspace, 'dist', file);
    const cwdOf = (workspace: string) => path.join(repoRoot, workspace);

    // The migration Jobs, then the seed, once: replicas never migrate.
    for (const service of services) {
      log(`migrating ${service}`);
      await runToCompletion(`${service}:migrate`, dist(`services/${service}`, 'migrate.js'), baseEnv, sink, cwdOf(`services/${service}`));
    }
    log('seeding the demo catalogue');
    await runToCompletion('catalogue:seed', dist('services/catalogue', 'seed.js'), baseEnv, sink, cwdOf('services/catalogue'));

    const health: Promise<void>[] = [];
    const sandbox = new ManagedChild('sandbox', dist('services/sandbox', 'main.js'), baseEnv, sink, cwdOf('services/sandbox'));
    processes.push({ name: 'sandbox', kind: 'sandbox', port: sandboxPort, child: sandbox });
    health.push(waitForHealth(`${sandboxUrl}/health`, sandbox, 90_000));
    for (const service of services) {
      for (const [index, port] of replicaPorts[service].entries()) {
        const name = `${service}#${index + 1}`;
        const operatorPort = await findFreePort();
        const child = new ManagedChild(
          name,
          dist(`services/${service}`, 'main.js'),
          { ...baseEnv, PORT: String(port), OPERATOR_PORT: String(operatorPort) },
          sink,
          cwdOf(`services/${service}`),
        );
        processes.push({ name, kind: 'http', service, port, operatorPort, child });
        health.push(waitForHealth(`http://127.0.0.1:${port}/health`, child, 90_000));
      }
      for (let index = 0; index < workerCount; index += 1) {
        const name = `${service}-worker#${index + 1}`;
        const port = await findFreePort(); // workers serve /metrics only
        const child = new ManagedChild(name, dist(`services/${service}`, 'worker.js'), { ...baseEnv, METRICS_PORT: String(port) }, sink, cwdOf(`services/${service}`));
        processes.push({ name, kind: 'worker', service, port, child });
      }
    }

    // nginx: the repository's generated config, with this machine's addresses behind the upstreams.
    const staticRoot = path.join(work, 'www');
    const releases = path.join(work, 'releases');
    mkdirSync(staticRoot, { recursive: true });
    const currentRelease = prepareStaticRoot(staticRoot, releases);
    const runtimeConfigDir = path.join(work, 'etc');
    mkdirSync(runtimeConfigDir, { recursive: true });
    const runtimeConfig = runtimeConfigFromEnv({ RAZORPAY_KEY_ID: razorpaySandbox.keyId }, sandboxUrl);
    writeFileSync(path.join(runtimeConfigDir, 'runtime-config.json'), JSON.stringify(runtimeConfig));
    const nginxDir = path.join(work, 'nginx');
    mkdirSync(nginxDir, { recursive: true });
    const temp = (name: string) => path.join(nginxDir, name);
    const config = generateNginxConfig(loadRouteTable(), {
      listen: `127.0.0.1:${portalPort}`,
      staticRoot,
      runtimeConfigDir,
      upstreams: {
        ...Object.fromEntries(services.map((service) => [service, replicaPorts[service].map((port) => `127.0.0.1:${port}`)])),
        // This run does not start the live classes' gateway; its upstream must still resolve for nginx to start.
        'progress-gateway': ['127.0.0.1:9'],
      },
      // The CSP names the origins of the runtime config served, here the sandbox's plain-http one: allowed only by
      // the test-only escape the services get too (ALLOW_SANDBOX_PROVIDERS); HSTS and upgrade-insecure-requests stay.
      runtimeConfig,
      allowSandboxProviders: baseEnv.ALLOW_SANDBOX_PROVIDERS === 'true',
      // Paid files (paid/, videos/) stay behind the services' checks: only public/ is proxied, as a CDN would be.
      extraServer: [`location ^~ /bucket/public/ { proxy_pass ${s3Endpoint}/${mediaBucket}/public/; }`],
      extraHttp: [
        `access_log ${temp('access.log')};`,
        `client_body_temp_path ${temp('client-body')};`,
        `proxy_temp_path ${temp('proxy')};`,
        `fastcgi_temp_path ${temp('fastcgi')};`,
        `uwsgi_temp_path ${temp('uwsgi')};`,
        `scgi_temp_path ${temp('scgi')};`,
        '# Stand-ins for the Kubernetes Services the services call each other through (/internal/ included).',
        ...services.flatMap((service) => [
          `server { listen 127.0.0.1:${internalPorts[service]}; location / { proxy_pass http://${service}; } }`,
        ]),
      ],
    });
    writeFileSync(path.join(nginxDir, 'nginx.conf'), config);
    const globals = [`pid ${temp('nginx.pid')};`, `error_log ${temp('error.log')} warn;`, 'daemon off;'];
    // As root, nginx's workers would switch to `nobody`, who cannot read this run's folders.
    if (process.getuid?.() === 0) globals.push('user root;');
    nginx = spawn(nginxBinary, ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', globals.join(' ')], { stdio: ['ignore', 'pipe', 'pipe'] });
    const started = nginx;
    nginxExited = new Promise((resolve) => started.once('exit', () => resolve()));
    for (const stream of [nginx.stdout!, nginx.stderr!]) stream.on('data', (chunk: Buffer) => sink.write('nginx', chunk.toString().trimEnd()));
    health.push(waitForHealth(`${portalUrl}/runtime-config.json`, undefined, 30_000));

    await Promise.all(health);
    const dead = processes.find((entry) => entry.child.hasExited);
    if (dead) throw new Error(dead.child.describeExit());
    log(
      `running: nginx on ${portalUrl}; ${services.map((service) => `${service} ×${replicas} (ports ${replicaPorts[service].join(', ')}) + ${workerCount} workers`).join('; ')}; sandbox; s3rver`,
    );

    let releaseNumber = 1;
    return {
      portalUrl,
      sandboxUrl,
      databaseUrl,
      queuePrefix,
      s3PublicBaseUrl,
      processes,
      operatorToken: baseEnv.OPERATOR_TOKEN!,
      internalUrls,
      nginxPid: nginx.pid,
      async kill(name) {
        const entry = processes.find((candidate) => candidate.name === name);
        if (!entry) throw new Error(`no process ${name}`);
        await entry.child.kill('SIGKILL');
        log(`killed ${name} (SIGKILL)`);
      },
      redeployRemote(app, change) {
        const mount = loadRouteTable().static.find((candidate) => candidate.app === app)!;
        releaseNumber += 1;
        const release = path.join(releases, `${app}-${releaseNumber}`);
        // Previous hashed files first, then the new build over them: open pages still find their chunks.
        cpSync(currentRelease[app], release, { recursive: true });
        cpSync(path.join(repoRoot, mount.workspace, 'dist'), release, { recursive: true });
        change(release);
        const link = path.join(staticRoot, mount.prefix).replace(/\/$/, '');
        const next = `${link}.next`;
        symlinkSync(release, next);
        renameSync(next, link); // rename(2) is atomic: every request sees the old or the new release, never neither
        currentRelease[app] = release;
        log(`redeployed ${app}: ${path.basename(release)} (${readdirSync(release).length} files)`);
        return release;
      },
      logText: () => readFileSync(options.logFile, 'utf8'),
      nginxErrors: () => lastLines(existsSync(temp('error.log')) ? readFileSync(temp('error.log'), 'utf8') : '', 40),
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
