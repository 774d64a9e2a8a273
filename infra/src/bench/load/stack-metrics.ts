import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { ProductionLikeStack } from '../../deploy/production-like.js';
import { cpuUsedBetween, pidsMatching, sampleCpu, type CpuGroup, type CpuSample } from './process-cpu.js';

/** What the stack did during one step besides answering: CPU per process group, Redis commands, PostgreSQL work. */
export interface StepUsage {
  seconds: number;
  cpuSeconds: Record<string, number>;
  redisCommands: number;
  postgresTransactions: number;
  postgresConnections: number;
}

interface Counters {
  at: number;
  cpu: CpuSample;
  redisCommands: number;
  postgresTransactions: number;
}

function childrenOf(parent: number): number[] {
  return pidsMatching(/^nginx: worker/).filter((pid) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
  });
}

/** The groups: each service's HTTP replicas and its workers, the sandbox, nginx, this database's backends, Redis. */
export function cpuGroups(stack: ProductionLikeStack, database: string, redisPid: number): CpuGroup[] {
  const groups: CpuGroup[] = [];
  for (const kind of ['http', 'worker'] as const) {
    for (const service of ['catalogue', 'commerce', 'progress'] as const) {
      const pids = stack.processes.filter((entry) => entry.kind === kind && entry.service === service).map((entry) => entry.child.pid!);
      groups.push({ name: `${service} ${kind === 'http' ? 'HTTP ×' : 'worker ×'}${pids.length}`, find: () => pids });
    }
  }
  const sandbox = stack.processes.find((entry) => entry.kind === 'sandbox')?.child.pid;
  groups.push({ name: 'sandbox', find: () => (sandbox ? [sandbox] : []) });
  groups.push({ name: 'nginx', find: () => (stack.nginxPid ? [stack.nginxPid, ...childrenOf(stack.nginxPid)] : []) });
  groups.push({ name: 'PostgreSQL (this database)', find: () => pidsMatching(new RegExp(`^postgres: (?:\\S+: )?\\S+ ${database} `)) });
  groups.push({ name: 'Redis', find: () => [redisPid] });
  groups.push({ name: 'load generator', find: () => [process.pid] });
  return groups;
}

export class StackMeter {
  private readonly redis: Redis;
  private readonly postgres: pg.Pool;

  constructor(
    private readonly groups: CpuGroup[],
    redisUrl: string,
    databaseUrl: string,
    private readonly database: string,
  ) {
    this.redis = new Redis(redisUrl, { lazyConnect: false });
    this.postgres = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  }

  async read(): Promise<Counters> {
    const info = await this.redis.info('stats');
    const redisCommands = Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0);
    const { rows } = await this.postgres.query<{ transactions: string }>('SELECT xact_commit + xact_rollback AS transactions FROM pg_stat_database WHERE datname = $1', [this.database]);
    return { at: performance.now(), cpu: sampleCpu(this.groups), redisCommands, postgresTransactions: Number(rows[0]?.transactions ?? 0) };
  }

  async usageSince(before: Counters): Promise<StepUsage> {
    const after = await this.read();
    const { rows } = await this.postgres.query<{ count: string }>('SELECT count(*) FROM pg_stat_activity WHERE datname = $1', [this.database]);
    return {
      seconds: (after.at - before.at) / 1000,
      cpuSeconds: cpuUsedBetween(before.cpu, after.cpu),
      redisCommands: after.redisCommands - before.redisCommands,
      postgresTransactions: after.postgresTransactions - before.postgresTransactions,
      postgresConnections: Number(rows[0]?.count ?? 0),
    };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.postgres.end();
  }
}
