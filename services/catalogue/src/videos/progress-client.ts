import {
  ENROLLED_COURSE_IDS_PATH,
  ENROLMENT_CHECK_MAX_COURSES,
  ENROLMENT_CHECK_PATH,
  INTERNAL_LIVE_CLASS_DOUBTS_LECTURE_PATH,
  type EnrolledCourseIdsAnswer,
  type EnrolmentCheckAnswer,
  type LiveClassDoubtsLectureAnswer,
  type LiveClassDoubtsLectureRequest,
} from '@academy/contracts';
import { CORE_CONFIG, InternalClient } from '@academy/service-core';
import { Inject, Injectable } from '@nestjs/common';
import type { CatalogueConfig } from '../catalogue-config.js';

/** Progress's live enrolment check: asked on every key and segment request of a paid video, so a refund ends watching. */
@Injectable()
export class ProgressClient {
  private readonly client: InternalClient;

  constructor(@Inject(CORE_CONFIG) config: CatalogueConfig) {
    this.client = new InternalClient({ baseUrl: config.PROGRESS_URL, token: config.INTERNAL_TOKEN });
  }

  /** Whether the user is enrolled now in any of these courses: one request, however many courses play the video. */
  async isEnrolledInAny(userId: string, courseIds: readonly string[]): Promise<boolean> {
    for (let start = 0; start < courseIds.length; start += ENROLMENT_CHECK_MAX_COURSES) {
      const batch = courseIds.slice(start, start + ENROLMENT_CHECK_MAX_COURSES);
      if ((await this.client.get<EnrolmentCheckAnswer>(ENROLMENT_CHECK_PATH(userId, batch))).enrolled) return true;
    }
    return false;
  }

  /** Enrolled now, or a parent linked to a learner enrolled now (notes and tests; never videos). */
  async isEnrolledOrParentOfEnrolled(userId: string, courseId: string): Promise<boolean> {
    return (await this.client.get<EnrolmentCheckAnswer>(ENROLMENT_CHECK_PATH(userId, [courseId], { orParentOfEnrolled: true }))).enrolled;
  }

  /** The courses the user is enrolled in now. */
  async enrolledCourseIds(userId: string): Promise<string[]> {
    return (await this.client.get<EnrolledCourseIdsAnswer>(ENROLLED_COURSE_IDS_PATH(userId))).courseIds;
  }

  /** The class's recording is now this lecture: progress moves the doubts asked in the class under it (idempotent). */
  async linkLiveClassDoubts(classId: string, lectureId: string): Promise<number> {
    const body: LiveClassDoubtsLectureRequest = { lectureId };
    return (await this.client.post<LiveClassDoubtsLectureAnswer>(INTERNAL_LIVE_CLASS_DOUBTS_LECTURE_PATH(classId), body)).linked;
  }
}
