import {
  assignmentIdSchema,
  assignmentInputSchema,
  courseIdSchema,
  EDUCATOR_ROLE,
  reviewSubmissionSchema,
  submissionIdSchema,
  submissionFieldsSchema,
  submissionsInboxQuerySchema,
  type Assignment,
  type AssignmentForMember,
  type AssignmentSubmission,
  type InboxSubmissionPage,
  type ParsedAssignmentInput,
  type ReviewSubmissionRequest,
} from '@academy/contracts';
import { CurrentUser, Roles, ZodValidationPipe, type AuthUser } from '@academy/service-core';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import type { z } from 'zod';
import { SubmissionUpload } from './assignment-files.js';
import { AssignmentsService } from './assignments.service.js';

const course = new ZodValidationPipe(courseIdSchema);
const assignment = new ZodValidationPipe(assignmentIdSchema);
const submission = new ZodValidationPipe(submissionIdSchema);

/**
 * A course's assignments (the edge sends /api/assignments/ to progress): its enrolled learners and its educator
 * read them; the educator sets and reviews, learners hand in. 401 signed out, 403 anyone else, 404 an unknown
 * course, assignment or submission.
 */
@Controller('api/assignments')
export class AssignmentsController {
  constructor(private readonly assignments: AssignmentsService) {}

  @Get(':courseId')
  async list(@CurrentUser() user: AuthUser, @Param('courseId', course) courseId: string): Promise<{ success: true; assignments: AssignmentForMember[] }> {
    const member = await this.assignments.member(user, courseId);
    return { success: true, assignments: await this.assignments.list(member) };
  }

  @Post(':courseId')
  async create(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Body(new ZodValidationPipe(assignmentInputSchema)) body: ParsedAssignmentInput,
  ): Promise<{ success: true; message: string; assignment: Assignment }> {
    const member = await this.assignments.educatorOf(user, courseId);
    return { success: true, message: 'Assignment added', assignment: await this.assignments.create(member, body) };
  }

  @Put(':courseId/:assignmentId')
  async update(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('assignmentId', assignment) assignmentId: string,
    @Body(new ZodValidationPipe(assignmentInputSchema)) body: ParsedAssignmentInput,
  ): Promise<{ success: true; message: string; assignment: Assignment }> {
    const member = await this.assignments.educatorOf(user, courseId);
    return { success: true, message: 'Assignment saved', assignment: await this.assignments.update(member, assignmentId, body) };
  }

  @Delete(':courseId/:assignmentId')
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('assignmentId', assignment) assignmentId: string,
  ): Promise<{ success: true; message: string }> {
    const member = await this.assignments.educatorOf(user, courseId);
    await this.assignments.remove(member, assignmentId);
    return { success: true, message: 'Assignment removed' };
  }

  /** multipart/form-data: `file` (optional) and `text` (optional); at least one. */
  @Post(':courseId/:assignmentId/submission')
  @HttpCode(200)
  @UseInterceptors(SubmissionUpload)
  async submit(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('assignmentId', assignment) assignmentId: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @Body(new ZodValidationPipe(submissionFieldsSchema)) body: z.infer<typeof submissionFieldsSchema>,
  ): Promise<{ success: true; message: string; submission: AssignmentSubmission }> {
    const member = await this.assignments.member(user, courseId);
    const upload = file ? { bytes: file.buffer, name: file.originalname } : null;
    return { success: true, message: 'Your work was handed in', submission: await this.assignments.submit(member, assignmentId, upload, body.text) };
  }

  @Post(':courseId/:assignmentId/submissions/:submissionId/review')
  @HttpCode(200)
  async review(
    @CurrentUser() user: AuthUser,
    @Param('courseId', course) courseId: string,
    @Param('assignmentId', assignment) assignmentId: string,
    @Param('submissionId', submission) submissionId: string,
    @Body(new ZodValidationPipe(reviewSubmissionSchema)) body: ReviewSubmissionRequest,
  ): Promise<{ success: true; message: string; submission: AssignmentSubmission }> {
    const member = await this.assignments.educatorOf(user, courseId);
    return { success: true, message: 'Review sent', submission: await this.assignments.review(member, assignmentId, submissionId, body) };
  }
}

/** Hand-ins waiting for the educator across their courses (the edge sends /api/educator/submissions to progress). */
@Controller('api/educator/submissions')
@Roles(EDUCATOR_ROLE)
export class EducatorSubmissionsController {
  constructor(private readonly assignments: AssignmentsService) {}

  @Get()
  async awaiting(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(submissionsInboxQuerySchema)) query: z.infer<typeof submissionsInboxQuerySchema>,
  ): Promise<{ success: true } & InboxSubmissionPage> {
    return { success: true, ...(await this.assignments.awaitingReview(user.id, query)) };
  }

  @Get('summary')
  async summary(@CurrentUser() user: AuthUser): Promise<{ success: true; awaitingReview: number }> {
    return { success: true, awaitingReview: await this.assignments.awaitingReviewCount(user.id) };
  }
}
