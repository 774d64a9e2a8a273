import { registerTranslations } from '@academy/platform';

// The shared components' own strings (course cards, dialogs, error panels), loaded with this library.
registerTranslations('ui', (language) => import(/* webpackChunkName: "i18n-ui-[request]" */ `./locales/${language}.json`));
