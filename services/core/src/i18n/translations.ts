import { DEFAULT_UI_LANGUAGE, UI_LANGUAGES, type UiLanguage } from '@academy/contracts';
import i18next, { type TOptions } from 'i18next';

/** A translation file: nested objects of strings, plurals as CLDR `_one` / `_other` keys (i18next's format). */
export interface TranslationTree {
  [key: string]: string | TranslationTree;
}

/** Text in one language: `t('receipt.title')`, `t('weekly.lectures', { count })` (plural by the language's CLDR rules). */
export type Translate = (key: string, options?: TOptions) => string;

/**
 * The server's i18next (the library the portal's front end uses too), one instance per service, each with its own
 * translation files kept beside the emails and PDFs they word. Missing keys fall back to English.
 */
export function createTranslations(resources: Record<UiLanguage, TranslationTree>): (language: UiLanguage | null | undefined) => Translate {
  const instance = i18next.createInstance();
  void instance.init({
    resources: Object.fromEntries(UI_LANGUAGES.map((language) => [language, { translation: resources[language] }])),
    lng: DEFAULT_UI_LANGUAGE,
    fallbackLng: DEFAULT_UI_LANGUAGE,
    supportedLngs: [...UI_LANGUAGES],
    // Synchronous: the resources are in memory, so `t` works as soon as this returns.
    initAsync: false,
    // Emails escape their HTML themselves and PDFs are not HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const fixed = new Map<UiLanguage, Translate>();
  return (language) => {
    const chosen = readLanguage(language);
    let translate = fixed.get(chosen);
    if (!translate) {
      const t = instance.getFixedT(chosen);
      translate = (key, options) => String(t(key, options ?? {}));
      fixed.set(chosen, translate);
    }
    return translate;
  };
}

/** A stored or requested language, English when none was chosen (or it is not one of ours). */
export function readLanguage(language: string | null | undefined): UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as UiLanguage) : DEFAULT_UI_LANGUAGE;
}
