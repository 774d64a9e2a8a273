import {
  courseIdSchema,
  internalCoursesBatchRequestSchema,
  quizIdSchema,
  type InternalCourse,
  type InternalCoursesBatchAnswer,
  type InternalCoursesBatchRequest,
  type InternalQuizAnswer,
} from '@academy/contracts';
import { Internal, ZodValidationPipe } from '@academy/service-core';
import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post } from '@nestjs/common';
import { toInternalCourse } from '../courses/course-mapper.js';
import { CoursesService } from '../courses/courses.service.js';

export const QUIZ_NOT_IN_COURSE_MESSAGE = 'This quiz is not part of the course';

/** For commerce (price) and progress (content): every lecture URL. The edge never routes /internal/. */
@Controller('internal/courses')
export class InternalCoursesController {
  constructor(private readonly courses: CoursesService) {}

  /** For progress: many courses' content in one call (a learner's enrolled courses), at most INTERNAL_COURSES_BATCH_MAX. */
  @Internal()
  @Post('batch')
  @HttpCode(200)
  async batch(@Body(new ZodValidationPipe(internalCoursesBatchRequestSchema)) body: InternalCoursesBatchRequest): Promise<InternalCoursesBatchAnswer> {
    const courses = await this.courses.findManyWithContent([...new Set(body.ids)]);
    return { success: true, courses: courses.map(toInternalCourse) };
  }

  @Internal()
  @Get(':id')
  async course(@Param('id', new ZodValidationPipe(courseIdSchema)) id: string): Promise<{ success: true; course: InternalCourse }> {
    const course = await this.courses.findWithContent(id, { includeUnpublished: true });
    return { success: true, course: toInternalCourse(course) };
  }

  /** For progress only (grading, educator figures): the chapter's quiz with its key. 404 when not this course's. */
  @Internal()
  @Get(':id/quizzes/:quizId')
  async quiz(
    @Param('id', new ZodValidationPipe(courseIdSchema)) id: string,
    @Param('quizId', new ZodValidationPipe(quizIdSchema)) quizId: string,
  ): Promise<InternalQuizAnswer> {
    const course = await this.courses.findWithContent(id, { includeUnpublished: true });
    const quiz = course.chapters.find((chapter) => chapter.quiz?.quizId === quizId)?.quiz;
    if (!quiz) throw new NotFoundException(QUIZ_NOT_IN_COURSE_MESSAGE);
    return { success: true, courseId: course.id, educatorId: course.educatorId, quiz };
  }
}
