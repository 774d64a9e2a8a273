import type { TFunction } from 'i18next';

/**
 * "45 min", "3 h 20 min", "2 days 4 h": a duration as the dashboard shows it, in the reader's language (the same
 * steps as formatWaitingTime in @academy/contracts, which writes English only).
 */
export function waitingTimeText(seconds: number, t: TFunction<'educator'>): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t('dashboard.waiting.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? t('dashboard.waiting.hoursMinutes', { hours, minutes: minutes % 60 }) : t('dashboard.waiting.hours', { hours });
  const days = Math.floor(hours / 24);
  return hours % 24 ? t('dashboard.waiting.daysHours', { count: days, hours: hours % 24 }) : t('dashboard.waiting.days', { count: days });
}
