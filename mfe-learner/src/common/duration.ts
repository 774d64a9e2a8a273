import { useCallback } from 'react';
import { useTranslation } from '@academy/platform';

/**
 * Minutes as hours and minutes in the language shown (the rule of the contracts' formatDuration):
 * 45 → "45m" / "45 मिनट", 60 → "1h" / "1 घंटा", 125 → "2h 5m" / "2 घंटे 5 मिनट".
 */
export function useDurationText(): (totalMinutes: number) => string {
  const { t } = useTranslation('learner');
  return useCallback(
    (totalMinutes: number) => {
      const minutes = Math.max(0, Math.round(totalMinutes));
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return t('common.duration.minutes', { minutes: rest });
      return rest === 0 ? t('common.duration.hours', { count: hours }) : t('common.duration.hoursAndMinutes', { count: hours, minutes: rest });
    },
    [t],
  );
}
