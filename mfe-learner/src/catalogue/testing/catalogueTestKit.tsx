// Test kit of the catalogue feature: demo courses, a fetch spy standing in for the catalogue service at the
// network boundary, and a router + platform harness that shows where navigation went.
import { fakeServer as platformFakeServer } from '@academy/platform/testing';
import type { ReactElement } from 'react';
import { Route } from '@academy/routing';
import type { CourseDetail, CourseSummary, LectureDto, UserData } from '@academy/contracts';
import { renderLearnerRoutes, type LearnerRenderOptions } from '../../testing/renderLearnerRoutes';
import { CourseDetailPage, CourseListPage, HomePage } from '../index';

export function courseSummary(overrides: Partial<CourseSummary> = {}): CourseSummary {
  return {
    _id: 'course-1',
    courseTitle: 'Class 8 Mathematics: Algebra Foundations',
    courseThumbnail: '/media/thumbnails/algebra.png',
    coursePrice: 999,
    discount: 50,
    educator: { _id: 'sandbox|educator-meera', name: 'Meera Iyer' },
    averageRating: 4,
    ratingCount: 12,
    studentCount: 30,
    createdAt: '2025-01-10T09:00:00.000Z',
    classFrom: 8,
    classTo: 8,
    subject: 'mathematics',
    board: 'cbse',
    ...overrides,
  };
}

export function lecture(overrides: Partial<LectureDto> = {}): LectureDto {
  return {
    lectureId: 'lecture-1',
    lectureOrder: 1,
    lectureTitle: 'What is a variable?',
    lectureDuration: 20,
    lectureUrl: null,
    isPreviewFree: false,
    notesUrl: null,
    testUrl: null,
    ...overrides,
  };
}

export function courseDetail(overrides: Partial<CourseDetail> = {}): CourseDetail {
  return {
    ...courseSummary(),
    courseDescription: '<h2>About</h2><p>Build a <strong>strong base</strong> in algebra.</p>',
    courseContent: [
      {
        chapterId: 'chapter-1',
        chapterOrder: 1,
        chapterTitle: 'Getting started',
        chapterContent: [
          lecture({ lectureId: 'l-1', lectureTitle: 'Welcome', lectureDuration: 45, isPreviewFree: true, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ' }),
          lecture({ lectureId: 'l-2', lectureOrder: 2, lectureTitle: 'Expressions', lectureDuration: 20 }),
        ],
      },
      {
        chapterId: 'chapter-2',
        chapterOrder: 2,
        chapterTitle: 'Equations',
        chapterContent: [
          lecture({ lectureId: 'l-3', lectureTitle: 'Balancing both sides', lectureDuration: 30, isPreviewFree: true, lectureUrl: '/media/videos/balance.mp4' }),
        ],
      },
    ],
    ...overrides,
  };
}

export function userData(overrides: Partial<UserData> = {}): UserData {
  return {
    _id: 'sandbox|student-aarav',
    name: 'Aarav Sharma',
    email: 'aarav@demo.academy',
    imageUrl: '',
    enrolledCourses: [],
    publicMetadata: { role: 'student' },
    ...overrides,
  };
}

type Reply = { status: number; body: unknown };
/** Answers one request of the fake server; the URL is the one the page asked for. */
export type FakeRoute = (url: URL) => Reply | undefined;

export const ok = (body: object): Reply => ({ status: 200, body: { success: true, ...body } });
export const failure = (status: number, message: string): Reply => ({ status, body: { success: false, message } });

/** The platform's fake network (`fakeServer` in @academy/platform/testing), each route given the URL asked for; its spy. */
export function fakeServer(...routes: FakeRoute[]): jest.Mock {
  return platformFakeServer(...routes.map((route) => (request: { url: URL }) => route(request.url))).spy;
}

/** URLs (path + query) the page fetched, in order. */
export function requestedUrls(spy: jest.Mock): string[] {
  return spy.mock.calls.map(([input]) => {
    const url = new URL(String(input), 'http://portal.test');
    return `${url.pathname}${url.search}`;
  });
}

/** Renders the catalogue routes at `path` under test platform providers; `location()` reads the current path. */
export function renderCatalogueAt(path: string, options: LearnerRenderOptions = {}) {
  return renderLearnerRoutes(
    path,
    <>
      <Route path="/" element={<HomePage />} />
      <Route path="/course-list" element={<CourseListPage />} />
      <Route path="/course-list/:input" element={<CourseListPage />} />
      <Route path="/course/:id" element={<CourseDetailPage />} />
    </>,
    options,
  );
}

export function renderInRouter(element: ReactElement, path = '/') {
  return renderLearnerRoutes(path, <Route path="*" element={element} />);
}
