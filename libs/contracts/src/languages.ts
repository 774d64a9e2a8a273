import { z } from 'zod';

/** The portal's interface languages: the switch in the navbar, emails and PDFs. */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'en';
export const uiLanguageSchema = z.enum(UI_LANGUAGES, { message: 'Choose English (en) or Hindi (hi)' });

/** Each language names itself in the switch, so a reader finds theirs whatever is shown now. */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी' };

/** The `Intl` locale of each interface language: Indian digit grouping (lakh, crore) and ₹ in both. */
export const UI_LOCALES: Record<UiLanguage, 'en-IN' | 'hi-IN'> = { en: 'en-IN', hi: 'hi-IN' };

/** `PUT /api/user/data/language`: the signed-in user's interface language, remembered on the server. */
export const chooseLanguageRequestSchema = z.object({ language: uiLanguageSchema }).strict();
export type ChooseLanguageRequest = z.infer<typeof chooseLanguageRequestSchema>;

/** The best interface language for a list of BCP 47 tags (navigator.languages, Accept-Language), else English. */
export function pickUiLanguage(tags: readonly string[] | undefined | null): UiLanguage {
  for (const tag of tags ?? []) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if ((UI_LANGUAGES as readonly string[]).includes(base)) return base as UiLanguage;
  }
  return DEFAULT_UI_LANGUAGE;
}

/** What a course is taught in: shown on cards and the course page, and a filter of the course list. */
export const COURSE_LANGUAGES = ['hi', 'en', 'hinglish'] as const;
export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];
export const DEFAULT_COURSE_LANGUAGE: CourseLanguage = 'en';
export const courseLanguageSchema = z.enum(COURSE_LANGUAGES, { message: 'Choose Hindi, English or Hinglish' });
