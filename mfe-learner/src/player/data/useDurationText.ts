import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Minutes as hours and minutes in the language shown: "2h 5m" / "2 घं 5 मि" (the contracts' formatDuration, translated). */
export function useDurationText(): (totalMinutes: number) => string {
  const { t } = useTranslation('learner');
  return useCallback(
    (totalMinutes: number) => {
      const minutes = Math.max(0, Math.round(totalMinutes));
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      if (hours === 0) return t('player.duration.minutes', { minutes: rest });
      return rest === 0 ? t('player.duration.hours', { hours }) : t('player.duration.hoursMinutes', { hours, minutes: rest });
    },
    [t],
  );
}
