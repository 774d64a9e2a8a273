// After `npm start` was killed outright (SIGKILL, a closed terminal), its services and workers keep running and
// hold the ports. The launcher records their process ids in .data/launcher.json; the next start stops what a dead
// launcher left behind (only processes still running this repository's scripts).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { settlesWithin, sleep } from '../local/process-utils.js';

interface LauncherRecord {
  launcherPid: number;
  childPids: number[];
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runsScriptOf(pid: number, repoRoot: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(repoRoot);
  } catch {
    return false;
  }
}

export class LauncherRecordFile {
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly repoRoot: string,
  ) {
    this.file = path.join(dataDir, 'launcher.json');
  }

  /** Stops the processes a launcher that is no longer running left behind; returns how many. */
  async cleanUpAfterDeadLauncher(log: (line: string) => void): Promise<number> {
    if (!existsSync(this.file)) return 0;
    let record: LauncherRecord;
    try {
      record = JSON.parse(readFileSync(this.file, 'utf8')) as LauncherRecord;
    } catch {
      rmSync(this.file, { force: true });
      return 0;
    }
    if (record.launcherPid !== process.pid && isRunning(record.launcherPid)) return 0; // another npm start is running
    const left = record.childPids.filter((pid) => isRunning(pid) && runsScriptOf(pid, this.repoRoot));
    for (const pid of left) process.kill(pid, 'SIGTERM');
    await settlesWithin(
      (async () => {
        while (left.some(isRunning)) await sleep(100);
      })(),
      5_000,
    );
    for (const pid of left.filter(isRunning)) process.kill(pid, 'SIGKILL');
    rmSync(this.file, { force: true });
    if (left.length > 0) log(`stopped ${left.length} processes left running by an earlier npm start that was killed`);
    return left.length;
  }

  write(childPids: readonly (number | undefined)[]): void {
    const record: LauncherRecord = { launcherPid: process.pid, childPids: childPids.filter((pid): pid is number => pid !== undefined) };
    writeFileSync(this.file, JSON.stringify(record));
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }
}
