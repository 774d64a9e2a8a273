// Cuts one browser's network, all of it (its TCP to the edge and the WebRTC UDP to Janus), while the rest of the
// machine keeps talking on the same loopback: the browser's processes go into a cgroup of their own and iptables
// drops every packet they send (`-m cgroup --path`), the others' go through. Playwright's setOffline leaves WebRTC alone, and closing the
// peer connection from the page would not be a network cut. Needs root, iptables and a cgroup v2 hierarchy.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the cgroup v2 hierarchy is mounted (`/sys/fs/cgroup` or, beside v1, `/sys/fs/cgroup/unified`). */
function cgroup2Root(): string | null {
  const line = readFileSync('/proc/mounts', 'utf8').split('\n').find((entry) => entry.split(' ')[2] === 'cgroup2');
  return line?.split(' ')[1] ?? null;
}

/** Why this machine cannot cut a browser's network, or null when it can. */
export function networkCutUnavailable(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root (iptables needs it)';
  if (!cgroup2Root()) return 'no cgroup v2 hierarchy mounted';
  try {
    execFileSync('iptables', ['-L', 'OUTPUT', '-n'], { stdio: 'ignore' });
  } catch {
    return 'iptables does not work here';
  }
  return null;
}

export class NetworkCut {
  private readonly name: string;
  private readonly dir: string;
  private rule: string[] | null = null;

  constructor(label: string) {
    this.name = `academy-cut-${label}-${process.pid}`;
    this.dir = path.join(cgroup2Root() ?? '/nonexistent', this.name);
  }

  /**
   * The browser to launch: Chromium started inside the cgroup. A socket belongs to the cgroup of the process that
   * made it, so the browser must be there from the start (moving it later leaves its open connections uncut).
   */
  launcher(chromium: string): string {
    if (!existsSync(this.dir)) mkdirSync(this.dir);
    const file = path.join(tmpdir(), `${this.name}.sh`);
    writeFileSync(file, `#!/bin/sh\necho $$ > ${path.join(this.dir, 'cgroup.procs')}\nexec ${chromium} "$@"\n`, { mode: 0o755 });
    return file;
  }

  /** Every packet the browser sends is dropped from now on (so every connection of it stalls or fails). */
  cut(): void {
    this.rule = ['OUTPUT', '-m', 'cgroup', '--path', this.name, '-j', 'DROP'];
    execFileSync('iptables', ['-I', ...this.rule]);
  }

  /** The network is back. */
  restore(): void {
    if (!this.rule) return;
    execFileSync('iptables', ['-D', ...this.rule]);
    this.rule = null;
  }

  /** After the browser closed: the rule and the empty cgroup go. */
  dispose(): void {
    this.restore();
    rmSync(path.join(tmpdir(), `${this.name}.sh`), { force: true });
    try {
      rmdirSync(this.dir);
    } catch {
      // Still has processes (the browser is open) or was never made.
    }
  }
}
