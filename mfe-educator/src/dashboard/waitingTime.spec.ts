import { formatWaitingTime } from '@academy/contracts';
import i18next from 'i18next';
import { waitingTimeText } from './waitingTime';

describe('the waiting time in the reader’s language', () => {
  const seconds = [0, 59, 60 * 45, 3600, 3 * 3600 + 20 * 60, 86_400, 86_400 + 3600, 2 * 86_400, 2 * 86_400 + 4 * 3600];

  it('writes English exactly as the contracts do', () => {
    const english = i18next.getFixedT('en', 'educator');
    expect(seconds.map((value) => waitingTimeText(value, english))).toEqual(seconds.map(formatWaitingTime));
  });

  it('writes Hindi with the same steps', () => {
    const hindi = i18next.getFixedT('hi', 'educator');
    expect(seconds.map((value) => waitingTimeText(value, hindi))).toEqual([
      '1 मिनट', '1 मिनट', '45 मिनट', '1 घंटे', '3 घंटे 20 मिनट', '1 दिन', '1 दिन 1 घंटे', '2 दिन', '2 दिन 4 घंटे',
    ]);
  });
});
