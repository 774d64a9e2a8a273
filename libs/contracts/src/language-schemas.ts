import { z } from 'zod';
import { COURSE_LANGUAGES, UI_LANGUAGES } from './languages.js';

export const uiLanguageSchema = z.enum(UI_LANGUAGES, { message: 'Choose English (en) or Hindi (hi)' });

/** `PUT /api/user/data/language`: the signed-in user's interface language, remembered on the server. */
export const chooseLanguageRequestSchema = z.object({ language: uiLanguageSchema }).strict();
export type ChooseLanguageRequest = z.infer<typeof chooseLanguageRequestSchema>;

export const courseLanguageSchema = z.enum(COURSE_LANGUAGES, { message: 'Choose Hindi, English or Hinglish' });
