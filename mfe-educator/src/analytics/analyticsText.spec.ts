import { formatWatchTime } from '@academy/contracts';
import i18next from 'i18next';
import { funnelStepLabel, questionLabel, watchTimeText } from './analyticsText';

describe('analytics text in the reader’s language', () => {
  const seconds = [0, 59, 12 * 60, 3600, 3 * 3600 + 5 * 60, 26 * 3600 + 59 * 60];

  it('writes watch time in English exactly as the contracts do, and in Hindi', () => {
    expect(seconds.map((value) => watchTimeText(value, i18next.getFixedT('en', 'educator')))).toEqual(seconds.map(formatWatchTime));
    expect(seconds.map((value) => watchTimeText(value, i18next.getFixedT('hi', 'educator')))).toEqual([
      '0 मिनट', '0 मिनट', '12 मिनट', '1 घंटे 00 मिनट', '3 घंटे 05 मिनट', '26 घंटे 59 मिनट',
    ]);
  });

  it("names progress's funnel steps and questions in Hindi, and keeps a step it does not know as sent", () => {
    const hindi = i18next.getFixedT('hi', 'educator');
    expect(['Enrolled', 'Finished half the lectures', 'Watched a live class'].map((label) => funnelStepLabel(label, hindi))).toEqual([
      'नामांकित', 'आधे लेक्चर पूरे किए', 'Watched a live class',
    ]);
    expect(['Q2', 'Bonus'].map((label) => questionLabel(label, hindi))).toEqual(['प्रश्न 2', 'Bonus']);
    expect(questionLabel('Q2', i18next.getFixedT('en', 'educator'))).toBe('Q2');
  });
});
