import { registerTranslations } from '@academy/platform';

// This remote's strings, in its own chunks: a redeployed learner remote brings its new strings with it.
registerTranslations('learner', (language) => import(/* webpackChunkName: "i18n-learner-[request]" */ `./locales/${language}.json`));
