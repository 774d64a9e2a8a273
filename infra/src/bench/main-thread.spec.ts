import { describe, expect, it } from '@jest/globals';
import { mainThreadRunningShare, type TraceEvent } from './main-thread.js';

const PAGE = 'http://localhost:8080';
const pageScript = (pid: number, tid: number): TraceEvent => ({ name: 'EvaluateScript', ph: 'X', pid, tid, dur: 1000, args: { data: { url: `${PAGE}/main.js` } } });
const task = (pid: number, tid: number, wallMs: number, runningMs: number): TraceEvent => ({ name: 'RunTask', ph: 'X', pid, tid, dur: wallMs * 1000, tdur: runningMs * 1000 });

describe('the main thread running share of a Lighthouse trace', () => {
  it("is the running time over the wall time of the page's main-thread tasks of over 12.5 ms", () => {
    const events = [
      pageScript(1, 1),
      pageScript(1, 1),
      task(1, 1, 100, 30), // waited 70 ms for a core
      task(1, 1, 20, 20),
      task(1, 1, 10, 1), // not long even when simulated 4× slower: not counted
      // The browser's own renderer (its WebUI) and a thread running one of the page's scripts less often: not the page's.
      pageScript(2, 7),
      task(2, 7, 400, 400),
      task(3, 3, 300, 10),
    ];
    expect(mainThreadRunningShare(events, PAGE)).toBeCloseTo(50 / 120);
  });

  it('is NaN when the page had no such task, or no thread ran its scripts', () => {
    expect(mainThreadRunningShare([pageScript(1, 1), task(1, 1, 10, 10)], PAGE)).toBeNaN();
    expect(mainThreadRunningShare([task(1, 1, 100, 100)], PAGE)).toBeNaN();
  });
});
