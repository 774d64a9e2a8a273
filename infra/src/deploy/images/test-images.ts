import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { findFreePort } from '../../local/process-utils.js';
import { dataDir } from '../../paths.js';
import { makeBaseImages } from './base-images.js';
import type { BootCheck } from './boot-images.js';
import { buildah, buildahStore, type BuildahStore } from './buildah.js';
import { buildEveryImage, imageFacts, type BuiltImage } from './build-images.js';
import { checkEdgeImage, checkServiceImage, type StoresForChecks } from './image-checks.js';
import { buildVolumes } from './network-trust.js';

/** Service images should stay under this (uncompressed, as stored); the edge has no target. */
export const serviceImageBudgetBytes = 250 * 1000 * 1000;

export interface TestImagesOptions {
  node24: string;
  serverDatabaseUrl: string;
  redisUrl: string;
  log: (line: string) => void;
  /** Only these images (`edge`, `commerce`, …); all when empty. */
  only?: string[];
}

interface ImageRow {
  ref: string;
  seconds: number;
  sizeBytes: number;
  user: string;
  withinBudget: boolean;
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

async function checkEveryImage(store: BuildahStore, built: BuiltImage[], stores: StoresForChecks): Promise<BootCheck[]> {
  const checks: BootCheck[] = [];
  for (const image of built) {
    const service = image.spec.buildArgs.SERVICE;
    checks.push(...(service ? await checkServiceImage(store, service, image.ref, stores) : await checkEdgeImage(store, image.ref)));
  }
  return checks;
}

async function describeImages(store: BuildahStore, built: BuiltImage[]): Promise<ImageRow[]> {
  const rows: ImageRow[] = [];
  for (const image of built) {
    const facts = await imageFacts(store, image.ref);
    const isService = Boolean(image.spec.buildArgs.SERVICE);
    rows.push({ ref: image.ref, seconds: image.seconds, sizeBytes: facts.sizeBytes, user: facts.user, withinBudget: !isService || facts.sizeBytes <= serviceImageBudgetBytes });
  }
  return rows;
}

function printReport(rows: ImageRow[], checks: BootCheck[], minutes: number, log: (line: string) => void): void {
  log('');
  log('| image | build | size | user | ≤ 250 MB (services) |');
  log('|---|---|---|---|---|');
  for (const row of rows) log(`| ${row.ref} | ${row.seconds.toFixed(0)} s | ${megabytes(row.sizeBytes)} | ${row.user} | ${row.withinBudget ? 'yes' : 'NO'} |`);
  log('');
  for (const check of checks) log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.image}: ${check.check}: ${check.detail}`);
  log(`whole run: ${minutes.toFixed(1)} min, load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);
}

/**
 * `npm run test:images`: base images, every image from the real Dockerfiles, then each booted. Storage lives in
 * .data/images and is removed at the end; the root filesystem and the npm cache stay in .data/images-cache.
 * Resolves true when every check held (sizes over budget are reported, not failed).
 */
export async function testImages(options: TestImagesOptions): Promise<boolean> {
  const started = Date.now();
  const folder = path.join(dataDir, 'images');
  const cacheDir = path.join(dataDir, 'images-cache');
  const store = buildahStore(folder, cacheDir);
  await removeStorage(store, folder); // what an interrupted run left
  buildahStore(folder, cacheDir);
  const s3Port = await findFreePort();
  const s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(folder, 's3'), configureBuckets: [{ name: 'academy-media', configs: [] }] });
  await s3.run();
  try {
    const baseArgs = await makeBaseImages({ store, cacheDir, workDir: path.join(folder, 'work'), node24: options.node24, log: options.log });
    const built = await buildEveryImage(store, baseArgs, buildVolumes(cacheDir), options.log, options.only);
    const rows = await describeImages(store, built);
    const stores = { serverDatabaseUrl: options.serverDatabaseUrl, redisUrl: options.redisUrl, s3Endpoint: `http://127.0.0.1:${s3Port}` };
    const checks = await checkEveryImage(store, built, stores);
    printReport(rows, checks, (Date.now() - started) / 60_000, options.log);
    return checks.every((check) => check.ok);
  } finally {
    await s3.close().catch(() => undefined);
    await removeStorage(store, folder);
  }
}

/** buildah's containers, images and overlay mounts (the driver mounts its folder on itself) go before the folder. */
async function removeStorage(store: BuildahStore, folder: string): Promise<void> {
  await buildah(store, ['rm', '--all']).catch(() => undefined);
  await buildah(store, ['rmi', '--all', '--force']).catch(() => undefined);
  const mounts = readFileSync('/proc/self/mounts', 'utf8')
    .split('\n')
    .map((line) => line.split(' ')[1] ?? '')
    .filter((point) => point === folder || point.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length);
  for (const point of mounts) spawnSync('umount', ['--lazy', point], { stdio: 'ignore' });
  rmSync(folder, { recursive: true, force: true });
}
