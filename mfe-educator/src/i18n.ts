import { registerTranslations } from '@academy/platform';
import englishStrings from './locales/en.json?url';
import hindiStrings from './locales/hi.json?url';

// This remote's strings, in its own chunks: a redeployed educator remote brings its new strings with it.
registerTranslations('educator', { en: englishStrings, hi: hindiStrings });
