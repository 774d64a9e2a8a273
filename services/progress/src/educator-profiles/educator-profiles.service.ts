import type { EducatorProfile, EducatorProfileRequest } from '@academy/contracts';
import { PUBLIC_USER_ID_SQL, publicUserId, type AuthUser } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service.js';

interface ProfileRow {
  id: string;
  display_name: string | null;
  name: string;
  image_url: string;
  bio: string | null;
  qualifications: string | null;
}

const PROFILE_COLUMNS = `SELECT u."id", p."display_name", u."name", u."image_url", p."bio", p."qualifications"
   FROM "progress"."users" u LEFT JOIN "progress"."educator_profiles" p ON p."user_id" = u."id"`;

function toProfile(row: ProfileRow): EducatorProfile {
  return {
    id: publicUserId(row.id),
    displayName: row.display_name ?? row.name,
    photoUrl: row.image_url,
    bio: row.bio ?? '',
    qualifications: row.qualifications ?? '',
  };
}

/** Educators' profiles: each edits their own; anyone reads one an educator has saved. */
@Injectable()
export class EducatorProfilesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
  ) {}

  /** The educator's own profile, with their account's name until they save one. */
  async own(educator: AuthUser): Promise<EducatorProfile> {
    await this.users.upsertFromToken(educator);
    const [row]: ProfileRow[] = await this.dataSource.query(`${PROFILE_COLUMNS} WHERE u."id" = $1`, [educator.id]);
    return toProfile(row!);
  }

  async save(educator: AuthUser, request: Required<EducatorProfileRequest>): Promise<EducatorProfile> {
    await this.users.upsertFromToken(educator);
    await this.dataSource.query(
      `INSERT INTO "progress"."educator_profiles" ("user_id", "display_name", "bio", "qualifications") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id") DO UPDATE SET "display_name" = EXCLUDED."display_name", "bio" = EXCLUDED."bio",
         "qualifications" = EXCLUDED."qualifications", "updated_at" = now()`,
      [educator.id, request.displayName, request.bio, request.qualifications],
    );
    return this.own(educator);
  }

  /** A saved profile, by the educator's public id, for anyone; null when there is none (the page then shows their courses only). */
  async published(educatorPublicId: string): Promise<EducatorProfile | null> {
    // Educators who wrote a profile are few: the hash is computed over that table only.
    const [row]: ProfileRow[] = await this.dataSource.query(
      `${PROFILE_COLUMNS} WHERE p."user_id" IS NOT NULL AND ${PUBLIC_USER_ID_SQL('p."user_id"')} = $1`,
      [educatorPublicId],
    );
    return row ? toProfile(row) : null;
  }
}
