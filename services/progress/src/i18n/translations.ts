import { createTranslations, readLanguage } from '@academy/service-core';
import type { UiLanguage } from '@academy/contracts';
import type { DataSource } from 'typeorm';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

/** Progress's words in English and Hindi: emails, the bell's notifications and certificates. */
export const progressText = createTranslations({ en, hi });

/** The language a user chose in the switch, English until they choose one (emails, the bell, certificates). */
export async function preferredLanguageOf(dataSource: DataSource, userId: string): Promise<UiLanguage> {
  const rows: { preferred_language: string | null }[] = await dataSource.query('SELECT "preferred_language" FROM "progress"."users" WHERE "id" = $1', [userId]);
  return readLanguage(rows[0]?.preferred_language);
}
