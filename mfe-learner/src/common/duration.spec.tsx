import { formatDuration } from '@academy/contracts';
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { useDurationText } from './duration';

describe('durations in the language shown', () => {
  it('reads in English as the contracts write them', () => {
    const { result } = renderHook(() => useDurationText());
    for (const minutes of [0, 1, 45, 59.6, 60, 61, 119, 120, 125, 600, -5]) expect(result.current(minutes)).toBe(formatDuration(minutes));
  });

  it('says hours and minutes in Hindi, with one hour singular and more plural', async () => {
    const { result, unmount } = renderHook(() => useDurationText());
    await act(() => i18next.changeLanguage('hi'));
    expect([0, 45, 60, 65, 120, 125].map((minutes) => result.current(minutes))).toEqual([
      '0 मिनट',
      '45 मिनट',
      '1 घंटा',
      '1 घंटा 5 मिनट',
      '2 घंटे',
      '2 घंटे 5 मिनट',
    ]);
    unmount(); // before the setup switches back to English
  });
});
