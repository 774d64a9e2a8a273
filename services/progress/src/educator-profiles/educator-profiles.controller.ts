import {
  EDUCATOR_PHOTO_MAX_BYTES,
  EDUCATOR_PHOTO_TOO_LARGE_MESSAGE,
  educatorIdSchema,
  educatorProfileRequestSchema,
  type EducatorProfileAnswer,
  type PublicEducatorProfileAnswer,
} from '@academy/contracts';
import { CurrentUser, OBJECT_STORAGE, Public, Roles, sendStoredObject, ZodValidationPipe, type AuthUser, type ObjectStorage } from '@academy/service-core';
import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Injectable,
  Param,
  PayloadTooLargeException,
  Put,
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
import { EducatorProfilesService } from './educator-profiles.service.js';

/** One file field, `photo`; multer stops reading past the limit, and the refusal says the limit in words. */
@Injectable()
class EducatorPhotoUpload extends FileInterceptor('photo', { limits: { fileSize: EDUCATOR_PHOTO_MAX_BYTES, files: 1, fields: 0 } }) {
  override async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await super.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException) throw new PayloadTooLargeException(EDUCATOR_PHOTO_TOO_LARGE_MESSAGE);
      throw error;
    }
  }
}

/** The educator's own profile, edited in Settings. */
@Controller('api/educator/profile')
@Roles('educator')
export class OwnEducatorProfileController {
  constructor(private readonly profiles: EducatorProfilesService) {}

  @Get()
  async own(@CurrentUser() educator: AuthUser): Promise<EducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.own(educator) };
  }

  @Put()
  async save(
    @CurrentUser() educator: AuthUser,
    @Body(new ZodValidationPipe(educatorProfileRequestSchema)) body: z.output<typeof educatorProfileRequestSchema>,
  ): Promise<EducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.save(educator, body) };
  }

  /** Multipart field `photo`: PNG, JPEG or WebP (by its bytes) up to 2 MB; 413 larger, 415 anything else. */
  @Put('photo')
  @UseInterceptors(EducatorPhotoUpload)
  async savePhoto(@CurrentUser() educator: AuthUser, @UploadedFile() file: Express.Multer.File | undefined): Promise<EducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.savePhoto(educator, file?.buffer) };
  }

  @Delete('photo')
  async removePhoto(@CurrentUser() educator: AuthUser): Promise<EducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.removePhoto(educator) };
  }
}

/** An educator's public profile: name, picture, bio and qualifications (text only). */
@Controller('api/educators')
export class EducatorProfilesController {
  constructor(
    private readonly profiles: EducatorProfilesService,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
  ) {}

  @Public()
  @Get(':educatorId')
  async published(@Param('educatorId', new ZodValidationPipe(educatorIdSchema)) educatorId: string): Promise<PublicEducatorProfileAnswer> {
    return { success: true, profile: await this.profiles.published(educatorId) };
  }

  /** The photo on the educator's public page: anyone may read it; its address changes with each upload. */
  @Public()
  @Get(':educatorId/photo')
  async photo(
    @Param('educatorId', new ZodValidationPipe(educatorIdSchema)) educatorId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const photo = await this.profiles.photoOf(educatorId);
    await sendStoredObject(this.storage, photo.key, request, response, { cacheControl: 'public, max-age=86400, immutable', contentType: photo.contentType });
  }
}
