import { countdown } from './liveApi';
import i18next from 'i18next';

describe('countdown', () => {
  const start = Date.parse('2026-12-01T12:00:00Z');
  it('says days and hours, hours and minutes, then minutes and seconds', () => {
    expect(countdown('2026-12-01T12:00:00Z', start - (2 * 86_400 + 3 * 3600) * 1000)).toBe('in 2 d 3 h');
    expect(countdown('2026-12-01T12:00:00Z', start - (2 * 3600 + 5 * 60) * 1000)).toBe('in 2 h 05 min');
    expect(countdown('2026-12-01T12:00:00Z', start - (4 * 60 + 9) * 1000)).toBe('in 4 min 09 s');
  });
  it('says now once it is time, never a negative time', () => {
    expect(countdown('2026-12-01T12:00:00Z', start)).toBe('now');
    expect(countdown('2026-12-01T12:00:00Z', start + 60_000)).toBe('now');
  });
});

describe('countdown in Hindi', () => {
  const start = Date.parse('2026-12-01T12:00:00Z');
  afterEach(() => i18next.changeLanguage('en'));
  it('words days, hours, minutes and seconds in Hindi, and now as अभी', async () => {
    await i18next.changeLanguage('hi');
    expect(countdown('2026-12-01T12:00:00Z', start - (2 * 86_400 + 3 * 3600) * 1000)).toBe('2 दिन 3 घंटे में');
    expect(countdown('2026-12-01T12:00:00Z', start - (2 * 3600 + 5 * 60) * 1000)).toBe('2 घंटे 05 मिनट में');
    expect(countdown('2026-12-01T12:00:00Z', start - (4 * 60 + 9) * 1000)).toBe('4 मिनट 09 सेकंड में');
    expect(countdown('2026-12-01T12:00:00Z', start)).toBe('अभी');
  });
});
