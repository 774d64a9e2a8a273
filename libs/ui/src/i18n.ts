import { registerTranslations } from '@academy/platform';
import englishStrings from './locales/en.json?url';
import hindiStrings from './locales/hi.json?url';

// The shared components' own strings (course cards, dialogs, error panels), loaded with this library.
registerTranslations('ui', { en: englishStrings, hi: hindiStrings });
