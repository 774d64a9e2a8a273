import { registerTranslations } from '@academy/platform';

// This remote's strings, in its own chunks: a redeployed learner remote brings its new strings with it.
registerTranslations('learner', (language) => import(/* webpackChunkName: "i18n-learner-[request]" */ `./locales/${language}.json`));

// The study pages' strings (the player with its quizzes, doubts and assignments; certificates): about a quarter of
// the remote's text, which no first page of the catalogue shows. Fetched with such a page's code (App.tsx), or at the
// learner's first click or key press on any page, so they are in the offline cache before the learner needs them.
// Components name it as a literal, `useTranslation('learner-study')`, which the translation key check reads.
export const STUDY_NAMESPACE = 'learner-study';
registerTranslations(
  STUDY_NAMESPACE,
  (language) => import(/* webpackChunkName: "i18n-learner-study-[request]" */ `./locales/study/${language}.json`),
  { afterInteraction: true },
);
