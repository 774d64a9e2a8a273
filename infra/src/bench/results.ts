// Shared by the portal benchmarks (`npm run bench`): progress lines, percentiles, and the bench/results files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { StartPortalOptions } from '../launcher/start-portal.js';
import { repoRoot } from '../paths.js';
import { startPortalForTests, type TestPortal } from '../testing/index.js';

export const resultsDir = path.join(repoRoot, 'bench', 'results');

/** One progress line per step, so a long run shows where it is. */
export function progress(bench: string, message: string): void {
  console.log(`[bench] ${bench}: ${message}`);
}

/** The p-th percentile (0–100) by nearest rank; NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A Markdown table from a header row and body rows. */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

/** Writes bench/results/<name>.json and <name>.md (the latest run; committed). */
export function writeResults(name: string, summary: unknown, markdown: string): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(path.join(resultsDir, `${name}.md`), `${markdown.trimEnd()}\n`);
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number): string => `${Math.round(value)} ms`;
/** A fraction as a whole percentage; a dash when there was nothing to measure (NaN). */
export const share = (fraction: number): string => (Number.isNaN(fraction) ? '–' : `${Math.round(fraction * 100)} %`);

/** When and where a run happened, for the top of each results file. */
export function runStamp(): { date: string; node: string; cpus: number } {
  return { date: new Date().toISOString(), node: process.version, cpus: availableParallelism() };
}

/**
 * The whole portal for a benchmark (fresh database, free ports, built apps behind the edge). Start-up is tried a
 * second time if the first fails (the demo activity can meet a dropped keep-alive connection on a loaded machine).
 */
export async function startBenchPortal(bench: string, options: StartPortalOptions = {}): Promise<TestPortal> {
  progress(bench, `starting the portal (fresh database${options.demoActivity === false ? ', no demo activity' : ''})`);
  try {
    return await startPortalForTests(options);
  } catch (error) {
    progress(bench, `portal start failed (${(error as Error).message.split('\n')[0]}); trying once more`);
    return startPortalForTests(options);
  }
}

/** Which deployable served a script, from the edge's static mounts (`/mfe/<app>/…`, else the shell). */
export function appOfUrl(url: string): string {
  const { pathname } = new URL(url);
  const match = /^\/mfe\/([^/]+)\//.exec(pathname);
  if (match) return { learner: 'mfe-learner', educator: 'mfe-educator', info: 'mfe-info-pages' }[match[1]!] ?? `mfe/${match[1]}`;
  return 'shell';
}
