import { readFileSync } from 'node:fs';
import net from 'node:net';

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (e.g. postgres started as the postgres user).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process's command line, or undefined where /proc is not available. */
export function processCommand(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return undefined;
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the process exits or the timeout passes; true if it exited. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await sleep(50);
  }
  return !isProcessAlive(pid);
}

export function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const finish = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(1000, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/**
 * Where the processes a run starts get their ports: below Linux's ephemeral range (32768–60999), from which outgoing
 * connections take their source ports. A port from `listen(0)` comes from that range too, and between finding it
 * free and a child process binding it, a connection to PostgreSQL or Redis could take it as its own (seen: a
 * service of the production-like run stopping with EADDRINUSE, two runs in four).
 */
export const CHILD_PORT_RANGE = { first: 20_000, last: 32_000 } as const;
const portsHandedOut = new Set<number>();
// Each process starts at its own place in the range, so two test processes rarely try the same ports.
let nextPortCandidate = CHILD_PORT_RANGE.first + Math.floor(Math.random() * (CHILD_PORT_RANGE.last - CHILD_PORT_RANGE.first));

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port free right now in CHILD_PORT_RANGE, never one this process handed out before. */
export async function findFreePort(): Promise<number> {
  for (let tried = 0; tried <= CHILD_PORT_RANGE.last - CHILD_PORT_RANGE.first; tried += 1) {
    const port = nextPortCandidate;
    nextPortCandidate = port >= CHILD_PORT_RANGE.last ? CHILD_PORT_RANGE.first : port + 1;
    if (portsHandedOut.has(port) || !(await canListen(port))) continue;
    portsHandedOut.add(port);
    return port;
  }
  throw new Error(`No free port between ${CHILD_PORT_RANGE.first} and ${CHILD_PORT_RANGE.last}`);
}

/** The last `count` lines of a text, for error messages. */
export function lastLines(text: string, count: number): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/** Resolves true if `promise` settles within `ms`, false otherwise; leaves no timer behind. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
