import { registerTranslations } from '@academy/platform';
import englishStrings from './locales/en.json?url';
import hindiStrings from './locales/hi.json?url';
import englishStudyStrings from './locales/study/en.json?url';
import hindiStudyStrings from './locales/study/hi.json?url';

// This remote's strings, in its own files: a redeployed learner remote brings its new strings with it.
registerTranslations('learner', { en: englishStrings, hi: hindiStrings });

// The study pages' strings (the player with its quizzes, doubts and assignments; certificates): about a quarter of
// the remote's text, which no first page of the catalogue shows. Fetched with such a page's code (App.tsx), or at the
// learner's first click or key press on any page, so they are in the offline cache before the learner needs them.
// Components name it as a literal, `useTranslation('learner-study')`, which the translation key check reads.
export const STUDY_NAMESPACE = 'learner-study';
registerTranslations(STUDY_NAMESPACE, { en: englishStudyStrings, hi: hindiStudyStrings }, { afterInteraction: true });
