import {
  DOUBT_IMAGE_MAX_BYTES,
  DOUBT_IMAGE_TOO_LARGE_MESSAGE,
  answerDoubtSchema,
  answerIdSchema,
  askDoubtSchema,
  courseIdSchema,
  doubtIdSchema,
  doubtSearchQuerySchema,
  lectureDoubtsQuerySchema,
  reportPostSchema,
  type AnswerDoubtRequest,
  type AskDoubtRequest,
  type DoubtAnswer,
  type DoubtPage,
  type DoubtSummary,
  type DoubtThread,
  type ReportPostRequest,
} from '@academy/contracts';
import { CurrentUser, OBJECT_STORAGE, sendStoredObject, ZodValidationPipe, type AuthUser, type ObjectStorage } from '@academy/service-core';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Injectable,
  Param,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import type { Observable } from 'rxjs';
import type { z } from 'zod';
import { DoubtsService } from './doubts.service.js';

const course = new ZodValidationPipe(courseIdSchema);
const doubt = new ZodValidationPipe(doubtIdSchema);
const answer = new ZodValidationPipe(answerIdSchema);

/** One file field, `image`; multer stops reading past the limit, and the refusal says the limit in words. */
@Injectable()
class DoubtImageUpload extends FileInterceptor('image', { limits: { fileSize: DOUBT_IMAGE_MAX_BYTES, files: 1, fields: 0 } }) {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(DOUBT_IMAGE_TOO_LARGE_MESSAGE);
      throw error;
    }
  }
}

/**
 * A course's doubts (the edge sends /api/doubts/ to progress): its enrolled learners and its educator only; 401
 * signed out, 403 anyone else, 404 an unknown course, doubt or answer.
 */
@Controller('api/doubts')
export class DoubtsController {
  constructor(
    private readonly doubts: DoubtsService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Get(':courseId')
  async lecture(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Query(new ZodValidationPipe(lectureDoubtsQuerySchema)) query: z.infer<typeof lectureDoubtsQuerySchema>,
  ): Promise<{ success: true } & DoubtPage> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, ...(await this.doubts.lectureDoubts(member, query.lectureId, query.cursor)) };
  }

  @Get(':courseId/search')
  async search(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Query(new ZodValidationPipe(doubtSearchQuerySchema)) query: z.infer<typeof doubtSearchQuerySchema>,
  ): Promise<{ success: true } & DoubtPage> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, ...(await this.doubts.search(member, query.q)) };
  }

  @Post(':courseId')
  async ask(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Body(new ZodValidationPipe(askDoubtSchema)) body: AskDoubtRequest,
  ): Promise<{ success: true; message: string; doubt: DoubtSummary }> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, message: 'Doubt posted', doubt: await this.doubts.ask(member, body) };
  }

  @Get(':courseId/:doubtId')
  async thread(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
  ): Promise<{ success: true; doubt: DoubtThread }> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, doubt: await this.doubts.thread(member, doubtId) };
  }

  /** The asker attaches the doubt's one image (multipart field `image`: PNG, JPEG or WebP up to 2 MB). */
  @Post(':courseId/:doubtId/image')
  @UseInterceptors(DoubtImageUpload)
  async attachImage(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
    @UploadedFile() file: { buffer: Buffer } | undefined,
  ): Promise<{ success: true; message: string; doubt: DoubtSummary }> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, message: 'Image attached', doubt: await this.doubts.attachImage(member, doubtId, file?.buffer) };
  }

  /** The image, to those who may read the doubt (fetched with the access token; never cached by shared caches). */
  @Get(':courseId/:doubtId/image')
  async image(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const image = await this.doubts.imageOf(await this.doubts.member(user, courseId), doubtId);
    await sendStoredObject(this.storage, image.key, request, response, { cacheControl: 'private, max-age=300', contentType: image.contentType });
  }

  @Post(':courseId/:doubtId/me-too')
  @HttpCode(200)
  async meToo(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
  ): Promise<{ success: true; message: string; doubt: DoubtSummary }> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, message: 'Added: you will hear when it is answered', doubt: await this.doubts.meToo(member, doubtId) };
  }

  @Post(':courseId/:doubtId/answers')
  async answer(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
    @Body(new ZodValidationPipe(answerDoubtSchema)) body: AnswerDoubtRequest,
  ): Promise<{ success: true; message: string; answer: DoubtAnswer }> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, message: 'Answer posted', answer: await this.doubts.answer(member, doubtId, body.text) };
  }

  @Post(':courseId/:doubtId/resolve')
  @HttpCode(200)
  async resolve(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
  ): Promise<{ success: true; message: string; doubt: DoubtSummary }> {
    const member = await this.doubts.member(user, courseId);
    return { success: true, message: 'Marked resolved', doubt: await this.doubts.resolve(member, doubtId) };
  }

  @Post(':courseId/:doubtId/report')
  @HttpCode(200)
  async reportDoubt(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
    @Body(new ZodValidationPipe(reportPostSchema)) body: ReportPostRequest,
  ): Promise<{ success: true; message: string }> {
    await this.doubts.report(await this.doubts.member(user, courseId), doubtId, null, body.reason);
    return { success: true, message: 'Reported to the educator' };
  }

  @Post(':courseId/:doubtId/answers/:answerId/report')
  @HttpCode(200)
  async reportAnswer(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
    @Param('answerId', answer) answerId: string,
    @Body(new ZodValidationPipe(reportPostSchema)) body: ReportPostRequest,
  ): Promise<{ success: true; message: string }> {
    await this.doubts.report(await this.doubts.member(user, courseId), doubtId, answerId, body.reason);
    return { success: true, message: 'Reported to the educator' };
  }

  @Post(':courseId/:doubtId/hide')
  @HttpCode(200)
  async hideDoubt(@CurrentUser() user: AuthUser, @Param('courseId', course) courseId: string, @Param('doubtId', doubt) doubtId: string): Promise<{ success: true; message: string }> {
    await this.doubts.setHidden(await this.doubts.member(user, courseId), doubtId, null, true);
    return { success: true, message: 'Hidden from learners' };
  }

  @Post(':courseId/:doubtId/unhide')
  @HttpCode(200)
  async unhideDoubt(@CurrentUser() user: AuthUser, @Param('courseId', course) courseId: string, @Param('doubtId', doubt) doubtId: string): Promise<{ success: true; message: string }> {
    await this.doubts.setHidden(await this.doubts.member(user, courseId), doubtId, null, false);
    return { success: true, message: 'Shown to learners again' };
  }

  @Post(':courseId/:doubtId/answers/:answerId/hide')
  @HttpCode(200)
  async hideAnswer(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
    @Param('answerId', answer) answerId: string,
  ): Promise<{ success: true; message: string }> {
    await this.doubts.setHidden(await this.doubts.member(user, courseId), doubtId, answerId, true);
    return { success: true, message: 'Hidden from learners' };
  }

  @Post(':courseId/:doubtId/answers/:answerId/unhide')
  @HttpCode(200)
  async unhideAnswer(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('doubtId', doubt) doubtId: string,
    @Param('answerId', answer) answerId: string,
  ): Promise<{ success: true; message: string }> {
    await this.doubts.setHidden(await this.doubts.member(user, courseId), doubtId, answerId, false);
    return { success: true, message: 'Shown to learners again' };
  }
}
