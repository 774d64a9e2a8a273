import type { DataSource, EntityManager } from 'typeorm';
import { sanitizeCourseDescription } from '../courses/sanitize-course-description.js';
import { demoCourses, type DemoCourse } from './demo-courses.js';
import { taxonomyFromTitle } from '../courses/taxonomy-from-title.js';

export interface SeedReport {
  courses: number;
  chapters: number;
  lectures: number;
  quizzes: number;
}

async function upsertCourse(manager: EntityManager, course: DemoCourse): Promise<void> {
  // What the course is for (from its title unless the seed says) and its language are set on first insert; an
  // educator's later choice is kept.
  const taxonomy = course.taxonomy ?? taxonomyFromTitle(course.title);
  // Counters start at zero and belong to progress's events: every figure comes from a real enrolment or rating.
  await manager.query(
    `INSERT INTO catalogue.courses
       (id, title, description_html, thumbnail_url, price, discount, educator_id, educator_name, is_published,
        rating_sum, rating_count, student_count, created_at, updated_at, class_from, class_to, subject, board, language)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, 0, 0, $10, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (id) DO UPDATE SET
       title = EXCLUDED.title, description_html = EXCLUDED.description_html, thumbnail_url = EXCLUDED.thumbnail_url,
       price = EXCLUDED.price, discount = EXCLUDED.discount, educator_id = EXCLUDED.educator_id,
       educator_name = EXCLUDED.educator_name, is_published = EXCLUDED.is_published, updated_at = now()
     WHERE (courses.title, courses.description_html, courses.thumbnail_url, courses.price, courses.discount,
            courses.educator_id, courses.educator_name, courses.is_published)
       IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description_html, EXCLUDED.thumbnail_url, EXCLUDED.price,
            EXCLUDED.discount, EXCLUDED.educator_id, EXCLUDED.educator_name, EXCLUDED.is_published)`,
    [course.id, course.title, sanitizeCourseDescription(course.descriptionHtml), course.thumbnailUrl, course.price,
      course.discount, course.educatorId, course.educatorName, course.isPublished, course.createdAt,
      taxonomy.classFrom, taxonomy.classTo, taxonomy.subject, taxonomy.board, course.language],
  );
  const chapterIds = course.chapters.map((chapter) => chapter.id);
  await manager.query(`DELETE FROM catalogue.chapters WHERE course_id = $1 AND NOT (id = ANY($2::uuid[]))`, [course.id, chapterIds]);
  for (const chapter of course.chapters) {
    await manager.query(
      // A quiz is added when the chapter has none; one an educator has edited since (a later version) is kept.
      `INSERT INTO catalogue.chapters (id, course_id, title, chapter_order, quiz) VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, chapter_order = EXCLUDED.chapter_order,
         quiz = COALESCE(chapters.quiz, EXCLUDED.quiz)`,
      [chapter.id, course.id, chapter.title, chapter.chapterOrder, chapter.quiz ? JSON.stringify(chapter.quiz) : null],
    );
    const lectureIds = chapter.lectures.map((lecture) => lecture.id);
    await manager.query(`DELETE FROM catalogue.lectures WHERE chapter_id = $1 AND NOT (id = ANY($2::uuid[]))`, [chapter.id, lectureIds]);
    for (const lecture of chapter.lectures) {
      await manager.query(
        `INSERT INTO catalogue.lectures
           (id, chapter_id, title, duration_minutes, url, is_preview_free, notes_url, test_url, lecture_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, duration_minutes = EXCLUDED.duration_minutes,
           url = EXCLUDED.url, is_preview_free = EXCLUDED.is_preview_free, notes_url = EXCLUDED.notes_url,
           test_url = EXCLUDED.test_url, lecture_order = EXCLUDED.lecture_order`,
        [lecture.id, chapter.id, lecture.title, lecture.durationMinutes, lecture.url, lecture.isPreviewFree,
          lecture.notesUrl, lecture.testUrl, lecture.lectureOrder],
      );
    }
  }
}

/** Idempotent: fixed ids, upserts, and demo chapters/lectures no longer in the list are removed. */
export async function seedDemoCatalogue(dataSource: DataSource, courses: readonly DemoCourse[] = demoCourses): Promise<SeedReport> {
  await dataSource.transaction(async (manager) => {
    for (const course of courses) await upsertCourse(manager, course);
  });
  return {
    courses: courses.length,
    chapters: courses.reduce((sum, course) => sum + course.chapters.length, 0),
    lectures: courses.reduce((sum, course) => sum + course.chapters.reduce((n, chapter) => n + chapter.lectures.length, 0), 0),
    quizzes: courses.reduce((sum, course) => sum + course.chapters.filter((chapter) => chapter.quiz).length, 0),
  };
}
