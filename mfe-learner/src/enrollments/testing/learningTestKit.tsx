// Test kit of the learner's after-enrolment pages: an enrolled course, a fetch spy standing in for the progress
// service at the network boundary (so the real API client runs), and a router + platform harness.
import type { EnrolledCourse, LearnerProgressData, LectureDto, UserData } from '@academy/contracts';
import { fakeServer as platformFakeServer, type FakeReply, type FakeRequest as PlatformFakeRequest } from '@academy/platform/testing';
import type { ReactElement } from 'react';
import { renderLearnerRoutes, type LearnerRenderOptions } from '../../testing/renderLearnerRoutes';

export function lecture(overrides: Partial<LectureDto> = {}): LectureDto {
  return { lectureId: 'l-1', lectureOrder: 1, lectureTitle: 'Welcome', lectureDuration: 20, lectureUrl: null, isPreviewFree: false, notesUrl: null, testUrl: null, ...overrides };
}

export function enrolledCourse(overrides: Partial<EnrolledCourse> = {}): EnrolledCourse {
  return {
    _id: 'course-1',
    courseTitle: 'Algebra Foundations',
    courseThumbnail: '/media/thumbnails/algebra.png',
    coursePrice: 999,
    discount: 10,
    educator: { _id: 'sandbox|educator-meera', name: 'Meera Iyer' },
    createdAt: '2025-01-10T09:00:00.000Z',
    enrolledAt: '2025-02-01T09:00:00.000Z',
    myRating: null,
    lastLectureId: null,
    courseContent: [
      {
        chapterId: 'ch-1', chapterOrder: 1, chapterTitle: 'Getting started',
        chapterContent: [
          lecture({ lectureId: 'l-1', lectureTitle: 'Welcome', lectureDuration: 45, lectureUrl: '/media/videos/welcome.mp4', notesUrl: '/media/notes/welcome.pdf' }),
          lecture({ lectureId: 'l-2', lectureOrder: 2, lectureTitle: 'Expressions', lectureDuration: 20, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ', testUrl: '/media/tests/expr.pdf' }),
        ],
      },
      { chapterId: 'ch-2', chapterOrder: 2, chapterTitle: 'Equations', chapterContent: [lecture({ lectureId: 'l-3', lectureTitle: 'Balancing', lectureDuration: 30, lectureUrl: '/media/videos/balance.mp4' })] },
    ],
    ...overrides,
  };
}

export function progress(overrides: Partial<LearnerProgressData> = {}): LearnerProgressData {
  return { lectureCompleted: [], lastLectureId: null, positions: {}, quizzes: [], assignments: [], ...overrides };
}

export function userData(overrides: Partial<UserData> = {}): UserData {
  return { _id: 'sandbox|student-aarav', name: 'Aarav Sharma', email: 'aarav@demo.academy', imageUrl: '', enrolledCourses: ['course-1'], publicMetadata: { role: 'student' }, ...overrides };
}

/** A request the fake network received, its JSON body parsed. */
export type FakeRequest = Omit<PlatformFakeRequest, 'body'> & { body: Record<string, unknown> | undefined };
type Reply = { status: number; body: unknown };
/** Answers one request (a status and JSON body, or a Response such as a file), or undefined for the next route. */
export type FakeRoute = (request: FakeRequest) => FakeReply | undefined | Promise<FakeReply | undefined>;

export const ok = (body: object = {}): Reply => ({ status: 200, body: { success: true, ...body } });
export const failure = (status: number, message: string): Reply => ({ status, body: { success: false, message } });

/** The platform's fake network (`fakeServer` in @academy/platform/testing): answers from `routes`, 404 otherwise; the requests seen, in order. */
export function fakeServer(...routes: FakeRoute[]): FakeRequest[] {
  return platformFakeServer(...routes.map((route) => (request: PlatformFakeRequest) => route(request as FakeRequest))).requests as FakeRequest[];
}

/** Renders `routes` at `path` with a signed-in user (or signed out), test platform providers and a location probe. */
export function renderAt(path: string, routes: ReactElement, options: LearnerRenderOptions = {}) {
  return renderLearnerRoutes(path, routes, options);
}
