import { EDUCATOR_ROLE, type VideoStatusDto } from '@academy/contracts';
import { CurrentUser, OBJECT_STORAGE, Roles, type AuthUser, type ObjectStorage } from '@academy/service-core';
import {
  BadRequestException,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  UnsupportedMediaTypeException,
  UploadedFile,
  UseInterceptors,
  Inject,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { videoFolder } from './video-processing.js';
import { VideoTranscodeQueue } from './video-uploads.js';
import { toVideoStatus, VideosRepository, type VideoRow } from './videos.repository.js';

/** Largest captions file (WebVTT text); multer stops reading beyond it (413). */
export const CAPTIONS_MAX_BYTES = 1024 * 1024;
const captionsUpload = FileInterceptor('captions', { limits: { fileSize: CAPTIONS_MAX_BYTES, files: 1, fields: 2 } });

/** An educator's own uploaded videos: state (Processing %, Ready, Failed with the reason), Retry, captions. */
@Controller('api/educator/videos')
@Roles(EDUCATOR_ROLE)
export class VideoAuthoringController {
  constructor(
    private readonly videos: VideosRepository,
    private readonly transcodes: VideoTranscodeQueue,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /** Someone else's video is answered like a missing one. */
  private async owned(id: string, educatorId: string): Promise<VideoRow> {
    const video = await this.videos.find(id);
    if (!video || video.educatorId !== educatorId) throw new NotFoundException('Video not found');
    return video;
  }

  @Get(':id')
  async status(@Param('id') id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true; video: VideoStatusDto }> {
    return { success: true, video: toVideoStatus(await this.owned(id, educator.id)) };
  }

  @Post(':id/retry')
  @HttpCode(200)
  async retry(@Param('id') id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true; video: VideoStatusDto }> {
    const video = await this.owned(id, educator.id);
    if (video.status !== 'failed') throw new ConflictException(`Only a failed video can be retried (this one is ${video.status})`);
    if (await this.videos.markProcessing(id)) await this.transcodes.enqueue(id);
    return { success: true, video: toVideoStatus((await this.videos.find(id))!) };
  }

  /** A WebVTT file the player offers as captions. */
  @Post(':id/captions')
  @HttpCode(200)
  @UseInterceptors(captionsUpload)
  async captions(
    @Param('id') id: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; video: VideoStatusDto }> {
    await this.owned(id, educator.id);
    if (!file) throw new BadRequestException('Choose a WebVTT (.vtt) captions file');
    // The bytes decide: a WebVTT file starts with "WEBVTT" (after an optional byte-order mark).
    if (!/^(\uFEFF)?WEBVTT(?:[ \t]|\r?\n|$)/.test(file.buffer.toString('utf8', 0, 64))) {
      throw new UnsupportedMediaTypeException('Captions must be a WebVTT file (it starts with "WEBVTT")');
    }
    const key = `${videoFolder(id)}captions.vtt`;
    await this.storage.put(key, file.buffer, { contentType: 'text/vtt; charset=utf-8', maxBytes: CAPTIONS_MAX_BYTES });
    await this.videos.setCaptions(id, key);
    return { success: true, video: toVideoStatus((await this.videos.find(id))!) };
  }
}
