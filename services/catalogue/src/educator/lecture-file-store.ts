import { LECTURE_FILE_MAX_BYTES, LECTURE_FILE_MISSING_MESSAGE, LECTURE_FILE_NOT_PDF_MESSAGE } from '@academy/contracts';
import { OBJECT_STORAGE, PROTECTED_FILE_PREFIX, type ObjectStorage } from '@academy/service-core';
import { BadRequestException, Inject, Injectable, Logger, UnsupportedMediaTypeException } from '@nestjs/common';
import { fileTypeFromBuffer } from 'file-type';
import { randomUUID } from 'node:crypto';
import { storageKeyOfMediaUrl } from '../media/media-keys.js';

/** The folder (under /api/files/, the bucket's paid/) of one course's uploaded notes and tests. */
export function lectureFileFolder(courseId: string): string {
  return `${PROTECTED_FILE_PREFIX}lecture-files/${courseId}/`;
}

/** A course's uploaded lecture files among stored links (bare paths). */
export function lectureFilesOf(courseId: string, links: Iterable<string | null | undefined>): Set<string> {
  const folder = lectureFileFolder(courseId);
  return new Set([...links].filter((link): link is string => typeof link === 'string' && link.startsWith(folder)));
}

/**
 * Notes and tests uploaded as PDFs: `paid/lecture-files/<course>/<uuid>.pdf` in the media bucket, served only through
 * signed links like the seeded paid files (PaidFilesController). The kind is read from the bytes, never the name.
 */
@Injectable()
export class LectureFileStore {
  private readonly logger = new Logger(LectureFileStore.name);

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** Stores a PDF and returns its bare link; 415 (nothing stored) when the bytes are not a PDF. */
  async save(courseId: string, bytes: Buffer | undefined): Promise<string> {
    if (!bytes || bytes.length === 0) throw new BadRequestException(LECTURE_FILE_MISSING_MESSAGE);
    const kind = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024));
    if (kind?.mime !== 'application/pdf') throw new UnsupportedMediaTypeException(LECTURE_FILE_NOT_PDF_MESSAGE);
    const link = `${lectureFileFolder(courseId)}${randomUUID()}.pdf`;
    await this.storage.put(storageKeyOfMediaUrl(link)!, bytes, {
      contentType: 'application/pdf',
      maxBytes: LECTURE_FILE_MAX_BYTES,
      contentDisposition: 'inline',
    });
    return link;
  }

  /**
   * Removes every file of the course's folder that `kept` does not name: uploads left behind (a file replaced in the
   * dialog before its lecture was added, a dialog closed). Run when the content is final (publish, an edit saved),
   * never during autosave, while a dialog may hold an upload not yet in the draft.
   */
  async removeUnused(courseId: string, kept: ReadonlySet<string>): Promise<void> {
    const folder = storageKeyOfMediaUrl(lectureFileFolder(courseId) + 'x')!.slice(0, -1);
    const stored = await this.storage.list(folder);
    const keptKeys = new Set([...kept].map((link) => storageKeyOfMediaUrl(link)));
    await this.removeAll(stored.filter((object) => !keptKeys.has(object.key)).map((object) => `${lectureFileFolder(courseId)}${object.key.slice(folder.length)}`));
  }

  /** Removes the objects of links no longer used; a failure is logged (the object is unreachable without a link anyway). */
  async removeAll(links: Iterable<string>): Promise<void> {
    for (const link of links) {
      const key = storageKeyOfMediaUrl(link);
      if (!key) continue;
      try {
        await this.storage.delete(key);
      } catch (error) {
        this.logger.warn(`could not remove ${key}: ${(error as Error).message}`);
      }
    }
  }
}
