import { Public } from '@academy/service-core';
import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { MEDIA_ROOT } from './media-roots.js';

/** Serves /media/* (thumbnails, notes, demo videos) with Range support; the edge routes /media/ here. */
@Controller('media')
export class MediaController {
  constructor(@Inject(MEDIA_ROOT) private readonly root: string) {}

  @Public()
  @Get('*path')
  file(@Req() request: Request, @Res() response: Response): void {
    const relative = request.path.replace(/^\/media\//, ''); // still URL-encoded: send decodes it
    // `root` makes send refuse anything outside the media folder; dotfiles are never served.
    response.sendFile(relative, { root: this.root, dotfiles: 'deny', maxAge: '1d' }, (error) => {
      if (error && !response.headersSent) {
        response.status(404).json({ success: false, message: new NotFoundException('File not found').message });
      }
    });
  }
}
