import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatCompactCount,
  formatCount,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatPrice,
  formatTime,
  UI_LANGUAGES,
  type UiLanguage,
} from '@academy/contracts';

export interface Formatters {
  language: UiLanguage;
  price(amount: number): string;
  count(value: number): string;
  compactCount(value: number): string;
  date(value: string | number | Date | null | undefined): string;
  longDate(value: string | number | Date): string;
  time(value: string | number | Date): string;
  dateTime(value: string | number | Date): string;
}

/** The contracts' formatting module bound to the language shown now; re-renders when it changes. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const shown = i18n.resolvedLanguage ?? i18n.language;
  const language: UiLanguage = (UI_LANGUAGES as readonly string[]).includes(shown) ? (shown as UiLanguage) : 'en';
  return useMemo(
    () => ({
      language,
      price: (amount) => formatPrice(amount, language),
      count: (value) => formatCount(value, language),
      compactCount: (value) => formatCompactCount(value, language),
      date: (value) => formatDate(value, language),
      longDate: (value) => formatLongDate(value, language),
      time: (value) => formatTime(value, language),
      dateTime: (value) => formatDateTime(value, language),
    }),
    [language],
  );
}
