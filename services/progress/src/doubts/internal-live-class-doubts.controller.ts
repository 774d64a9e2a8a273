import { liveClassDoubtsLectureSchema, type LiveClassDoubtsLectureAnswer, type LiveClassDoubtsLectureRequest } from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { BadRequestException, Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { DoubtsService } from './doubts.service.js';

/** For catalogue's recording job: the class's recording is now this lecture (docs/live-classes.md). The edge never routes /internal/. */
@Controller('internal/live-class-doubts')
export class InternalLiveClassDoubtsController {
  constructor(private readonly doubts: DoubtsService) {}

  @Internal()
  @Post(':classId/lecture')
  @HttpCode(200)
  async link(
    @Param('classId', new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException('That is not a live class id') })) classId: string,
    @Body(new ZodValidationPipe(liveClassDoubtsLectureSchema)) body: LiveClassDoubtsLectureRequest,
  ): Promise<LiveClassDoubtsLectureAnswer> {
    return { success: true, linked: await this.doubts.linkLiveClassToLecture(classId, body.lectureId) };
  }
}
