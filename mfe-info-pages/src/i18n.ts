import { registerTranslations } from '@academy/platform';
import englishStrings from './locales/en.json?url';
import hindiStrings from './locales/hi.json?url';

// This remote's strings, in its own chunks: every exposed module imports this, so its strings come with it.
registerTranslations('info', { en: englishStrings, hi: hindiStrings });
