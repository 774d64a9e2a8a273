import { createTranslations } from '@academy/service-core';
import type { UiLanguage } from '@academy/contracts';
import type { DataSource } from 'typeorm';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };
import { PreferredLanguageRepository } from './preferred-language.repository.js';

/** Progress's words in English and Hindi: emails, the bell's notifications and certificates. */
export const progressText = createTranslations({ en, hi });

/**
 * The language a user chose in the switch, English until they choose one (emails, the bell, certificates), for
 * callers that do not have PreferredLanguageRepository injected.
 */
export function preferredLanguageOf(dataSource: DataSource, userId: string): Promise<UiLanguage> {
  return new PreferredLanguageRepository(dataSource).of(userId);
}
