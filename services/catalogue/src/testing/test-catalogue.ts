import type { ChapterDto, InternalCourse, QuizDefinition } from '@academy/contracts';
import { runMigrations } from '@academy/service-core';
import type { ServiceTestEnvironment } from '@academy/service-core/testing';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Request, Response, NextFunction } from 'express';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module.js';
import { CourseCache } from '../courses/course-cache.js';
import { ChapterEntity, CourseEntity, LectureEntity } from '../courses/course.entity.js';
import { catalogueDatabase } from '../database.js';

/** A course as another service's test needs it: catalogue's internal shape, only the fields that matter required. */
export type TestCourse = Pick<InternalCourse, '_id' | 'coursePrice' | 'discount' | 'educatorId'> & Partial<Omit<InternalCourse, '_id'>>;

/** One request catalogue answered, for tests that check how they call it. */
export interface CatalogueRequest {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

export interface TestCatalogue {
  /** Base URL of catalogue's HTTP app. */
  url: string;
  app: INestApplication;
  /** Every request catalogue answered, oldest first. */
  requests: CatalogueRequest[];
  /**
   * Stores these courses as catalogue's internal routes will answer them, replacing a course of the same id. A
   * chapter's quiz is stored with its key from `quizzes` (by quizId), as an educator would have authored it.
   */
  putCourses(courses: readonly TestCourse[], quizzes?: readonly QuizDefinition[]): Promise<void>;
  /** Stops the app; calling it again does nothing. */
  close(): Promise<void>;
}

/** What catalogue shares with the service under test: its database, its Redis prefix, and its variables. */
export type CallerEnvironment = Pick<ServiceTestEnvironment, 'database' | 'queuePrefix' | 'env'>;

/**
 * The real catalogue HTTP app for another service's integration tests, on a free port, in the caller's database
 * (catalogue's migrations create its own schema there) with the caller's Redis prefix; its other variables (issuer,
 * internal token, media secret, bucket) are the caller's, from prepareServiceTestEnvironment. Sets the caller's
 * CATALOGUE_URL to it, so start it before the caller's app reads its configuration.
 */
export async function startTestCatalogue(caller: CallerEnvironment): Promise<TestCatalogue> {
  await runMigrations({ ...catalogueDatabase, url: caller.database.url });
  const app = await withEnvironment({ DATABASE_URL: caller.database.url, QUEUE_PREFIX: caller.queuePrefix }, async () =>
    (await Test.createTestingModule({ imports: [AppModule] }).compile()).createNestApplication({ logger: false, forceCloseConnections: true }),
  );
  const requests: CatalogueRequest[] = [];
  app.use(recordInto(requests));
  await app.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  caller.env.CATALOGUE_URL = process.env.CATALOGUE_URL = url;
  let closed: Promise<void> | undefined;
  return {
    url,
    app,
    requests,
    async putCourses(courses, quizzes = []) {
      await app.get(DataSource).transaction(async (manager) => {
        for (const course of courses) {
          await manager.delete(CourseEntity, { id: course._id });
          await manager.save(CourseEntity, toEntity(course, quizzes));
        }
      });
      // Public reads are cached: a stored course must show at once, as after an educator's edit.
      await app.get(CourseCache).invalidate();
    },
    close: () => (closed ??= app.close()),
  };
}

/** Reads the app's configuration with these variables set, then puts the caller's back. */
async function withEnvironment<T>(variables: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
  Object.assign(process.env, variables);
  try {
    return await work();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

function recordInto(requests: CatalogueRequest[]) {
  return (request: Request, response: Response, next: NextFunction) => {
    // On 'finish' the body parser has run: the parsed body is there.
    response.on('finish', () => requests.push({ method: request.method, path: request.originalUrl, status: response.statusCode, body: request.body }));
    next();
  };
}

function toEntity(course: TestCourse, quizzes: readonly QuizDefinition[]): CourseEntity {
  return Object.assign(new CourseEntity(), {
    id: course._id,
    title: course.courseTitle ?? `Course ${course._id.slice(0, 4)}`,
    descriptionHtml: '',
    thumbnailUrl: course.courseThumbnail ?? '',
    price: course.coursePrice,
    discount: course.discount,
    educatorId: course.educatorId,
    educatorName: course.educatorName ?? 'Meera Iyer',
    isPublished: course.isPublished ?? true,
    ratingSum: 0,
    ratingCount: 0,
    studentCount: 0,
    ...(course.createdAt ? { createdAt: new Date(course.createdAt) } : {}),
    chapters: (course.courseContent ?? []).map((chapter) => toChapter(course._id, chapter, quizzes)),
  });
}

function toChapter(courseId: string, chapter: ChapterDto, quizzes: readonly QuizDefinition[]): ChapterEntity {
  const quizId = chapter.quiz?.quizId;
  const quiz = quizId === undefined ? null : quizzes.find((candidate) => candidate.quizId === quizId);
  if (quiz === undefined) throw new Error(`chapter ${chapter.chapterId} names quiz ${quizId}: pass its definition in quizzes`);
  return Object.assign(new ChapterEntity(), {
    id: chapter.chapterId,
    courseId,
    title: chapter.chapterTitle,
    chapterOrder: chapter.chapterOrder,
    quiz,
    lectures: chapter.chapterContent.map((lecture) =>
      Object.assign(new LectureEntity(), {
        id: lecture.lectureId,
        chapterId: chapter.chapterId,
        title: lecture.lectureTitle,
        durationMinutes: lecture.lectureDuration,
        url: lecture.lectureUrl ?? '',
        isPreviewFree: lecture.isPreviewFree,
        notesUrl: lecture.notesUrl,
        testUrl: lecture.testUrl,
        lectureOrder: lecture.lectureOrder,
      }),
    ),
  });
}
