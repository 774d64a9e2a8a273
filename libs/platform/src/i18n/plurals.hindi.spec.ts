import i18next from 'i18next';
import { bellLabel } from '../notifications/NotificationBell';

// Hindi's CLDR `one` covers 0 and 1: the platform's plural texts must read right for both.
describe('platform plurals', () => {
  it("name the bell's unread count in English, none as a word", () => {
    expect([0, 1, 2].map(bellLabel)).toEqual(['Notifications, none unread', 'Notifications, 1 unread', 'Notifications, 2 unread']);
  });

  it("name the bell's unread count in Hindi for 0, 1 and 2", async () => {
    await i18next.changeLanguage('hi');
    expect([0, 1, 2].map(bellLabel)).toEqual(['सूचनाएँ, कोई अपठित नहीं', 'सूचनाएँ, 1 अपठित', 'सूचनाएँ, 2 अपठित']);
  });

  it('agree the verb with the number of changes sent after going back online', async () => {
    const notice = (count: number) => i18next.t('platform:offline.backOnline', { count });
    expect([1, 2].map(notice)).toEqual(['Back online: 1 change made offline sent', 'Back online: 2 changes made offline sent']);
    await i18next.changeLanguage('hi');
    expect([1, 2].map(notice)).toEqual([
      'फिर से ऑनलाइन: ऑफ़लाइन रहते किया गया 1 बदलाव भेज दिया गया',
      'फिर से ऑनलाइन: ऑफ़लाइन रहते किए गए 2 बदलाव भेज दिए गए',
    ]);
  });
});
