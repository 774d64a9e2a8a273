import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc/<pid>/stat times (USER_HZ, 100 on every mainstream kernel). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields from after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

/** Every process whose command line matches (nginx's workers, one database's PostgreSQL backends). */
export function pidsMatching(pattern: RegExp): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => pattern.test(commandLineOf(pid)));
}

/** Named groups of processes; `find` is asked again at each sample, since PostgreSQL backends come and go. */
export interface CpuGroup {
  name: string;
  find: () => number[];
}

export type CpuSample = Map<string, Map<number, number>>;

export function sampleCpu(groups: CpuGroup[]): CpuSample {
  return new Map(groups.map((group) => [group.name, new Map(group.find().map((pid) => [pid, cpuSecondsOf(pid)]))]));
}

/**
 * CPU seconds each group used between two samples. A process that started in between counts from zero; one that
 * ended in between is lost (short-lived, so small).
 */
export function cpuUsedBetween(before: CpuSample, after: CpuSample): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [name, pids] of after) {
    let seconds = 0;
    for (const [pid, now] of pids) seconds += Math.max(0, now - (before.get(name)?.get(pid) ?? 0));
    used[name] = seconds;
  }
  return used;
}
