import { repoRoot } from '../../paths.js';
import { pidsMatching, type CpuGroup } from './process-cpu.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Process groups of a portal started by the launcher from this checkout (`npm start`'s topology: one process per
 * entry point), found by their script's path; PostgreSQL by its database's backends; Redis by its pid.
 */
export function portalCpuGroups(database: string, redisPid: number | undefined): CpuGroup[] {
  const script = (relative: string) => {
    const pattern = new RegExp(`${escape(`${repoRoot}/${relative}`)}(\\s|$)`);
    return () => pidsMatching(pattern);
  };
  const groups: CpuGroup[] = [{ name: 'sandbox', find: script('services/sandbox/dist/main.js') }];
  for (const service of ['catalogue', 'commerce', 'progress']) {
    groups.push({ name: `${service} HTTP`, find: script(`services/${service}/dist/main.js`) });
    groups.push({ name: `${service} worker`, find: script(`services/${service}/dist/worker.js`) });
  }
  groups.push({ name: 'PostgreSQL (this database)', find: () => pidsMatching(new RegExp(`^postgres: (?:\\S+: )?\\S+ ${escape(database)} `)) });
  if (redisPid) groups.push({ name: 'Redis', find: () => [redisPid] });
  // The launcher runs the edge inside the process that started it: here, the benchmark itself.
  groups.push({ name: 'edge + load generator (this process)', find: () => [process.pid] });
  return groups;
}
