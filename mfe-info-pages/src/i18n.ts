import { registerTranslations } from '@academy/platform';

// This remote's strings, in its own chunks: every exposed module imports this, so its strings come with it.
registerTranslations('info', (language) => import(/* webpackChunkName: "i18n-info-[request]" */ `./locales/${language}.json`));
