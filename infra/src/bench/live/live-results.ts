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

/** The sections this repository's steps write, in the order a reader wants them; others follow in their own order. */
const ORDER = ['Join and latency', 'Doubt loop', 'Recording to lecture', 'Load test'];

/** The file with `replaced` sections swapped in (or added) and every other section kept. */
export function mergeLiveSections(existing: string, replaced: { title: string; body: string }[]): string {
  const sections = liveSections(existing);
  for (const section of replaced) sections.set(section.title, `## ${section.title}\n\n${section.body.trim()}`);
  const rank = (title: string) => (ORDER.includes(title) ? ORDER.indexOf(title) : ORDER.length);
  const titles = [...sections.keys()].sort((a, b) => rank(a) - rank(b));
  return `${[TITLE, ...titles.map((title) => sections.get(title)!)].join('\n\n')}\n`;
}

/** Writes bench/results/live.md with these sections replaced, and live-<step>.json with the raw figures. */
export function writeLiveResults(step: string, summary: unknown, sections: { title: string; body: string }[]): void {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'live.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  writeFileSync(file, mergeLiveSections(existing, sections));
  writeFileSync(path.join(resultsDir, `live-${step}.json`), `${JSON.stringify(summary, null, 2)}\n`);
}
