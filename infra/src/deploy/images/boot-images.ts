import type { ChildProcess } from 'node:child_process';
import { findFreePort, lastLines, sleep } from '../../local/process-utils.js';
import { buildah, buildahRunDetached, envArgs, stopGroup, type BuildahStore } from './buildah.js';

/** One check of one image: what was checked, whether it held, and what was seen. */
export interface BootCheck {
  image: string;
  check: string;
  ok: boolean;
  detail: string;
}

/** Polls `url` until it answers `status` (default 200) or the process exits or the time is up. */
export async function waitForAnswer(url: string, child: ChildProcess | undefined, timeoutMs: number): Promise<{ status: number; body: string }> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
      const body = await response.text();
      if (response.status === 200) return { status: response.status, body };
      last = `${response.status} ${body.slice(0, 200)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(500);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
}

/** A working container of `ref` for the checks; removed by `done`. */
export async function withContainer<T>(store: BuildahStore, ref: string, fromArgs: string[], work: (container: string) => Promise<T>): Promise<T> {
  const container = await buildah(store, ['from', '--pull-never', ...fromArgs, ref]);
  try {
    return await work(container);
  } finally {
    await buildah(store, ['rm', container]).catch(() => undefined);
  }
}

/** The uid a command in the image runs as (the image's USER), which must not be 0. */
export async function checkNonRoot(store: BuildahStore, image: string, container: string): Promise<BootCheck> {
  const uid = (await buildah(store, ['run', '--isolation', 'chroot', container, '--', 'id', '-u'])).trim();
  return { image, check: 'runs as a non-root user', ok: uid !== '' && uid !== '0', detail: `uid ${uid}` };
}

/**
 * Starts `command` in the container with `env`, waits for the first URL to answer 200, fetches the others (each must
 * answer 200 too), then stops it. The output's last lines go into the check's detail when it fails.
 */
export async function checkServes(
  store: BuildahStore,
  target: { image: string; container: string; check: string },
  command: string[],
  env: Record<string, string>,
  urls: string[],
): Promise<BootCheck> {
  const output: string[] = [];
  const child = buildahRunDetached(store, [...envArgs(env), target.container, '--', ...command], (line) => output.push(line));
  const started = Date.now();
  try {
    const first = await waitForAnswer(urls[0]!, child, 120_000);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const sizes = [first.body.length];
    for (const url of urls.slice(1)) sizes.push((await waitForAnswer(url, child, 5_000)).body.length);
    return { image: target.image, check: target.check, ok: true, detail: `200 after ${seconds} s (${sizes.join(', ')} bytes)` };
  } catch (error) {
    return { image: target.image, check: target.check, ok: false, detail: `${(error as Error).message}\n${lastLines(output.join('\n'), 15)}` };
  } finally {
    await stopGroup(child);
  }
}

/** Runs a command in the container to completion (the migrate entry); the check holds when it exits 0. */
export async function checkCompletes(store: BuildahStore, target: { image: string; container: string; check: string }, command: string[], env: Record<string, string>): Promise<BootCheck> {
  const started = Date.now();
  try {
    const output = await buildah(store, ['run', '--isolation', 'chroot', ...envArgs(env), target.container, '--', ...command]);
    return { image: target.image, check: target.check, ok: true, detail: `exit 0 in ${((Date.now() - started) / 1000).toFixed(1)} s; ${lastLines(output, 1).slice(0, 160)}` };
  } catch (error) {
    return { image: target.image, check: target.check, ok: false, detail: (error as Error).message };
  }
}

export { findFreePort };
