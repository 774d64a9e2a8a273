import { createTranslations } from '@academy/service-core';
import en from './i18n/en.json' with { type: 'json' };
import hi from './i18n/hi.json' with { type: 'json' };

/** The words of receipts and credit notes in English and Hindi. */
export const receiptText = createTranslations({ en, hi });
