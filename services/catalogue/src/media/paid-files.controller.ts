import { MEDIA_LINK_MISSING_MESSAGE, MEDIA_LINKS, MediaLinks, OBJECT_STORAGE, Public, sendStoredObject, type ObjectStorage } from '@academy/service-core';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CourseAccessRepository } from '../access/course-access.repository.js';
import { CoursesService } from '../courses/courses.service.js';
import { storageKeyOfMediaUrl } from './media-keys.js';

/** Videos are never answered here: a paid lecture's video streams encrypted from /api/videos/ (docs/video.md). */
const VIDEO_FILE = /\.(?:mp4|m4v|mov|webm|mkv|avi|ts|m3u8)$/i;
export const PAID_VIDEO_NOT_SERVED_MESSAGE = 'Paid lecture videos stream in the player only';

export const FILE_NOT_ENTITLED_MESSAGE = 'Enrol in the course to download this file';

/** `/api/files/lecture-files/<course id>/…`: notes and tests an educator uploaded (the course id is in the path). */
const LECTURE_FILE_PATH = /^\/api\/files\/lecture-files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/**
 * Paid lectures' notes and tests (/api/files/*, the bucket's paid/ folder): only with a link signed for a user by
 * progress (enrolled learners) or by the educator routes (the course's educator). Range requests work. No video
 * file is ever answered, signed or not (by name or by stored type), so no plain mp4 of a paid lecture leaves here.
 */
@Controller('api/files')
export class PaidFilesController {
  constructor(
    @Inject(MEDIA_LINKS) private readonly links: MediaLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly access: CourseAccessRepository,
    private readonly courses: CoursesService,
  ) {}

  /** An uploaded lecture file is for the course's educator, its learners enrolled now and their linked parents. */
  private async mayRead(userId: string, courseId: string): Promise<boolean> {
    const educatorId = await this.courses.educatorIdOf(courseId);
    if (educatorId === null) return false;
    if (educatorId === userId) return true;
    return this.access.isEnrolledOrParentOfEnrolled(userId, courseId);
  }

  @Public()
  @Get('*path')
  async file(@Req() request: Request, @Res() response: Response): Promise<void> {
    const verdict = this.links.verify(request.path, request.query);
    if (!verdict.valid) {
      // No link at all: sign in first (401); a link that is forged, altered or expired: 403.
      response.status(verdict.message === MEDIA_LINK_MISSING_MESSAGE ? 401 : 403).json({ success: false, message: verdict.message });
      return;
    }
    const uploadedTo = LECTURE_FILE_PATH.exec(request.path)?.[1];
    if (uploadedTo && !(await this.mayRead(verdict.userId, uploadedTo))) {
      response.status(403).json({ success: false, message: FILE_NOT_ENTITLED_MESSAGE });
      return;
    }
    const key = storageKeyOfMediaUrl(request.path);
    if (!key) {
      response.status(404).json({ success: false, message: 'File not found' });
      return;
    }
    if (VIDEO_FILE.test(key) || (await this.storage.head(key))?.contentType?.startsWith('video/')) {
      response.status(404).json({ success: false, message: PAID_VIDEO_NOT_SERVED_MESSAGE });
      return;
    }
    await sendStoredObject(this.storage, key, request, response, { cacheControl: 'private, no-store' });
  }
}
