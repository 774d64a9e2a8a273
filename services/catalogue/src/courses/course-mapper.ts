import { averageFromTotals, courseEarnings, type ChapterDto, type CourseDetail, type CourseSummary, type EducatorCourse, type InternalCourse } from '@academy/contracts';
import type { ChapterEntity, CourseEntity } from './course.entity.js';

export function toCourseSummary(course: CourseEntity): CourseSummary {
  return {
    _id: course.id,
    courseTitle: course.title,
    courseThumbnail: course.thumbnailUrl,
    coursePrice: course.price,
    discount: course.discount,
    educator: { name: course.educatorName },
    averageRating: averageFromTotals(course.ratingSum, course.ratingCount),
    ratingCount: course.ratingCount,
    studentCount: course.studentCount,
    createdAt: course.createdAt.toISOString(),
  };
}

/** Chapters and lectures in order; `withAllUrls` only for enrolled learners and internal callers. */
export function toChapters(chapters: readonly ChapterEntity[], withAllUrls: boolean): ChapterDto[] {
  return [...chapters]
    .sort((a, b) => a.chapterOrder - b.chapterOrder)
    .map((chapter) => ({
      chapterId: chapter.id,
      chapterOrder: chapter.chapterOrder,
      chapterTitle: chapter.title,
      chapterContent: [...chapter.lectures]
        .sort((a, b) => a.lectureOrder - b.lectureOrder)
        .map((lecture) => ({
          lectureId: lecture.id,
          lectureOrder: lecture.lectureOrder,
          lectureTitle: lecture.title,
          lectureDuration: lecture.durationMinutes,
          // A paid lecture's URL never leaves through the public route.
          lectureUrl: withAllUrls || lecture.isPreviewFree ? lecture.url : null,
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
    courseContent: toChapters(course.chapters, false),
    // Owned by progress (enrolments, ratings); filled in when that issue lands.
    myRating: null,
    isEnrolled: null,
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
    courseContent: toChapters(course.chapters, true),
  };
}

export function toEducatorCourse(course: CourseEntity): EducatorCourse {
  return {
    ...toCourseSummary(course),
    earnings: courseEarnings(course.studentCount, course.price, course.discount),
    isPublished: course.isPublished,
  };
}
