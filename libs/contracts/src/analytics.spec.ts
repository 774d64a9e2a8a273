import { formatWatchTime, steepestDropOff, wholePercent, type LectureAnalytics } from './analytics.js';

const lecture = (label: string, started: number, finished: number): LectureAnalytics => ({ lectureId: label, label, title: `Lecture ${label}`, started, finished, watchSeconds: 0 });

describe('lecture analytics helpers', () => {
  it('finds the lecture most learners left unfinished (the first of equals), or none', () => {
    expect(steepestDropOff([lecture('1.1', 8, 7), lecture('1.2', 7, 3), lecture('2.1', 5, 1)])?.label).toBe('1.2');
    expect(steepestDropOff([lecture('1.1', 3, 3), lecture('1.2', 0, 0)])).toBeNull();
    expect(steepestDropOff([])).toBeNull();
  });

  it.each([
    [0, '0 min'],
    [59, '0 min'],
    [12 * 60 + 30, '12 min'],
    [3 * 3600 + 5 * 60, '3 h 05 min'],
    [27 * 3600, '27 h 00 min'],
  ])('writes %i seconds of watch time as "%s"', (seconds, text) => {
    expect(formatWatchTime(seconds)).toBe(text);
  });

  it('gives whole percents, 0 without a whole', () => {
    expect(wholePercent(7, 8)).toBe(88);
    expect(wholePercent(3, 0)).toBe(0);
  });
});
