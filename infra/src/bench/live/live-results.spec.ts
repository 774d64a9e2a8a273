import { describe, expect, it } from '@jest/globals';
import { liveSections, mergeLiveSections } from './live-results.js';

describe('bench/results/live.md, written by several steps', () => {
  const existing = ['# Live classes', '', '## Join and latency', '', 'old rows', '', '## Doubt loop', '', '| doubt | 1.2 s |', ''].join('\n');

  it('replaces the step\'s own sections and keeps the others as they were', () => {
    const merged = mergeLiveSections(existing, [{ title: 'Join and latency', body: 'new rows' }]);
    expect(merged).toBe(['# Live classes', '', '## Join and latency', '', 'new rows', '', '## Doubt loop', '', '| doubt | 1.2 s |', ''].join('\n'));
    expect([...liveSections(merged).keys()]).toEqual(['Join and latency', 'Doubt loop']);
  });

  it('adds a section a file does not have yet in its place, and starts a missing file', () => {
    const merged = mergeLiveSections(existing, [{ title: 'Load test', body: 'cpu' }]);
    expect([...liveSections(merged).keys()]).toEqual(['Join and latency', 'Doubt loop', 'Load test']);
    expect(mergeLiveSections('', [{ title: 'Load test', body: 'cpu' }])).toBe('# Live classes\n\n## Load test\n\ncpu\n');
  });
});
