import { describe, expect, it } from '@jest/globals';
import { appOfUrl, markdownTable, median, percentile } from './results.js';

describe('bench result helpers', () => {
  it('takes percentiles by nearest rank and medians of odd and even counts', () => {
    const values = Array.from({ length: 100 }, (_, index) => 100 - index); // 100..1, unsorted on purpose
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('names the deployable that served a script from the edge mounts', () => {
    expect(appOfUrl('http://localhost:8080/main.e240fcb1.js')).toBe('shell');
    expect(appOfUrl('http://localhost:8080/mfe/learner/remoteEntry.js')).toBe('mfe-learner');
    expect(appOfUrl('http://localhost:8080/mfe/info/562.30afb79d.js')).toBe('mfe-info-pages');
    expect(appOfUrl('http://localhost:8080/mfe/educator/1.js')).toBe('mfe-educator');
  });

  it('writes a Markdown table', () => {
    expect(markdownTable(['a', 'b'], [[1, 'x']])).toBe('| a | b |\n|---|---|\n| 1 | x |');
  });
});
