import { useCallback } from 'react';
import type { UiLanguage } from '@academy/contracts';
import { changeLanguage } from './i18n';

/** Switches the language everywhere (and, signed in, remembers it on the server: see LanguageSync). */
export function useChooseLanguage(): (language: UiLanguage) => Promise<void> {
  return useCallback((language: UiLanguage) => changeLanguage(language), []);
}
