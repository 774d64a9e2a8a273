import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { lastLines, settlesWithin, sleep } from '../local/process-utils.js';

/** Where children's output goes: the terminal with a name prefix, or a log file (quiet mode for tests). */
export interface OutputSink {
  write(name: string, line: string): void;
}

export function terminalSink(): OutputSink {
  const width = 10;
  return { write: (name, line) => process.stdout.write(`${`[${name}]`.padEnd(width + 2)} ${line}\n`) };
}

export function fileSink(file: string): OutputSink {
  return { write: (name, line) => appendFileSync(file, `${new Date().toISOString()} [${name}] ${line}\n`) };
}

/**
 * Loaded into every child before its script (`node --import`): the launcher holds an IPC channel to it, and that
 * channel closes when the launcher ends however it ends (SIGKILL, a killed test run or benchmark included). The child
 * then stops as on SIGTERM, instead of living on with the ports and the queues of a portal that is gone.
 */
export const STOP_WITH_LAUNCHER = `data:text/javascript,${encodeURIComponent(
  "if (process.channel) { process.channel.unref(); process.once('disconnect', () => process.kill(process.pid, 'SIGTERM')); }",
)}`;

/** A Node child process whose output is prefixed by its name and whose last lines are kept for error reports. */
export class ManagedChild {
  private readonly recent: string[] = [];
  private readonly child: ChildProcess;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly sink: OutputSink,
    private readonly cwd?: string,
  ) {
    this.child = spawn(process.execPath, ['--import', STOP_WITH_LAUNCHER, script], { env, cwd, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    // The channel only tells the child that the launcher is gone: it must not keep the launcher running.
    this.child.channel?.unref();
    for (const stream of [this.child.stdout!, this.child.stderr!]) {
      let pending = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) this.record(line);
      });
      stream.on('end', () => pending && this.record(pending));
    }
    this.exited = new Promise((resolve) => {
      this.child.once('error', (error) => {
        this.record(`failed to start: ${error.message}`);
        this.exitInfo = { code: -1, signal: null };
        resolve(this.exitInfo);
      });
      this.child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve(this.exitInfo);
      });
    });
  }

  private record(line: string): void {
    this.recent.push(line);
    if (this.recent.length > 40) this.recent.shift();
    this.sink.write(this.name, line);
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  /** `catalogue:worker exited with code 3`, `progress was killed by SIGKILL`, or `… is running`. */
  exitSummary(): string {
    const info = this.exitInfo;
    const how = info ? (info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`) : 'is running';
    return `${this.name} ${how}`;
  }

  describeExit(): string {
    return `${this.exitSummary()}. Its last output:\n${lastLines(this.recent.join('\n'), 20) || '(none)'}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends a signal, SIGKILL by default (a crashed pod; fault runs kill a worker mid-job); resolves once it is gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.hasExited) return;
    this.child.kill(signal);
    await this.exited;
  }

  /** A new process of the same script, environment and folder. */
  respawn(): ManagedChild {
    return new ManagedChild(this.name, this.script, this.env, this.sink, this.cwd);
  }

  async stop(timeoutMs = 8000): Promise<void> {
    if (this.hasExited) return;
    this.child.kill('SIGTERM');
    if (!(await settlesWithin(this.exited, timeoutMs))) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}

/** Runs a script to completion (migrations, seed); rejects with its last output if it fails. */
export async function runToCompletion(name: string, script: string, env: NodeJS.ProcessEnv, sink: OutputSink, cwd?: string): Promise<void> {
  const child = new ManagedChild(name, script, env, sink, cwd);
  const { code } = await child.exited;
  if (code !== 0) throw new Error(child.describeExit());
}

/** Waits until `url` answers 2xx; gives up with the last problem seen, or at once if `child` has exited. */
export async function waitForHealth(url: string, child: ManagedChild | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer';
  while (Date.now() < deadline) {
    if (child?.hasExited) throw new Error(child.describeExit());
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${url} was not healthy after ${timeoutMs / 1000} s (${lastProblem})${child ? `\n${child.describeExit()}` : ''}`);
}
