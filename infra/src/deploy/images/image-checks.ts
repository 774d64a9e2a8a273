import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../local/postgres.js';
import type { BuildahStore } from './buildah.js';
import { checkCompletes, checkNonRoot, checkServes, findFreePort, withContainer, type BootCheck } from './boot-images.js';
import { serviceBootEnv } from './boot-env.js';
import { loadRouteTable } from '../../routes/route-table.js';

export interface StoresForChecks {
  serverDatabaseUrl: string;
  redisUrl: string;
  s3Endpoint: string;
}

/**
 * A service image: non-root, its migrate entry on a fresh database, its HTTP entry's /health, its worker's
 * /metrics (served once the worker has started), each as the image's default user with the host's network.
 */
export async function checkServiceImage(store: BuildahStore, service: string, ref: string, stores: StoresForChecks): Promise<BootCheck[]> {
  const suffix = randomBytes(4).toString('hex');
  const database = `academy_images_${service}_${suffix}`;
  const databaseUrl = await ensureDatabase(stores.serverDatabaseUrl, database);
  const env = serviceBootEnv({ databaseUrl, redisUrl: stores.redisUrl, queuePrefix: `academy-images-${suffix}`, s3Endpoint: stores.s3Endpoint });
  try {
    return await withContainer(store, ref, [], async (container) => {
      const target = (check: string) => ({ image: ref, container, check });
      const checks = [await checkNonRoot(store, ref, container)];
      checks.push(await checkCompletes(store, target('migrate entry (dist/migrate.js) on a fresh database'), ['node', 'dist/migrate.js'], env));
      const port = await findFreePort();
      checks.push(await checkServes(store, target('HTTP entry answers /health 200'), ['node', 'dist/main.js'], { ...env, PORT: String(port) }, [`http://127.0.0.1:${port}/health`]));
      const metricsPort = await findFreePort();
      checks.push(
        await checkServes(store, target('worker starts (its /metrics answers 200)'), ['node', 'dist/worker.js'], { ...env, METRICS_PORT: String(metricsPort) }, [`http://127.0.0.1:${metricsPort}/metrics`]),
      );
      if (service === 'catalogue') checks.push(await checkCompletes(store, target('ffmpeg for the video worker'), ['ffmpeg', '-hide_banner', '-version'], {}));
      return checks;
    });
  } finally {
    await dropDatabase(stores.serverDatabaseUrl, database).catch(() => undefined);
  }
}

/**
 * The edge image: nginx with the image's own config and files, as uid 101. Its upstream names resolve to loopback
 * (nginx refuses to start on an unknown host), and its fixed port 8080 is moved to a free one in a copy of the
 * config, since containers here share the machine's network.
 */
export async function checkEdgeImage(store: BuildahStore, ref: string): Promise<BootCheck[]> {
  // Every upstream nginx.conf names: the services and the WebSocket entry points (the live gateway), from the route table.
  const table = loadRouteTable();
  const upstreams = [...Object.keys(table.services), ...(table.websockets ?? []).map((route) => route.entryPoint)];
  const hosts = upstreams.flatMap((name) => ['--add-host', `${name}:127.0.0.1`]);
  return withContainer(store, ref, hosts, async (container) => {
    const checks = [await checkNonRoot(store, ref, container)];
    const port = await findFreePort();
    const start = `sed 's/listen 8080;/listen 127.0.0.1:${port};/' /etc/nginx/nginx.conf > /tmp/nginx.conf && exec nginx -c /tmp/nginx.conf -g 'daemon off; pid /tmp/nginx.pid;'`;
    const base = `http://127.0.0.1:${port}`;
    const target = { image: ref, container, check: 'serves / (the shell), a remote\'s manifest and the runtime config' };
    const files = ['/', '/mfe/learner/mf-manifest.json', '/runtime-config.json'].map((file) => `${base}${file}`);
    checks.push(await checkServes(store, target, ['sh', '-c', start], {}, files));
    return checks;
  });
}
