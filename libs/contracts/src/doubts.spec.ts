import { askDoubtSchema } from './doubts.js';
import { formatVideoSecond, parseVideoSecond } from './video-time.js';

describe('doubt rules', () => {
  it.each([
    [0, '0:00'],
    [42, '0:42'],
    [725, '12:05'],
    [3723, '1:02:03'],
  ])('shows second %i as %s and reads it back', (seconds, shown) => {
    expect(formatVideoSecond(seconds)).toBe(shown);
    expect(parseVideoSecond(shown)).toBe(seconds);
  });

  it.each(['', 'abc', '1:60', '-5', '1::2', '99999:00:00'])('refuses %p as a second of the video', (text) => {
    expect(parseVideoSecond(text)).toBeNull();
  });

  it('trims the text and refuses an empty one', () => {
    const lectureId = '11111111-1111-4111-8111-111111111111';
    expect(askDoubtSchema.parse({ lectureId, atSecond: 42, text: '  Why?  ' }).text).toBe('Why?');
    expect(askDoubtSchema.safeParse({ lectureId, atSecond: 42, text: '   ' }).success).toBe(false);
    expect(askDoubtSchema.safeParse({ lectureId, atSecond: 4.5, text: 'Why?' }).success).toBe(false);
  });
});
