import { describe, expect, it } from '@jest/globals';
import { chapterMinutes, countLectures, formatDuration, totalLectureMinutes } from './durations.js';

const chapters = [
  { chapterContent: [{ lectureDuration: 30 }, { lectureDuration: 45 }] },
  { chapterContent: [{ lectureDuration: 50 }] },
  { chapterContent: [] },
];

describe('durations', () => {
  it('sums a chapter, the course and counts lectures', () => {
    expect(chapterMinutes(chapters[0])).toBe(75);
    expect(totalLectureMinutes(chapters)).toBe(125);
    expect(countLectures(chapters)).toBe(3);
    expect(totalLectureMinutes([])).toBe(0);
  });

  it.each([
    [0, '0m'],
    [5, '5m'],
    [60, '1h'],
    [65, '1h 5m'],
    [125, '2h 5m'],
    [600, '10h'],
  ])('%p minutes → %p', (minutes, text) => expect(formatDuration(minutes)).toBe(text));
});
