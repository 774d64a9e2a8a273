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
import { OBJECT_STORAGE, publicUserId, type AuthUser, type ObjectStorage } from '@academy/service-core';
import { BadRequestException, Inject, Injectable, Logger, NotFoundException, PayloadTooLargeException, UnsupportedMediaTypeException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service.js';
import { EducatorProfilesRepository, type EducatorProfileRow } from './educator-profiles.repository.js';

/** The key's random part: it changes with every upload, so it versions the photo's address. */
const versionOf = (key: string) => key.slice(key.lastIndexOf('/') + 1, key.lastIndexOf('.'));

function toProfile(row: EducatorProfileRow): EducatorProfile {
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
    private readonly profiles: EducatorProfilesRepository,
    private readonly users: UsersService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** The educator's own profile, with their account's name until they save one. */
  async own(educator: AuthUser): Promise<EducatorProfile> {
    await this.users.upsertFromToken(educator);
    const row = await this.profiles.ofUser(educator.id);
    return toProfile(row!);
  }

  async save(educator: AuthUser, request: Required<EducatorProfileRequest>): Promise<EducatorProfile> {
    await this.users.upsertFromToken(educator);
    await this.profiles.save(educator.id, request);
    return this.own(educator);
  }

  /** A saved profile, by the educator's public id, for anyone; null when there is none (the page then shows their courses only). */
  async published(educatorPublicId: string): Promise<EducatorProfile | null> {
    const row = await this.profiles.savedByPublicId(educatorPublicId);
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
      const previousKey = await this.profiles.lockPhotoKey(manager, educator.id);
      await this.profiles.setPhoto(manager, educator.id, { key, contentType: type });
      return previousKey;
    });
    if (previous) await this.removeStored(previous);
    return this.own(educator);
  }

  /** Removes the educator's uploaded photo (the account's picture shows again). */
  async removePhoto(educator: AuthUser): Promise<EducatorProfile> {
    const removed = await this.profiles.clearPhoto(educator.id);
    if (removed) await this.removeStored(removed);
    return this.own(educator);
  }

  /** Where an educator's uploaded photo is, by their public id, for anyone (it is on their public page). */
  async photoOf(educatorPublicId: string): Promise<{ key: string; contentType: string }> {
    const photo = await this.profiles.photoByPublicId(educatorPublicId);
    if (!photo) throw new NotFoundException(EDUCATOR_PHOTO_NOT_FOUND_MESSAGE);
    return photo;
  }

  private async removeStored(key: string): Promise<void> {
    // A leftover costs storage, not correctness: logged, never failing the request.
    await this.storage.delete(key).catch((error: unknown) => this.logger.warn(`could not remove ${key}: ${String(error)}`));
  }
}
