import type { UiLanguage } from '@academy/contracts';
import { readLanguage } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The interface language a user chose in the switch (progress.users), English until they choose one. */
@Injectable()
export class PreferredLanguageRepository {
  constructor(private readonly dataSource: DataSource) {}

  async of(userId: string): Promise<UiLanguage> {
    const rows: { preferred_language: string | null }[] = await this.dataSource.query('SELECT "preferred_language" FROM "progress"."users" WHERE "id" = $1', [userId]);
    return readLanguage(rows[0]?.preferred_language);
  }
}
