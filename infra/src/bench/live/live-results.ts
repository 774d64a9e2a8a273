// bench/results/live.md is written by more than one step (the live rows, the load test, the doubt loop): each step
// replaces its own "## " sections and keeps the others' as they are.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resultsDir } from '../results.js';

const TITLE = '# Live classes';

/** Splits a results file into its "## " sections (title → text including the heading). */
export function liveSections(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  for (const part of markdown.split(/^(?=## )/m)) {
    const heading = /^## (.+)$/m.exec(part);
    if (part.startsWith('## ') && heading) sections.set(heading[1]!.trim(), part.trimEnd());
  }
  return sections;
}

/** The file with `replaced` sections (in their order, first) and every other section kept after them. */
export function mergeLiveSections(existing: string, replaced: { title: string; body: string }[]): string {
  const kept = liveSections(existing);
  const mine = new Set(replaced.map((section) => section.title));
  const parts = [TITLE, ...replaced.map((section) => `## ${section.title}\n\n${section.body.trim()}`)];
  for (const [title, text] of kept) if (!mine.has(title)) parts.push(text);
  return `${parts.join('\n\n')}\n`;
}

/** Writes bench/results/live.md with these sections replaced, and live-<step>.json with the raw figures. */
export function writeLiveResults(step: string, summary: unknown, sections: { title: string; body: string }[]): void {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'live.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, mergeLiveSections(existing, sections));
  writeFileSync(path.join(resultsDir, `live-${step}.json`), `${JSON.stringify(summary, null, 2)}\n`);
}
