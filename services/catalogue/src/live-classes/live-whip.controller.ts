import { LIVE_UNAVAILABLE_MESSAGE, LIVE_WHIP_PATH } from '@academy/contracts';
import { Public } from '@academy/service-core';
import { BadRequestException, ConflictException, Controller, Delete, HttpException, HttpStatus, NotFoundException, Param, ParseUUIDPipe, Post, Req, Res, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { LiveClassesService } from './live-classes.service.js';
import { LiveEngine } from './live-engine.js';
import { LiveStudio } from './live-studio.js';

const uuid = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('That is not a live class id') });
const MAX_OFFER_BYTES = 20_000;

/**
 * OBS (30 and later) publishes a class over WHIP (RFC 9725): `POST` of its SDP offer with the class's stream key as
 * a bearer token answers 201 with Janus's SDP answer and the publish's resource in `Location`; `DELETE` on that
 * resource ends the publish (the class stays live until the educator ends it). A scheduled class goes live with
 * the first publish, as the Start button does.
 */
@Controller('api/live-classes')
@Public()
export class LiveWhipController {
  constructor(
    private readonly classes: LiveClassesService,
    private readonly engine: LiveEngine,
    private readonly studio: LiveStudio,
  ) {}

  @Post(':id/whip')
  async publish(@Param('id', uuid) id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const liveClass = await this.authorised(id, request);
    if (!/^application\/sdp\b/i.test(request.headers['content-type'] ?? '')) {
      throw new HttpException('Send the SDP offer with Content-Type: application/sdp', HttpStatus.UNSUPPORTED_MEDIA_TYPE);
    }
    const offer = await readBody(request);
    if (!offer.startsWith('v=0')) throw new BadRequestException('The body must be an SDP offer');
    if (liveClass.status === 'scheduled') {
      if (!(await this.engine.available())) throw new ServiceUnavailableException(LIVE_UNAVAILABLE_MESSAGE);
      await this.classes.transition(liveClass.educatorId, id, 'live').catch(() => undefined);
    } else if (liveClass.status !== 'live') {
      throw new ConflictException(`This class is ${liveClass.status}: it cannot go on air`);
    }
    const current = (await this.classes.findRow(id))!;
    const { sdp, resourceId } = await this.studio.publish(current, offer);
    response
      .status(201)
      .setHeader('Content-Type', 'application/sdp')
      .setHeader('Location', `${LIVE_WHIP_PATH(id)}/${resourceId}`)
      .setHeader('Cache-Control', 'no-store')
      .send(sdp);
  }

  /** Ends this publish (a newer publish of the class, from OBS or the browser, is left alone). */
  @Delete(':id/whip/:resourceId')
  async stop(@Param('id', uuid) id: string, @Param('resourceId') resourceId: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.authorised(id, request);
    if (!(await this.studio.unpublish(id, 'educator', resourceId))) throw new NotFoundException('This publish has already ended');
    response.status(200).send();
  }

  /** The class, when the bearer token is its stream key (401 otherwise, with the scheme to use). */
  private async authorised(id: string, request: Request) {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const liveClass = await this.classes.findRow(id);
    const key = liveClass ? await this.classes.streamKeyOf(id) : null;
    if (!token || !key || !sameSecret(token, key)) {
      throw new UnauthorizedException({ statusCode: 401, message: 'The stream key is wrong: copy it again from the Go live page', error: 'Unauthorized' });
    }
    return liveClass!;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The raw SDP (no body parser takes application/sdp), at most 20 kB. */
async function readBody(request: Request): Promise<string> {
  if (typeof request.body === 'string') return request.body;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_OFFER_BYTES) throw new HttpException('The SDP offer is too long', HttpStatus.PAYLOAD_TOO_LARGE);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
