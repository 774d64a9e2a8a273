import type { CourseUpdate, EducatorCourseDetail } from '@academy/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, Repository } from 'typeorm';
import { CourseCache } from '../courses/course-cache.js';
import { toChapters } from '../courses/course-mapper.js';
import { sanitizeCourseDescription } from '../courses/sanitize-course-description.js';
import { ChapterEntity, CourseEntity, LectureEntity } from '../database/entities.js';

export function toEducatorCourseDetail(course: CourseEntity): EducatorCourseDetail {
  return {
    _id: course.id,
    courseTitle: course.title,
    courseDescription: course.descriptionHtml,
    courseThumbnail: course.thumbnailUrl,
    coursePrice: course.price,
    discount: course.discount,
    isPublished: course.isPublished,
    createdAt: course.createdAt.toISOString(),
    courseContent: toChapters(course.chapters, true),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Authoring of an educator's own courses. Someone else's course is answered like a missing one (404). */
@Injectable()
export class EducatorCoursesService {
  constructor(
    @InjectRepository(CourseEntity) private readonly courses: Repository<CourseEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cache: CourseCache,
  ) {}

  async findOwned(courseId: string, educatorId: string): Promise<CourseEntity> {
    const course = UUID.test(courseId)
      ? await this.courses.findOne({
          where: { id: courseId, educatorId },
          relations: { chapters: { lectures: true } },
          order: { chapters: { chapterOrder: 'ASC', lectures: { lectureOrder: 'ASC' } } },
        })
      : null;
    if (!course) throw new NotFoundException('Course not found');
    return course;
  }

  /**
   * Replaces title, description (sanitised), price, discount, content and, when given, the thumbnail. Chapters and
   * lectures keep their ids when the client sends back an id this course already had; orders follow array positions.
   */
  async update(courseId: string, educatorId: string, input: CourseUpdate, thumbnailUrl: string | null): Promise<CourseEntity> {
    if (!UUID.test(courseId)) throw new NotFoundException('Course not found');
    const updated = await this.dataSource.transaction(async (manager) => {
      // Row lock: two saves of the same course run one after the other instead of interleaving delete and insert.
      await manager.query(`SELECT id FROM catalogue.courses WHERE id = $1 FOR UPDATE`, [courseId]);
      const course = await manager.findOne(CourseEntity, {
        where: { id: courseId, educatorId },
        relations: { chapters: { lectures: true } },
      });
      if (!course) throw new NotFoundException('Course not found');
      const chapterIds = new Set(course.chapters.map((chapter) => chapter.id));
      const lectureIds = new Set(course.chapters.flatMap((chapter) => chapter.lectures.map((lecture) => lecture.id)));
      const used = new Set<string>();
      const keep = (id: string | undefined, known: Set<string>): string => {
        if (id && known.has(id) && !used.has(id)) {
          used.add(id);
          return id;
        }
        return randomUUID();
      };

      await manager.delete(ChapterEntity, { courseId }); // lectures go with them (ON DELETE CASCADE)
      await manager.update(CourseEntity, { id: courseId }, {
        title: input.courseTitle,
        descriptionHtml: sanitizeCourseDescription(input.courseDescription),
        price: input.coursePrice,
        discount: input.discount,
        ...(thumbnailUrl ? { thumbnailUrl } : {}),
      });
      const chapters = input.courseContent.map((chapter, chapterIndex) => {
        const chapterId = keep(chapter.chapterId, chapterIds);
        return manager.create(ChapterEntity, {
          id: chapterId,
          courseId,
          title: chapter.chapterTitle,
          chapterOrder: chapterIndex + 1,
          lectures: chapter.chapterContent.map((lecture, lectureIndex) =>
            manager.create(LectureEntity, {
              id: keep(lecture.lectureId, lectureIds),
              chapterId,
              title: lecture.lectureTitle,
              durationMinutes: lecture.lectureDuration,
              url: lecture.lectureUrl,
              isPreviewFree: lecture.isPreviewFree,
              notesUrl: lecture.notesUrl,
              testUrl: lecture.testUrl,
              lectureOrder: lectureIndex + 1,
            }),
          ),
        });
      });
      await manager.save(ChapterEntity, chapters);
      return course;
    });
    await this.cache.invalidate();
    return updated;
  }

  async setPublished(courseId: string, educatorId: string, isPublished: boolean): Promise<void> {
    if (!UUID.test(courseId)) throw new NotFoundException('Course not found');
    const result = await this.courses.update({ id: courseId, educatorId }, { isPublished });
    if (!result.affected) throw new NotFoundException('Course not found');
    await this.cache.invalidate();
  }
}
