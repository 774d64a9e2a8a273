import { OBJECT_STORAGE, Public, sendStoredObject, type ObjectStorage } from '@academy/service-core';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { storageKeyOfMediaUrl } from './media-keys.js';

/** Serves /media/* (thumbnails, preview notes and videos) from the bucket's public/ folder, with Range support. */
@Controller('media')
export class MediaController {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  @Public()
  @Get('*path')
  async file(@Req() request: Request, @Res() response: Response): Promise<void> {
    const key = storageKeyOfMediaUrl(request.path);
    if (!key) {
      response.status(404).json({ success: false, message: 'File not found' });
      return;
    }
    await sendStoredObject(this.storage, key, request, response, { cacheControl: 'public, max-age=86400' });
  }
}
