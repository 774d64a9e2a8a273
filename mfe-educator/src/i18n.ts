import { registerTranslations } from '@academy/platform';

// This remote's strings, in its own chunks: a redeployed educator remote brings its new strings with it.
registerTranslations('educator', (language) => import(/* webpackChunkName: "i18n-educator-[request]" */ `./locales/${language}.json`));
