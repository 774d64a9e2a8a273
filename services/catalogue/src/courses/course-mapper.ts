import { averageFromTotals, courseEarnings, type ChapterDto, type CourseDetail, type CourseSummary, type EducatorCourse, type InternalCourse } from '@academy/contracts';
import { isProtectedFile, type MediaLinks } from '@academy/service-core';
import type { ChapterEntity, CourseEntity } from '../database/entities.js';

/**
 * Who a course's lecture links are for: `public` (anyone: preview lectures' outside and /media/ links only),
 * `stored` (internal callers: the links as stored, protected files unsigned), or a signer for one entitled user.
 */
export type LectureLinkAudience = 'public' | 'stored' | { links: MediaLinks; userId: string };

function lectureLink(url: string | null, isPreviewFree: boolean, audience: LectureLinkAudience): string | null {
  if (audience === 'stored') return url;
  if (audience === 'public') return isPreviewFree && !isProtectedFile(url) ? url : null;
  return audience.links.sign(url, audience.userId);
}

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

/** Chapters and lectures in order, with the lecture links `audience` may have. */
export function toChapters(chapters: readonly ChapterEntity[], audience: LectureLinkAudience): ChapterDto[] {
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
          // A paid lecture's video, notes and test never leave through the public route.
          lectureUrl: lectureLink(lecture.url, lecture.isPreviewFree, audience),
          isPreviewFree: lecture.isPreviewFree,
          notesUrl: lectureLink(lecture.notesUrl, lecture.isPreviewFree, audience),
          testUrl: lectureLink(lecture.testUrl, lecture.isPreviewFree, audience),
        })),
    }));
}

export function toCourseDetail(course: CourseEntity): CourseDetail {
  return {
    ...toCourseSummary(course),
    courseDescription: course.descriptionHtml,
    courseContent: toChapters(course.chapters, 'public'),
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
    courseContent: toChapters(course.chapters, 'stored'),
  };
}

export function toEducatorCourse(course: CourseEntity): EducatorCourse {
  return {
    ...toCourseSummary(course),
    earnings: courseEarnings(course.studentCount, course.price, course.discount),
    isPublished: course.isPublished,
  };
}
