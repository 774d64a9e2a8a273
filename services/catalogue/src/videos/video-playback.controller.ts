import {
  MEDIA_LINK_MISSING_MESSAGE,
  MEDIA_LINKS,
  MediaLinks,
  OBJECT_STORAGE,
  Public,
  sendStoredObject,
  type ObjectStorage,
} from '@academy/service-core';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CourseAccessRepository } from '../access/course-access.repository.js';
import { VideosRepository, type VideoRow } from './videos.repository.js';

export const NOT_ENTITLED_MESSAGE = 'Enrol in the course to watch this video';
const VIDEO_NOT_FOUND = 'Video not found';
/** Files a player may ask for inside a video's folder. */
const PLAYLIST = /^(?:master|[0-9]{2,4}p\/index)\.m3u8$/;
const SEGMENT = /^[0-9]{2,4}p\/seg_[0-9]{5}\.ts$/;

/** Appends the caller's signed query to every URI a playlist names (files and the key). */
export function signPlaylist(playlist: string, query: string): string {
  if (!query) return playlist;
  return playlist
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY')) return line.replace(/URI="([^"]+)"/, (_match, uri: string) => `URI="${uri}${query}"`);
      return line && !line.startsWith('#') ? `${line}${query}` : line;
    })
    .join('\n');
}

/**
 * An uploaded video's files (/api/videos/<id>/…): playlists, AES-128 segments, the key, poster and captions. A
 * preview lecture's video plays for anyone; otherwise every request needs the link progress (enrolled learners) or
 * the educator routes signed for a user, and that user must still be the course's educator or enrolled now: checked
 * on every request against catalogue's course access projection, so a refund stops the key and the segments as soon
 * as its `course.unenrolled` event is applied (progress relays it as the refund commits).
 */
@Controller('api/videos')
export class VideoPlaybackController {
  constructor(
    @Inject(MEDIA_LINKS) private readonly links: MediaLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly videos: VideosRepository,
    private readonly access: CourseAccessRepository,
  ) {}

  @Public()
  @Get(':id/*path')
  async file(@Req() request: Request, @Res() response: Response): Promise<void> {
    const [, , , videoId = '', ...rest] = request.path.split('/');
    const file = rest.join('/');
    const video = await this.videos.find(videoId);
    if (!video || video.status !== 'ready' || !video.renditionPrefix) {
      response.status(404).json({ success: false, message: VIDEO_NOT_FOUND });
      return;
    }
    const refusal = await this.refusal(request, video);
    if (refusal) {
      response.status(refusal.status).json({ success: false, message: refusal.message });
      return;
    }
    // Nothing here may be kept by a shared cache: every answer depends on who asks.
    const privateCache = 'private, no-store';
    const query = request.originalUrl.includes('?') ? request.originalUrl.slice(request.originalUrl.indexOf('?')) : '';
    if (file === 'key') {
      response.status(200).setHeader('Cache-Control', privateCache).type('application/octet-stream').send(video.aesKey);
      return;
    }
    if (PLAYLIST.test(file)) {
      const playlist = await this.storage.get(`${video.renditionPrefix}${file}`);
      if (!playlist) {
        response.status(404).json({ success: false, message: VIDEO_NOT_FOUND });
        return;
      }
      response.status(200).setHeader('Cache-Control', privateCache).type('application/vnd.apple.mpegurl').send(signPlaylist(playlist.body.toString('utf8'), query));
      return;
    }
    if (SEGMENT.test(file) || file === 'poster.jpg') {
      await sendStoredObject(this.storage, `${video.renditionPrefix}${file}`, request, response, { cacheControl: privateCache });
      return;
    }
    if (file === 'captions.vtt') {
      // No captions is an answer, not an error: the player asks for every video and shows CC only for a 200.
      if (!video.captionsKey) response.status(204).setHeader('Cache-Control', privateCache).end();
      else await sendStoredObject(this.storage, video.captionsKey, request, response, { cacheControl: privateCache, contentType: 'text/vtt; charset=utf-8' });
      return;
    }
    response.status(404).json({ success: false, message: 'File not found' });
  }

  /** Why this request may not have the video's files, or null when it may. */
  private async refusal(request: Request, video: VideoRow): Promise<{ status: number; message: string } | null> {
    const lectures = await this.videos.lecturesPlaying(video.id);
    if (lectures.some((lecture) => lecture.isPreviewFree)) return null;
    const verdict = this.links.verify(request.path, request.query);
    if (!verdict.valid) return { status: verdict.message === MEDIA_LINK_MISSING_MESSAGE ? 401 : 403, message: verdict.message };
    const userId = verdict.userId;
    if (userId === video.educatorId || lectures.some((lecture) => lecture.courseEducatorId === userId)) return null;
    const courseIds = [...new Set(lectures.map((lecture) => lecture.courseId))];
    if (courseIds.length > 0 && (await this.access.isEnrolledInAny(userId, courseIds))) return null;
    return { status: 403, message: NOT_ENTITLED_MESSAGE };
  }
}
