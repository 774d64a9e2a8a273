import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { lastLines } from '../../local/process-utils.js';

/**
 * buildah with its storage kept in one folder (.data/images by default), so a run never touches the machine's
 * own image store and the script can remove everything it made. `tmp` is buildah's TMPDIR: RUN cache mounts (the
 * npm cache shared by the builds) live there and survive between runs.
 */
export interface BuildahStore {
  root: string;
  runroot: string;
  tmp: string;
}

export function buildahStore(folder: string, cacheFolder: string): BuildahStore {
  const store = { root: path.join(folder, 'storage'), runroot: path.join(folder, 'run'), tmp: path.join(cacheFolder, 'tmp') };
  for (const dir of Object.values(store)) mkdirSync(dir, { recursive: true });
  return store;
}

const globalArgs = (store: BuildahStore) => ['--root', store.root, '--runroot', store.runroot];
const buildahEnv = (store: BuildahStore) => ({ ...process.env, TMPDIR: store.tmp, BUILDAH_ISOLATION: 'chroot' });

/**
 * `--ulimit` for `buildah bud`: open files up to this machine's own hard limit (at most 65536). A build's RUN steps
 * otherwise get buildah's default of 1024, and `npm ci` reading a warm npm cache opens more than that at once
 * (EMFILE). A container cannot be given more than the process starting it has.
 */
export function buildUlimitArgs(): string[] {
  const hard = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  const limit = hard === 'unlimited' ? 65536 : Math.min(Number.parseInt(hard, 10) || 1024, 65536);
  return ['--ulimit', `nofile=${limit}:${limit}`];
}

/** Runs one buildah command to completion; resolves with its stdout, rejects with the end of its output. */
export function buildah(store: BuildahStore, args: string[], onLine?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('buildah', [...globalArgs(store), ...args], { env: buildahEnv(store), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      output += chunk;
      if (onLine) chunk.split('\n').filter(Boolean).forEach(onLine);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (onLine) chunk.split('\n').filter(Boolean).forEach(onLine);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(stdout.trim());
      else reject(new Error(`buildah ${args.slice(0, 3).join(' ')} … failed (exit ${code}):\n${lastLines(output, 30)}`));
    });
  });
}

/** A long-running `buildah run` (a service, a worker, nginx), in its own process group so it can be stopped whole. */
export function buildahRunDetached(store: BuildahStore, args: string[], onLine: (line: string) => void): ChildProcess {
  const child = spawn('buildah', [...globalArgs(store), 'run', '--isolation', 'chroot', ...args], {
    env: buildahEnv(store),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8').on('data', (chunk: string) => chunk.split('\n').filter(Boolean).forEach(onLine));
  }
  return child;
}

/** Stops a detached child and everything it started (buildah run's chroot child included). */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/** `--env K=V` pairs for buildah run. */
export const envArgs = (env: Record<string, string>): string[] => Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
