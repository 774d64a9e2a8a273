import { averageFromTotals, quizOverview, type AuthoredChapterDto, type ChapterDto, type CourseDetail, type CourseSummary, type EducatorCourseListing, type InternalCourse } from '@academy/contracts';
import { lectureLinksFor, publicUserId, type LectureLinkAudience as EntitledAudience } from '@academy/service-core';
import type { ChapterEntity, CourseEntity } from './course.entity.js';

/** Lecture links for the public, for one entitled user (signed), or as stored (`stored`: internal callers only). */
export type LectureLinkAudience = EntitledAudience | 'stored';

export function toCourseSummary(course: CourseEntity): CourseSummary {
  return {
    _id: course.id,
    courseTitle: course.title,
    courseThumbnail: course.thumbnailUrl,
    coursePrice: course.price,
    discount: course.discount,
    educator: { _id: publicUserId(course.educatorId), name: course.educatorName },
    averageRating: averageFromTotals(course.ratingSum, course.ratingCount),
    ratingCount: course.ratingCount,
    studentCount: course.studentCount,
    createdAt: course.createdAt.toISOString(),
    classFrom: course.classFrom,
    classTo: course.classTo,
    subject: course.subject,
    board: course.board,
    language: course.language,
  };
}

/** Chapters and lectures in order, with the lecture links `audience` may have. */
export function toChapters(chapters: readonly ChapterEntity[], audience: LectureLinkAudience): ChapterDto[] {
  const stored = storedChapters(chapters);
  return audience === 'stored' ? stored : lectureLinksFor(stored, audience);
}

function storedChapters(chapters: readonly ChapterEntity[]): ChapterDto[] {
  return [...chapters]
    .sort((a, b) => a.chapterOrder - b.chapterOrder)
    .map((chapter) => ({
      chapterId: chapter.id,
      chapterOrder: chapter.chapterOrder,
      chapterTitle: chapter.title,
      quiz: chapter.quiz ? quizOverview(chapter.quiz) : null,
      chapterContent: [...chapter.lectures]
        .sort((a, b) => a.lectureOrder - b.lectureOrder)
        .map((lecture) => ({
          lectureId: lecture.id,
          lectureOrder: lecture.lectureOrder,
          lectureTitle: lecture.title,
          lectureDuration: lecture.durationMinutes,
          lectureUrl: lecture.url,
          isPreviewFree: lecture.isPreviewFree,
          notesUrl: lecture.notesUrl,
          testUrl: lecture.testUrl,
        })),
    }));
}

export function toCourseDetail(course: CourseEntity): CourseDetail {
  return {
    ...toCourseSummary(course),
    courseDescription: course.descriptionHtml,
    courseContent: toChapters(course.chapters, 'public'),
  };
}

export function toInternalCourse(course: CourseEntity): InternalCourse {
  return {
    _id: course.id,
    courseTitle: course.title,
    courseThumbnail: course.thumbnailUrl,
    coursePrice: course.price,
    discount: course.discount,
    educatorId: course.educatorId,
    educatorName: course.educatorName,
    isPublished: course.isPublished,
    createdAt: course.createdAt.toISOString(),
    courseContent: toChapters(course.chapters, 'stored'),
  };
}

/** One row of My Courses; `earnings` (rupees) is commerce's ledger total for the course. */
export function toEducatorCourse(course: CourseEntity): EducatorCourseListing {
  return {
    ...toCourseSummary(course),
    isPublished: course.isPublished,
    isDraft: course.isDraft,
  };
}

/** The owner's chapters for the edit form: each quiz in full, the key included. */
export function toAuthoredChapters(chapters: readonly ChapterEntity[], audience: LectureLinkAudience): AuthoredChapterDto[] {
  const quizzes = new Map(chapters.map((chapter) => [chapter.id, chapter.quiz]));
  return toChapters(chapters, audience).map((chapter) => ({ ...chapter, quiz: quizzes.get(chapter.chapterId) ?? null }));
}
