import {
  courseUpdateSchema,
  EDUCATOR_ROLE,
  firstNonYouTubeLecture,
  newCourseSchema,
  uploadedVideoIdOf,
  VIDEO_NOT_OWNED_MESSAGE,
  VIDEOS_NOT_READY_MESSAGE,
  VIDEOS_PROCESSING_DRAFT_MESSAGE,
  type CoursePublicationResult,
  type EducatorCourse,
  type EducatorCourseDetail,
} from '@academy/contracts';
import { CurrentUser, MEDIA_LINKS, MediaLinks, Roles, type AuthUser } from '@academy/service-core';
import { BadRequestException, Body, ConflictException, Controller, Get, HttpCode, Inject, Param, Post, Put, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { z } from 'zod';
import { toEducatorCourse } from '../courses/course-mapper.js';
import { EducatorCoursesService, storedLectureLinks, toEducatorCourseDetail } from './educator-courses.service.js';
import { requireThumbnailKind, THUMBNAIL_MAX_BYTES, ThumbnailStore } from './thumbnail-store.js';
import { VideosRepository } from '../videos/videos.repository.js';
import { CommerceClient } from './commerce-client.js';

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

@Controller('api/educator')
@Roles(EDUCATOR_ROLE)
export class EducatorCoursesController {
  constructor(
    private readonly authoring: EducatorCoursesService,
    private readonly commerce: CommerceClient,
    private readonly thumbnails: ThumbnailStore,
    private readonly videos: VideosRepository,
    @Inject(MEDIA_LINKS) private readonly mediaLinks: MediaLinks,
  ) {}

  /** The caller's own courses: students from the enrolment counters, earnings from commerce's ledger. */
  @Get('courses')
  async myCourses(@CurrentUser() educator: AuthUser): Promise<{ success: true; courses: EducatorCourse[] }> {
    const [courses, earnings] = await Promise.all([this.authoring.listByEducator(educator.id), this.commerce.courseEarnings(educator.id)]);
    return { success: true, courses: courses.map((course) => toEducatorCourse(course, earnings.get(course.id)?.earnings ?? 0)) };
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
    return { success: true, course: toEducatorCourseDetail(await this.authoring.findOwned(id, educator.id), { links: this.mediaLinks, userId: educator.id }) };
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
    const input = storedLectureLinks(parsed, current);
    // A lecture that keeps its id may keep the link it already had (the seeded demo courses play local mp4s).
    const existingLinks = new Map(current.chapters.flatMap((chapter) => chapter.lectures.map((lecture) => [lecture.id, lecture.url] as const)));
    const notYouTube = firstNonYouTubeLecture(input.courseContent, (lecture) => lecture.lectureId !== undefined && existingLinks.get(lecture.lectureId) === lecture.lectureUrl);
    if (notYouTube) throw new BadRequestException(notYouTube);
    const notReady = await this.checkVideos(input.courseContent, educator.id);
    if (current.isPublished && notReady.length > 0) throw new ConflictException(VIDEOS_NOT_READY_MESSAGE);
    const thumbnailUrl = image ? await this.thumbnails.save(image.buffer, requireThumbnailKind(image.buffer)) : null;
    await this.authoring.update(id, educator.id, input, thumbnailUrl);
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
