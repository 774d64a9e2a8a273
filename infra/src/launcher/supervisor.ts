// `npm start` supervises what it started: a service, worker or the sandbox that stops on its own is started again
// with backoff (1 s, 2 s, 4 s … 30 s; back to 1 s once it has run a minute), and so are a local PostgreSQL or
// Redis that stop answering. Every restart is one log line.
import { sleep } from '../local/process-utils.js';
import type { ManagedChild } from './child-process.js';

export const RESTART_BACKOFF_MS = { first: 1_000, max: 30_000, resetAfter: 60_000 };

export class Supervisor {
  private stopping = false;
  /** Names being restarted on purpose (fault runs): the supervisor leaves them to the caller. */
  private readonly handledByCaller = new Set<string>();
  private readonly delays = new Map<string, number>();

  constructor(
    private readonly children: ManagedChild[],
    private readonly log: (line: string) => void,
    /** Told whenever the set of running processes changed (the launcher records their ids). */
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** Starts watching every child in the list (call once all are started). */
  watchAll(): void {
    for (const child of this.children) this.watch(child);
    this.onChange();
  }

  stop(): void {
    this.stopping = true;
  }

  /** Kills `name` and starts it again after `downMs`, without the supervisor's own restart getting in between. */
  async restartByHand(name: string, signal: NodeJS.Signals, downMs: number): Promise<void> {
    const index = this.children.findLastIndex((child) => child.name === name);
    if (index < 0) throw new Error(`no process named ${name}`);
    this.handledByCaller.add(name);
    try {
      await this.children[index]!.kill(signal);
      if (downMs > 0) await sleep(downMs);
      if (!this.stopping) {
        this.children[index] = this.children[index]!.respawn();
        this.watch(this.children[index]!);
        this.onChange();
      }
    } finally {
      this.handledByCaller.delete(name);
    }
  }

  private watch(child: ManagedChild): void {
    const startedAt = Date.now();
    void child.exited.then(async () => {
      if (this.stopping || this.handledByCaller.has(child.name)) return;
      const index = this.children.indexOf(child);
      if (index < 0) return;
      const ranLong = Date.now() - startedAt >= RESTART_BACKOFF_MS.resetAfter;
      const delay = ranLong ? RESTART_BACKOFF_MS.first : (this.delays.get(child.name) ?? RESTART_BACKOFF_MS.first);
      this.delays.set(child.name, Math.min(delay * 2, RESTART_BACKOFF_MS.max));
      this.log(`${child.exitSummary()}; restarting it in ${delay / 1000} s`);
      await sleep(delay);
      if (this.stopping || this.children[index] !== child) return;
      this.children[index] = child.respawn();
      this.log(`${child.name} restarted`);
      this.watch(this.children[index]!);
      this.onChange();
    });
  }
}

/**
 * Polls a local store the launcher started; when it stops answering, `restart` is called (again with backoff) until
 * it answers. Stores given by URL (DATABASE_URL, REDIS_URL) are someone else's to run and are not watched.
 */
export function watchStore(options: {
  name: string;
  answers: () => Promise<boolean>;
  restart: () => Promise<void>;
  log: (line: string) => void;
  isStopping: () => boolean;
  everyMs?: number;
}): void {
  const every = options.everyMs ?? 2_000;
  let delay = RESTART_BACKOFF_MS.first;
  const tick = async (): Promise<void> => {
    if (options.isStopping()) return;
    if (await options.answers().catch(() => false)) {
      delay = RESTART_BACKOFF_MS.first;
    } else if (!options.isStopping()) {
      // (Not while stopping: the store may have been stopped on purpose while this check was under way.)
      options.log(`${options.name} is not answering; starting it again`);
      try {
        await options.restart();
        options.log(`${options.name} restarted`);
        delay = RESTART_BACKOFF_MS.first;
      } catch (error) {
        options.log(`${options.name} did not start (${(error as Error).message}); trying again in ${delay / 1000} s`);
        await sleep(delay);
        delay = Math.min(delay * 2, RESTART_BACKOFF_MS.max);
      }
    }
    if (!options.isStopping()) setTimeout(() => void tick(), every).unref();
  };
  setTimeout(() => void tick(), every).unref();
}
