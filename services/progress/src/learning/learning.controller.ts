import {
  addRatingRequestSchema,
  courseProgressRequestSchema,
  playbackRequestSchema,
  updateProgressRequestSchema,
  type AddRatingRequest,
  type CourseProgressRequest,
  type EnrolledCourse,
  type LearnerProgressData,
  type PlaybackRequest,
  type UpdateProgressRequest,
} from '@academy/contracts';
import { CurrentUser, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { LearningService } from './learning.service.js';

/** The enrolled learner's routes, plus resume positions under update-course-progress/. */
@Controller('api/user')
export class LearningController {
  constructor(private readonly learning: LearningService) {}

  @Get('enrolled-courses')
  async enrolledCourses(@CurrentUser() user: AuthUser): Promise<{ success: true; enrolledCourses: EnrolledCourse[] }> {
    return { success: true, enrolledCourses: await this.learning.enrolledCourses(user.id) };
  }

  @Post('get-course-progress')
  @HttpCode(200)
  async courseProgress(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(courseProgressRequestSchema)) body: CourseProgressRequest,
  ): Promise<{ success: true; progressData: LearnerProgressData }> {
    return { success: true, progressData: await this.learning.progress(user.id, body.courseId) };
  }

  @Post('update-course-progress')
  @HttpCode(200)
  async updateProgress(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(updateProgressRequestSchema)) body: UpdateProgressRequest,
  ): Promise<{ success: true; message: string }> {
    const isNew = await this.learning.completeLecture(user.id, body.courseId, body.lectureId);
    return { success: true, message: isNew ? 'Progress Updated' : 'Lecture Already Completed' };
  }

  @Post('update-course-progress/playback')
  @HttpCode(200)
  async savePlayback(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(playbackRequestSchema)) body: PlaybackRequest,
  ): Promise<{ success: true }> {
    await this.learning.savePlayback(user.id, body.courseId, body.lectureId, body.positionSeconds);
    return { success: true };
  }

  @Post('add-rating')
  @HttpCode(200)
  async addRating(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(addRatingRequestSchema)) body: AddRatingRequest,
  ): Promise<{ success: true; message: string }> {
    const { previousRating } = await this.learning.rate(user.id, body.courseId, body.rating);
    return { success: true, message: previousRating === null ? 'Rating added' : 'Rating updated' };
  }
}
