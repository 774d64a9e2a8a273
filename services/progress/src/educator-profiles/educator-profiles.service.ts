import {
  EDUCATOR_PHOTO_MAX_BYTES,
  EDUCATOR_PHOTO_MISSING_MESSAGE,
  EDUCATOR_PHOTO_NOT_FOUND_MESSAGE,
  EDUCATOR_PHOTO_TOO_LARGE_MESSAGE,
  EDUCATOR_PHOTO_TYPE_MESSAGE,
  EDUCATOR_PHOTO_TYPES,
  educatorPhotoPath,
  type EducatorProfile,
  type EducatorProfileRequest,
} from '@academy/contracts';
import { OBJECT_STORAGE, PUBLIC_USER_ID_SQL, publicUserId, type AuthUser, type ObjectStorage } from '@academy/service-core';
import { BadRequestException, Inject, Injectable, Logger, NotFoundException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service.js';

interface ProfileRow {
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

/** The key's random part: it changes with every upload, so it versions the photo's address. */
const versionOf = (key: string) => key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.'));

function toProfile(row: ProfileRow): EducatorProfile {
  const id = publicUserId(row.id);
  return {
    id,
    displayName: row.display_name ?? row.name,
    // A path under the API base, as every other API-served file: the page prefixes its apiBaseUrl.
    photoUrl: row.photo_key ? `/api${educatorPhotoPath(id, versionOf(row.photo_key))}` : row.image_url,
    hasUploadedPhoto: row.photo_key !== null,
    bio: row.bio ?? '',
    qualifications: row.qualifications ?? '',
  };
}

/** Educators' profiles: each edits their own; anyone reads one an educator has saved. */
@Injectable()
export class EducatorProfilesService {
  private readonly logger = new Logger(EducatorProfilesService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
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

  /**
   * The educator's own photo: PNG, JPEG or WebP judged by its bytes, at most 2 MB, stored under a new key (so its
   * address changes and no cache shows the old one); the previous one is removed once the new one is recorded.
   */
  async savePhoto(educator: AuthUser, bytes: Buffer | undefined): Promise<EducatorProfile> {
    if (!bytes || bytes.length === 0) throw new BadRequestException(EDUCATOR_PHOTO_MISSING_MESSAGE);
    if (bytes.length > EDUCATOR_PHOTO_MAX_BYTES) throw new PayloadTooLargeException(EDUCATOR_PHOTO_TOO_LARGE_MESSAGE);
    const sniffed = await fileTypeFromBuffer(bytes);
    const type = EDUCATOR_PHOTO_TYPES.find((accepted) => accepted === sniffed?.mime);
    if (!type || !sniffed) throw new UnsupportedMediaTypeException(EDUCATOR_PHOTO_TYPE_MESSAGE);
    await this.users.upsertFromToken(educator);
    const key = `educator-photos/${publicUserId(educator.id)}/${randomUUID()}.${sniffed.ext}`;
    await this.storage.put(key, bytes, { contentType: type, maxBytes: EDUCATOR_PHOTO_MAX_BYTES });
    const previous = await this.dataSource.transaction(async (manager) => {
      const [row]: { photo_key: string | null }[] = await manager.query(
        `SELECT "photo_key" FROM "progress"."educator_profiles" WHERE "user_id" = $1 FOR UPDATE`,
        [educator.id],
      );
      // A first photo before any profile was saved: the profile starts with the account's name.
      await manager.query(
        `INSERT INTO "progress"."educator_profiles" ("user_id", "display_name", "photo_key", "photo_type")
         SELECT u."id", CASE WHEN char_length(btrim(u."name")) BETWEEN 2 AND 80 THEN btrim(u."name") ELSE 'Educator' END, $2, $3
           FROM "progress"."users" u WHERE u."id" = $1
         ON CONFLICT ("user_id") DO UPDATE SET "photo_key" = EXCLUDED."photo_key", "photo_type" = EXCLUDED."photo_type", "updated_at" = now()`,
        [educator.id, key, type],
      );
      return row?.photo_key ?? null;
    });
    if (previous) await this.removeStored(previous);
    return this.own(educator);
  }

  /** Removes the educator's uploaded photo (the account's picture shows again). */
  async removePhoto(educator: AuthUser): Promise<EducatorProfile> {
    const rows: { photo_key: string }[] = await this.dataSource.query(
      `UPDATE "progress"."educator_profiles" p SET "photo_key" = NULL, "photo_type" = NULL, "updated_at" = now()
         FROM (SELECT "photo_key" FROM "progress"."educator_profiles" WHERE "user_id" = $1 FOR UPDATE) old
        WHERE p."user_id" = $1 AND old."photo_key" IS NOT NULL RETURNING old."photo_key"`,
      [educator.id],
    );
    const [row] = Array.isArray(rows[0]) ? (rows[0] as { photo_key: string }[]) : rows;
    if (row?.photo_key) await this.removeStored(row.photo_key);
    return this.own(educator);
  }

  /** Where an educator's uploaded photo is, by their public id, for anyone (it is on their public page). */
  async photoOf(educatorPublicId: string): Promise<{ key: string; contentType: string }> {
    const [row]: { photo_key: string; photo_type: string }[] = await this.dataSource.query(
      `SELECT "photo_key", "photo_type" FROM "progress"."educator_profiles"
        WHERE "photo_key" IS NOT NULL AND ${PUBLIC_USER_ID_SQL('"user_id"')} = $1`,
      [educatorPublicId],
    );
    if (!row) throw new NotFoundException(EDUCATOR_PHOTO_NOT_FOUND_MESSAGE);
    return { key: row.photo_key, contentType: row.photo_type };
  }

  private async removeStored(key: string): Promise<void> {
    // A leftover costs storage, not correctness: logged, never failing the request.
    await this.storage.delete(key).catch((error: unknown) => this.logger.warn(`could not remove ${key}: ${String(error)}`));
  }
}
