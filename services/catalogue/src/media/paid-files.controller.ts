import { MEDIA_LINK_MISSING_MESSAGE, MEDIA_LINKS, MediaLinks, PROTECTED_FILE_PREFIX, Public } from '@academy/service-core';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PAID_MEDIA_ROOT } from './media-roots.js';

/**
 * Paid lectures' videos, notes and tests (/api/files/*): only with a link signed for a user by progress (enrolled
 * learners) or by the educator routes (the course's educator). Range requests work, so videos can seek.
 */
@Controller('api/files')
export class PaidFilesController {
  constructor(
    @Inject(MEDIA_LINKS) private readonly links: MediaLinks,
    @Inject(PAID_MEDIA_ROOT) private readonly root: string,
  ) {}

  @Public()
  @Get('*path')
  file(@Req() request: Request, @Res() response: Response): void {
    const verdict = this.links.verify(request.path, request.query);
    if (!verdict.valid) {
      // No link at all: sign in first (401); a link that is forged, altered or expired: 403.
      response.status(verdict.message === MEDIA_LINK_MISSING_MESSAGE ? 401 : 403).json({ success: false, message: verdict.message });
      return;
    }
    const relative = request.path.slice(PROTECTED_FILE_PREFIX.length); // still URL-encoded: send decodes it
    response.setHeader('Cache-Control', 'private, no-store');
    // `root` makes send refuse anything outside the folder; dotfiles are never served.
    response.sendFile(relative, { root: this.root, dotfiles: 'deny', cacheControl: false, lastModified: false }, (error) => {
      if (error && !response.headersSent) response.status(404).json({ success: false, message: 'File not found' });
    });
  }
}
