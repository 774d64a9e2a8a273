import {
  COURSE_NOT_READY_MESSAGE,
  courseChecklist,
  courseIdSchema,
  courseUpdateOfDraft,
  courseUpdateSchema,
  LECTURE_FILE_MAX_BYTES,
  saveCourseDraftSchema,
  type CourseChecklistAnswer,
  type CourseChecklistItem,
  type CourseDraftDto,
  type CourseDraftSaved,
  type LectureFileUploaded,
  EDUCATOR_ROLE,
  firstNonYouTubeLecture,
  newCourseSchema,
  uploadedVideoIdOf,
  VIDEO_NOT_OWNED_MESSAGE,
  VIDEOS_NOT_READY_MESSAGE,
  VIDEOS_PROCESSING_DRAFT_MESSAGE,
  type CoursePublicationResult,
  type EducatorCourseListing,
  type EducatorCourseDetail,
} from '@academy/contracts';
import { CurrentUser, MEDIA_LINKS, MediaLinks, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { BadRequestException, Body, ConflictException, Controller, Get, HttpCode, Inject, Param, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { LectureFileStore, lectureFilesOf } from './lecture-file-store.js';
import { FileInterceptor } from '@nestjs/platform-express';
import type { z } from 'zod';
import { toEducatorCourse } from '../courses/course-mapper.js';
import { draftAsCourse, EducatorCoursesService, storedLectureLinks, storedLinksOf, toEducatorCourseDetail } from './educator-courses.service.js';
import type { CourseEntity } from '../courses/course.entity.js';
import { requireThumbnailKind, THUMBNAIL_MAX_BYTES, ThumbnailStore } from './thumbnail-store.js';
import { VideosRepository } from '../videos/videos.repository.js';

export const DRAFT_EDITED_ELSEWHERE_MESSAGE = 'This course is a draft: continue editing it in Add Course, which saves it as you type';

/** Parses the multipart `courseData` field (a JSON string) with a schema; the first problem becomes a 400. */
function parseCourseData<S extends z.ZodType>(raw: unknown, schema: S): z.infer<S> {
  if (typeof raw !== 'string' || raw.length === 0) throw new BadRequestException('courseData is required');
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new BadRequestException('courseData must be JSON');
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.map(String).join('.');
    throw new BadRequestException(field ? `${field}: ${issue.message}` : issue.message);
  }
  return result.data;
}

const thumbnailUpload = FileInterceptor('image', { limits: { fileSize: THUMBNAIL_MAX_BYTES, files: 1, fields: 5 } });
// One byte over the limit is enough for multer to stop reading and answer 413 (nothing is stored).
const lectureFileUpload = FileInterceptor('file', { limits: { fileSize: LECTURE_FILE_MAX_BYTES, files: 1, fields: 2 } });

@Controller('api/educator')
@Roles(EDUCATOR_ROLE)
export class EducatorCoursesController {
  constructor(
    private readonly authoring: EducatorCoursesService,
    private readonly thumbnails: ThumbnailStore,
    private readonly videos: VideosRepository,
    private readonly lectureFiles: LectureFileStore,
    @Inject(MEDIA_LINKS) private readonly mediaLinks: MediaLinks,
  ) {}

  /** The caller's own courses with their student counts; the browser adds commerce's earnings per course. */
  @Get('courses')
  async myCourses(@CurrentUser() educator: AuthUser): Promise<{ success: true; courses: EducatorCourseListing[] }> {
    return { success: true, courses: (await this.authoring.listByEducator(educator.id)).map(toEducatorCourse) };
  }

  /** Multipart: `courseData` (JSON) and `image` (the thumbnail: PNG, JPEG or WebP by its bytes, ≤ 5 MB). */
  @Post('add-course')
  @HttpCode(201)
  @UseInterceptors(thumbnailUpload)
  async addCourse(
    @Body('courseData') courseData: unknown,
    @UploadedFile() image: Express.Multer.File | undefined,
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; message: string; courseId: string }> {
    const input = storedLectureLinks(parseCourseData(courseData, newCourseSchema), null);
    const notYouTube = firstNonYouTubeLecture(input.courseContent);
    if (notYouTube) throw new BadRequestException(notYouTube);
    if (!image) throw new BadRequestException('Thumbnail Not Selected');
    const kind = requireThumbnailKind(image.buffer);
    const notReady = await this.checkVideos(input.courseContent, educator.id);
    const thumbnailUrl = await this.thumbnails.save(image.buffer, kind);
    // A lecture video still processing: the course waits unpublished, and is published from My Courses once Ready.
    const course = await this.authoring.create(input, { id: educator.id, name: educator.name || 'Educator' }, thumbnailUrl, notReady.length === 0);
    return { success: true, message: notReady.length === 0 ? 'Course Added' : VIDEOS_PROCESSING_DRAFT_MESSAGE, courseId: course.id };
  }

  /** The owner's full course for the edit form; 404 for a course of someone else. */
  @Get('courses/:id')
  async course(@Param('id') id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true; course: EducatorCourseDetail }> {
    // A draft comes as what it has so far: the preview shows it as learners would see it.
    const course = draftAsCourse(await this.authoring.findOwned(id, educator.id));
    return { success: true, course: toEducatorCourseDetail(course, { links: this.mediaLinks, userId: educator.id }) };
  }

  /** The draft as the form last saved it, with its version; paid files as links signed for the educator. */
  @Get('courses/:id/draft')
  async draft(@Param('id') id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true } & CourseDraftDto> {
    const course = await this.authoring.findOwnedDraft(id, educator.id);
    const draft = course.draftContent!;
    const sign = (link: string | null) => this.mediaLinks.sign(link, educator.id);
    const courseContent = draft.courseContent.map((chapter) => ({
      ...chapter,
      chapterContent: chapter.chapterContent.map((lecture) => ({ ...lecture, lectureUrl: this.mediaLinks.sign(lecture.lectureUrl, educator.id), notesUrl: sign(lecture.notesUrl), testUrl: sign(lecture.testUrl) })),
    }));
    return {
      success: true,
      _id: course.id,
      version: course.draftVersion,
      savedAt: course.updatedAt.toISOString(),
      courseThumbnail: course.thumbnailUrl || null,
      draft: { fields: draft.fields, courseContent },
    };
  }

  /**
   * Autosave: JSON `{ baseVersion, draft }`. baseVersion 0 creates the draft (the client picks its id); a stale
   * version is a 409 (another tab saved since). Files no longer used by the draft are removed from the bucket.
   */
  @Put('courses/:id/draft')
  async saveDraft(
    @Param('id', new ZodValidationPipe(courseIdSchema)) id: string,
    @Body(new ZodValidationPipe(saveCourseDraftSchema)) request: z.output<typeof saveCourseDraftSchema>,
    @CurrentUser() educator: AuthUser,
  ): Promise<CourseDraftSaved> {
    const current = await this.authoring.findOwned(id, educator.id).catch(() => null);
    const draft = storedLectureLinks(request.draft, current ?? ({ id, chapters: [] } as unknown as CourseEntity));
    await this.checkVideos(draft.courseContent, educator.id);
    const saved = await this.authoring.saveDraft(id, { id: educator.id, name: educator.name || 'Educator' }, request.baseVersion, draft);
    await this.lectureFiles.removeAll(saved.unusedLinks);
    return { success: true, version: saved.version, savedAt: saved.savedAt.toISOString() };
  }

  /** Multipart `image`: the course's thumbnail, saved at once (a draft keeps it across reloads). */
  @Put('courses/:id/thumbnail')
  @UseInterceptors(thumbnailUpload)
  async thumbnail(
    @Param('id') id: string,
    @UploadedFile() image: Express.Multer.File | undefined,
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; thumbnailUrl: string }> {
    await this.authoring.findOwned(id, educator.id); // 404 before anything is stored
    if (!image) throw new BadRequestException('Thumbnail Not Selected');
    const kind = requireThumbnailKind(image.buffer);
    const thumbnailUrl = await this.thumbnails.save(image.buffer, kind);
    await this.authoring.setThumbnail(id, educator.id, thumbnailUrl);
    return { success: true, thumbnailUrl };
  }

  /**
   * Multipart `file`: a lecture's notes or test as a PDF (read from its bytes; 415 otherwise, 413 over 20 MB, nothing
   * stored). It is kept in the bucket's paid files; the answer's link is signed for the educator.
   */
  @Post('courses/:id/lecture-files')
  @HttpCode(201)
  @UseInterceptors(lectureFileUpload)
  async uploadLectureFile(
    @Param('id') id: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentUser() educator: AuthUser,
  ): Promise<LectureFileUploaded> {
    await this.authoring.findOwned(id, educator.id);
    const link = await this.lectureFiles.save(id, file?.buffer);
    return { success: true, url: this.mediaLinks.sign(link, educator.id), fileName: file?.originalname ?? 'file.pdf' };
  }

  /** What the course still needs before it can be published (empty when ready). */
  @Get('courses/:id/checklist')
  async checklist(@Param('id') id: string, @CurrentUser() educator: AuthUser): Promise<CourseChecklistAnswer> {
    return { success: true, missing: await this.missingForPublish(await this.authoring.findOwned(id, educator.id)) };
  }

  private async missingForPublish(course: CourseEntity): Promise<CourseChecklistItem[]> {
    const draft = course.draftContent ?? draftOfPublished(course);
    const videoIds = draft.courseContent.flatMap((chapter) => chapter.chapterContent.map((lecture) => uploadedVideoIdOf(lecture.lectureUrl))).filter((videoId) => videoId !== null);
    const notReady = new Set(await this.videos.notReady(videoIds));
    return courseChecklist(draft, { hasThumbnail: course.thumbnailUrl !== '', isVideoReady: (videoId) => !notReady.has(videoId) });
  }

  /** Multipart like add-course; `image` is optional here (the current thumbnail stays). Replaces the content. */
  @Put('courses/:id')
  @UseInterceptors(thumbnailUpload)
  async updateCourse(
    @Param('id') id: string,
    @Body('courseData') courseData: unknown,
    @UploadedFile() image: Express.Multer.File | undefined,
    @CurrentUser() educator: AuthUser,
  ): Promise<{ success: true; message: string; course: EducatorCourseDetail }> {
    const parsed = parseCourseData(courseData, courseUpdateSchema);
    const current = await this.authoring.findOwned(id, educator.id); // 404 before anything is stored
    if (current.isDraft) throw new ConflictException(DRAFT_EDITED_ELSEWHERE_MESSAGE);
    const input = storedLectureLinks(parsed, current);
    // A lecture that keeps its id may keep the link it already had (the seeded demo courses play local mp4s).
    const existingLinks = new Map(current.chapters.flatMap((chapter) => chapter.lectures.map((lecture) => [lecture.id, lecture.url] as const)));
    const notYouTube = firstNonYouTubeLecture(input.courseContent, (lecture) => lecture.lectureId !== undefined && existingLinks.get(lecture.lectureId) === lecture.lectureUrl);
    if (notYouTube) throw new BadRequestException(notYouTube);
    const notReady = await this.checkVideos(input.courseContent, educator.id);
    if (current.isPublished && notReady.length > 0) throw new ConflictException(VIDEOS_NOT_READY_MESSAGE);
    const thumbnailUrl = image ? await this.thumbnails.save(image.buffer, requireThumbnailKind(image.buffer)) : null;
    await this.authoring.update(id, educator.id, input, thumbnailUrl);
    // Files the saved content no longer uses (replaced, removed, or uploaded and never kept) leave the bucket.
    await this.lectureFiles.removeUnused(id, lectureFilesOf(id, storedLinksOf({ chapters: [], draftContent: { fields: {} as never, courseContent: input.courseContent } })));
    const updated = await this.authoring.findOwned(id, educator.id);
    return { success: true, message: 'Course Updated', course: toEducatorCourseDetail(updated, { links: this.mediaLinks, userId: educator.id }) };
  }

  /** 400 when a lecture names a video the educator did not upload; the ids of the ones not Ready yet. */
  private async checkVideos(content: ReadonlyArray<{ chapterContent: ReadonlyArray<{ lectureUrl: string }> }>, educatorId: string): Promise<string[]> {
    const ids = [...new Set(content.flatMap((chapter) => chapter.chapterContent.map((lecture) => uploadedVideoIdOf(lecture.lectureUrl))).filter((id) => id !== null))];
    if ((await this.videos.notOwnedBy(educatorId, ids)).length > 0) throw new BadRequestException(VIDEO_NOT_OWNED_MESSAGE);
    return this.videos.notReady(ids);
  }

  @Post('courses/:id/publish')
  @HttpCode(200)
  async publish(@Param('id') id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true } & CoursePublicationResult> {
    const course = await this.authoring.findOwned(id, educator.id);
    if (course.isDraft) {
      const missing = await this.missingForPublish(course);
      if (missing.length > 0) throw new ConflictException(`${COURSE_NOT_READY_MESSAGE}: ${missing.map((item) => item.message).join('; ')}`);
      const input = courseUpdateSchema.parse(courseUpdateOfDraft(course.draftContent!));
      const notYouTube = firstNonYouTubeLecture(input.courseContent);
      if (notYouTube) throw new BadRequestException(notYouTube);
      await this.authoring.publishDraft(id, educator.id, input);
      await this.lectureFiles.removeUnused(id, lectureFilesOf(id, storedLinksOf({ chapters: [], draftContent: course.draftContent })));
      return { success: true, message: 'Course Published', isPublished: true };
    }
    const videoIds = course.chapters.flatMap((chapter) => chapter.lectures.map((lecture) => uploadedVideoIdOf(lecture.url))).filter((videoId) => videoId !== null);
    if ((await this.videos.notReady(videoIds)).length > 0) throw new ConflictException(VIDEOS_NOT_READY_MESSAGE);
    await this.authoring.setPublished(id, educator.id, true);
    return { success: true, message: 'Course Published', isPublished: true };
  }

  @Post('courses/:id/unpublish')
  @HttpCode(200)
  async unpublish(@Param('id') id: string, @CurrentUser() educator: AuthUser): Promise<{ success: true } & CoursePublicationResult> {
    await this.authoring.setPublished(id, educator.id, false);
    return { success: true, message: 'Course Unpublished', isPublished: false };
  }
}

/** A stored course in the draft's shape, so one checklist judges both. */
function draftOfPublished(course: CourseEntity): NonNullable<CourseEntity['draftContent']> {
  return {
    fields: {
      courseTitle: course.title,
      courseDescription: course.descriptionHtml,
      coursePrice: String(course.price),
      discount: String(course.discount),
      classFrom: String(course.classFrom),
      classTo: String(course.classTo),
      subject: course.subject,
      board: course.board,
      language: course.language,
    },
    courseContent: course.chapters.map((chapter) => ({
      chapterTitle: chapter.title,
      quiz: null,
      chapterContent: chapter.lectures.map((lecture) => ({
        lectureTitle: lecture.title,
        lectureDuration: lecture.durationMinutes,
        lectureUrl: lecture.url,
        isPreviewFree: lecture.isPreviewFree,
        notesUrl: lecture.notesUrl,
        testUrl: lecture.testUrl,
      })),
    })),
  };
}
