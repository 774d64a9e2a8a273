import type { TFunction } from 'i18next';

/**
 * The funnel's steps arrive as progress names them, in English: each known step in the reader's language, a step
 * this page does not know yet as sent.
 */
export function funnelStepLabel(label: string, t: TFunction<'educator'>): string {
  const known: Record<string, string> = {
    Enrolled: t('analytics.funnel.enrolled'),
    'Started a lecture': t('analytics.funnel.startedLecture'),
    'Finished a lecture': t('analytics.funnel.finishedLecture'),
    'Finished half the lectures': t('analytics.funnel.finishedHalf'),
    'Finished every lecture': t('analytics.funnel.finishedEvery'),
  };
  return known[label] ?? label;
}

/** "Q2" as progress labels a question, in the reader's language. */
export function questionLabel(label: string, t: TFunction<'educator'>): string {
  const numbered = /^Q(\d+)$/.exec(label);
  return numbered ? t('analytics.questionLabel', { number: numbered[1] }) : label;
}

/** Watch time as hours and minutes ("3 h 05 min", "12 min", "0 min"), as formatWatchTime writes it in English. */
export function watchTimeText(seconds: number, t: TFunction<'educator'>): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return t('common.minutes', { minutes });
  return t('analytics.watchTime', { hours, minutes: String(minutes % 60).padStart(2, '0') });
}
