import { PUBLIC_USER_ID_SQL } from '@academy/service-core';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** An educator's account joined with the profile they saved (profile columns null before the first save). */
export interface EducatorProfileRow {
  id: string;
  display_name: string | null;
  name: string;
  image_url: string;
  bio: string | null;
  qualifications: string | null;
  photo_key: string | null;
}

const PROFILE_COLUMNS = `SELECT u."id", p."display_name", u."name", u."image_url", p."bio", p."qualifications", p."photo_key"
   FROM "progress"."users" u LEFT JOIN "progress"."educator_profiles" p ON p."user_id" = u."id"`;

/** progress.educator_profiles: each educator's display name, bio, qualifications and uploaded photo. */
@Injectable()
export class EducatorProfilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The educator's account with their profile (null: no such user). */
  async ofUser(userId: string): Promise<EducatorProfileRow | null> {
    const [row]: EducatorProfileRow[] = await this.dataSource.query(`${PROFILE_COLUMNS} WHERE u."id" = $1`, [userId]);
    return row ?? null;
  }

  /** A saved profile by the educator's public id (null: none saved). */
  async savedByPublicId(educatorPublicId: string): Promise<EducatorProfileRow | null> {
    // Educators who wrote a profile are few: the hash is computed over that table only.
    const [row]: EducatorProfileRow[] = await this.dataSource.query(
      `${PROFILE_COLUMNS} WHERE p."user_id" IS NOT NULL AND ${PUBLIC_USER_ID_SQL('p."user_id"')} = $1`,
      [educatorPublicId],
    );
    return row ?? null;
  }

  async save(userId: string, profile: { displayName: string; bio: string; qualifications: string }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "progress"."educator_profiles" ("user_id", "display_name", "bio", "qualifications") VALUES ($1, $2, $3, $4)
       ON CONFLICT ("user_id") DO UPDATE SET "display_name" = EXCLUDED."display_name", "bio" = EXCLUDED."bio",
         "qualifications" = EXCLUDED."qualifications", "updated_at" = now()`,
      [userId, profile.displayName, profile.bio, profile.qualifications],
    );
  }

  /** The stored photo's key, its row locked for the caller's transaction (null: no photo or no profile). */
  async lockPhotoKey(manager: EntityManager, userId: string): Promise<string | null> {
    const [row]: { photo_key: string | null }[] = await manager.query(`SELECT "photo_key" FROM "progress"."educator_profiles" WHERE "user_id" = $1 FOR UPDATE`, [userId]);
    return row?.photo_key ?? null;
  }

  /** Records the photo; a first photo before any profile was saved starts the profile with the account's name. */
  async setPhoto(manager: EntityManager, userId: string, photo: { key: string; contentType: string }): Promise<void> {
    await manager.query(
      `INSERT INTO "progress"."educator_profiles" ("user_id", "display_name", "photo_key", "photo_type")
       SELECT u."id", CASE WHEN char_length(btrim(u."name")) BETWEEN 2 AND 80 THEN btrim(u."name") ELSE 'Educator' END, $2, $3
         FROM "progress"."users" u WHERE u."id" = $1
       ON CONFLICT ("user_id") DO UPDATE SET "photo_key" = EXCLUDED."photo_key", "photo_type" = EXCLUDED."photo_type", "updated_at" = now()`,
      [userId, photo.key, photo.contentType],
    );
  }

  /** Forgets the uploaded photo; returns its key (null: there was none). */
  async clearPhoto(userId: string): Promise<string | null> {
    const rows: { photo_key: string }[] = await this.dataSource.query(
      `UPDATE "progress"."educator_profiles" p SET "photo_key" = NULL, "photo_type" = NULL, "updated_at" = now()
         FROM (SELECT "photo_key" FROM "progress"."educator_profiles" WHERE "user_id" = $1 FOR UPDATE) old
        WHERE p."user_id" = $1 AND old."photo_key" IS NOT NULL RETURNING old."photo_key"`,
      [userId],
    );
    // TypeORM answers an UPDATE … RETURNING with [rows, count].
    const [row] = Array.isArray(rows[0]) ? (rows[0] as { photo_key: string }[]) : rows;
    return row?.photo_key ?? null;
  }

  /** Where an uploaded photo is, by the educator's public id (null: none). */
  async photoByPublicId(educatorPublicId: string): Promise<{ key: string; contentType: string } | null> {
    const [row]: { photo_key: string; photo_type: string }[] = await this.dataSource.query(
      `SELECT "photo_key", "photo_type" FROM "progress"."educator_profiles"
        WHERE "photo_key" IS NOT NULL AND ${PUBLIC_USER_ID_SQL('"user_id"')} = $1`,
      [educatorPublicId],
    );
    return row ? { key: row.photo_key, contentType: row.photo_type } : null;
  }
}
