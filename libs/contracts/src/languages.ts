// Plain values only: this module is on every first page, and classic zod (language-schemas.ts) would add ~20 KB.

/** The portal's interface languages: the switch in the navbar, emails and PDFs. */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'en';

/** Each language names itself in the switch, so a reader finds theirs whatever is shown now. */
export const UI_LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी' };

/** The `Intl` locale of each interface language: Indian digit grouping (lakh, crore) and ₹ in both. */
export const UI_LOCALES: Record<UiLanguage, 'en-IN' | 'hi-IN'> = { en: 'en-IN', hi: 'hi-IN' };

/** The best interface language for a list of BCP 47 tags (navigator.languages, Accept-Language), else English. */
export function pickUiLanguage(tags: readonly string[] | undefined | null): UiLanguage {
  for (const tag of tags ?? []) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if ((UI_LANGUAGES as readonly string[]).includes(base)) return base as UiLanguage;
  }
  return DEFAULT_UI_LANGUAGE;
}

/**
 * The language shown, mirrored in a cookie so the edge can preload that language's strings with the page
 * (the browser's own copy of the choice, in localStorage, is out of the edge's reach).
 */
export const LANGUAGE_COOKIE = 'academy.language';

const isUiLanguage = (value: string | null | undefined): value is UiLanguage => (UI_LANGUAGES as readonly (string | null | undefined)[]).includes(value);

/**
 * The language of a first render: a link's `?lang=` (the Hindi emails link so), else the choice kept in this
 * browser, else the browser's languages in order, else English. The shell decides with it, and the edge too,
 * to preload the same language's strings.
 */
export function chooseUiLanguage(request: { linked?: string | null; kept?: string | null; preferred?: readonly string[] }): UiLanguage {
  if (isUiLanguage(request.linked)) return request.linked;
  if (isUiLanguage(request.kept)) return request.kept;
  return pickUiLanguage(request.preferred);
}

/** What a course is taught in: shown on cards and the course page, and a filter of the course list. */
export const COURSE_LANGUAGES = ['hi', 'en', 'hinglish'] as const;
export type CourseLanguage = (typeof COURSE_LANGUAGES)[number];
export const DEFAULT_COURSE_LANGUAGE: CourseLanguage = 'en';
