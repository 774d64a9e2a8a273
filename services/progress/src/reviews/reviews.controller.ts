import {
  courseIdSchema,
  reviewHideRequestSchema,
  reviewIdSchema,
  reviewListQuerySchema,
  reportedReviewsQuerySchema,
  reviewReplyRequestSchema,
  reviewReportRequestSchema,
  writeReviewRequestSchema,
  type CourseReviewsPage,
  type MyReview,
  type ReviewHideRequest,
  type ReviewListQuery,
  type ReviewReplyRequest,
  type ReviewReportRequest,
  type ReportedReviewsAnswer,
  type ReportedReviewsQuery,
  type WriteReviewRequest,
} from '@academy/contracts';
import { CurrentUser, OptionalAuth, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ReviewsService } from './reviews.service.js';

/** Written reviews of a course (the edge sends /api/reviews/ to progress). */
@Controller('api/reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  /** Anyone reads a course's histogram and reviews; a signed-in caller also learns what they voted and reported. */
  @OptionalAuth()
  @Get('course/:courseId')
  list(
    @CurrentUser({ optional: true }) user: AuthUser | undefined,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
    @Query(new ZodValidationPipe(reviewListQuerySchema)) query: ReviewListQuery,
  ): Promise<CourseReviewsPage> {
    return this.reviews.list(courseId, query, user);
  }

  /** Reported reviews for moderation: the course's educator (one of their courses) or an academy administrator. */
  @Get('reported')
  async reported(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(reportedReviewsQuerySchema)) query: ReportedReviewsQuery,
  ): Promise<ReportedReviewsAnswer> {
    return { success: true, reviews: await this.reviews.reported(user, query.courseId) };
  }

  @Get('course/:courseId/mine')
  async mine(
    @CurrentUser() user: AuthUser,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
  ): Promise<{ success: true; review: MyReview | null }> {
    return { success: true, review: await this.reviews.mine(user.id, courseId) };
  }

  @Put('course/:courseId/mine')
  @HttpCode(200)
  async write(
    @CurrentUser() user: AuthUser,
    @Param('courseId', new ZodValidationPipe(courseIdSchema)) courseId: string,
    @Body(new ZodValidationPipe(writeReviewRequestSchema)) body: WriteReviewRequest,
  ): Promise<{ success: true; message: string; review: MyReview }> {
    const { review, created } = await this.reviews.write(user.id, courseId, body.rating, body.text);
    return { success: true, message: created ? 'Review published' : 'Review updated', review };
  }

  @Post(':reviewId/reply')
  @HttpCode(201)
  async reply(
    @CurrentUser() user: AuthUser,
    @Param('reviewId', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(reviewReplyRequestSchema)) body: ReviewReplyRequest,
  ): Promise<{ success: true; message: string }> {
    await this.reviews.reply(user, reviewId, body.text, 'create');
    return { success: true, message: 'Reply published' };
  }

  @Put(':reviewId/reply')
  @HttpCode(200)
  async editReply(
    @CurrentUser() user: AuthUser,
    @Param('reviewId', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(reviewReplyRequestSchema)) body: ReviewReplyRequest,
  ): Promise<{ success: true; message: string }> {
    await this.reviews.reply(user, reviewId, body.text, 'edit');
    return { success: true, message: 'Reply updated' };
  }

  @Post(':reviewId/hide')
  @HttpCode(200)
  async hide(
    @CurrentUser() user: AuthUser,
    @Param('reviewId', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(reviewHideRequestSchema)) body: ReviewHideRequest,
  ): Promise<{ success: true; message: string }> {
    await this.reviews.setHidden(user, reviewId, body.hidden);
    return { success: true, message: body.hidden ? 'Review hidden' : 'Review shown again' };
  }

  @Post(':reviewId/report')
  @HttpCode(201)
  async report(
    @CurrentUser() user: AuthUser,
    @Param('reviewId', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
    @Body(new ZodValidationPipe(reviewReportRequestSchema)) body: ReviewReportRequest,
  ): Promise<{ success: true; message: string }> {
    await this.reviews.report(user.id, reviewId, body.reason);
    return { success: true, message: 'Thank you, the review was reported' };
  }

  @Post(':reviewId/helpful')
  @HttpCode(201)
  async helpful(
    @CurrentUser() user: AuthUser,
    @Param('reviewId', new ZodValidationPipe(reviewIdSchema)) reviewId: string,
  ): Promise<{ success: true; message: string; helpfulCount: number }> {
    return { success: true, message: 'Marked helpful', helpfulCount: await this.reviews.voteHelpful(user.id, reviewId) };
  }
}
