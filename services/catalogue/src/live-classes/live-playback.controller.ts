import { MEDIA_LINK_MISSING_MESSAGE, MEDIA_LINKS, MediaLinks, OBJECT_STORAGE, Public, sendStoredObject, type ObjectStorage, CurrentUser, type AuthUser } from '@academy/service-core';
import type { LivePlaybackAnswer } from '@academy/contracts';
import { BadRequestException, Controller, Get, Inject, Param, ParseUUIDPipe, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { signPlaylist } from '../videos/video-playback.controller.js';
import { LIVE_PLAYLIST, LIVE_SEGMENT } from './live-packager.js';
import { LiveClassesRepository } from './live-classes.repository.js';
import { LiveClassesService } from './live-classes.service.js';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('That is not a live class id') });
const liveMasterPath = (classId: string) => `/api/live-classes/${classId}/hls/master.m3u8`;
/** An entitlement found is reused this long for the same user and class (a player asks for a playlist every second). */
const ENTITLEMENT_REUSE_MS = 15_000;


/**
 * A live class's HLS for the entitled only (enrolled now, the educator, a linked parent): a signed link to its
 * master playlist, and every playlist and segment checked against that link and the entitlement, as recorded video.
 */
@Controller('api/live-classes')
export class LivePlaybackController {
  private readonly entitled = new Map<string, number>();

  constructor(
    @Inject(MEDIA_LINKS) private readonly links: MediaLinks,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    private readonly classes: LiveClassesService,
    private readonly repository: LiveClassesRepository,
  ) {}

  @Get(':id/playback')
  async playback(@Param('id', uuid) id: string, @CurrentUser() user: AuthUser): Promise<LivePlaybackAnswer> {
    const liveClass = await this.classes.viewable(user.id, id);
    const state = await this.repository.liveState(id);
    const onAir = liveClass.status === 'live' && !!state?.livePrefix && !!(await this.storage.head(`${state.livePrefix}master.m3u8`));
    return {
      success: true,
      url: this.links.sign(liveMasterPath(id), user.id),
      expiresAt: new Date(Date.now() + this.links.ttlSeconds * 1000).toISOString(),
      onAir,
      liveClass,
    };
  }

  @Public()
  @Get(':id/hls/:file')
  async file(@Param('id', uuid) id: string, @Param('file') file: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const refuse = (status: number, message: string) => void response.status(status).json({ success: false, message });
    if (!LIVE_PLAYLIST.test(file) && !LIVE_SEGMENT.test(file)) return refuse(404, 'File not found');
    const verdict = this.links.verify(request.path, request.query);
    if (!verdict.valid) return refuse(verdict.message === MEDIA_LINK_MISSING_MESSAGE ? 401 : 403, verdict.message);
    const key = `${verdict.userId}|${id}`;
    if ((this.entitled.get(key) ?? 0) < Date.now()) {
      await this.classes.viewable(verdict.userId, id); // 403 / 404 / 503 as the list answers them
      this.entitled.set(key, Date.now() + ENTITLEMENT_REUSE_MS);
    }
    const prefix = (await this.repository.liveState(id))?.livePrefix;
    if (!prefix) return refuse(404, 'This class is not on air yet');
    const privateCache = 'private, no-store';
    if (LIVE_SEGMENT.test(file)) {
      await sendStoredObject(this.storage, `${prefix}${file}`, request, response, { cacheControl: privateCache });
      return;
    }
    const playlist = await this.storage.get(`${prefix}${file}`);
    if (!playlist) return refuse(404, 'This class is not on air yet');
    const query = request.originalUrl.slice(request.originalUrl.indexOf('?'));
    response.status(200).setHeader('Cache-Control', privateCache).type('application/vnd.apple.mpegurl').send(signPlaylist(playlist.body.toString('utf8'), query));
  }
}
