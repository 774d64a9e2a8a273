import { courseIdSchema, parseVideoLink, priceAfterDiscount, quizInputSchema } from '@academy/contracts';
import { describe, expect, it } from '@jest/globals';
import { DEMO_EDUCATOR, DEMO_VIDEO_URL, demoCourses } from './demo-courses.js';

const lectures = demoCourses.flatMap((course) => course.chapters.flatMap((chapter) => chapter.lectures));

describe('demo catalogue', () => {
  it('has at least 16 courses for classes 7, 8 and 11, all by the demo educator', () => {
    expect(demoCourses.length).toBeGreaterThanOrEqual(16);
    for (const grade of ['Class 7', 'Class 8', 'Class 11']) {
      expect(demoCourses.some((course) => course.title.startsWith(grade))).toBe(true);
    }
    expect(new Set(demoCourses.map((course) => course.educatorId))).toEqual(new Set([DEMO_EDUCATOR.id]));
  });

  it.each(demoCourses.map((course) => [course.title, course] as const))('%s: 2-4 chapters of 2-4 lectures, ordered from 1', (_title, course) => {
    expect(course.chapters.length).toBeGreaterThanOrEqual(2);
    expect(course.chapters.length).toBeLessThanOrEqual(4);
    expect(course.chapters.map((chapter) => chapter.chapterOrder)).toEqual(course.chapters.map((_c, i) => i + 1));
    for (const chapter of course.chapters) {
      expect(chapter.lectures.length).toBeGreaterThanOrEqual(2);
      expect(chapter.lectures.length).toBeLessThanOrEqual(4);
      expect(chapter.lectures.map((lecture) => lecture.lectureOrder)).toEqual(chapter.lectures.map((_l, i) => i + 1));
    }
    expect(course.chapters.flatMap((c) => c.lectures).some((lecture) => lecture.isPreviewFree)).toBe(true);
    expect(course.descriptionHtml).toMatch(/^<p>/);
  });

  it('teaches some courses in Hindi (titled in Devanagari, with what it is for given) or Hinglish, the rest in English', () => {
    const hindi = demoCourses.filter((course) => course.language === 'hi');
    expect(hindi.map((course) => course.title)).toEqual(['कक्षा 8 हिंदी: व्याकरण और रचना']);
    expect(hindi[0]!.taxonomy).toEqual({ classFrom: 8, classTo: 8, subject: 'hindi', board: 'any' });
    expect(demoCourses.filter((course) => course.language === 'hinglish').length).toBeGreaterThanOrEqual(1);
    expect(demoCourses.filter((course) => course.language === 'en').length).toBeGreaterThan(demoCourses.length / 2);
  });

  it('uses unique, valid uuids everywhere', () => {
    const ids = [...demoCourses.map((c) => c.id), ...demoCourses.flatMap((c) => c.chapters.map((ch) => ch.id)), ...lectures.map((l) => l.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(courseIdSchema.safeParse(id).success).toBe(true);
  });

  it('has at least two free courses', () => {
    expect(demoCourses.filter((course) => priceAfterDiscount(course.price, course.discount) === 0).length).toBeGreaterThanOrEqual(2);
  });

  it('mixes YouTube watch links with the local mp4, and some lectures have no notes yet', () => {
    const sources = lectures.map((lecture) => parseVideoLink(lecture.url));
    expect(sources.every((source) => source !== null)).toBe(true);
    expect(sources.filter((source) => source?.kind === 'youtube').length).toBeGreaterThan(5);
    expect(lectures.filter((lecture) => lecture.url === DEMO_VIDEO_URL).length).toBeGreaterThan(5);
    expect(lectures.some((lecture) => lecture.notesUrl === null)).toBe(true);
    expect(lectures.filter((lecture) => lecture.notesUrl?.startsWith('/media/notes/')).length).toBeGreaterThan(10);
  });

  it.each(demoCourses.map((course) => [course.title, course] as const))('%s: a valid quiz of all three kinds', (_title, course) => {
    const quizzes = course.chapters.flatMap((chapter) => (chapter.quiz ? [chapter.quiz] : []));
    expect(quizzes).toHaveLength(1);
    const quiz = quizzes[0]!;
    expect(quizInputSchema.safeParse(quiz).error?.issues ?? []).toEqual([]);
    expect(new Set(quiz.questions.map((question) => question.kind))).toEqual(new Set(['single', 'multiple', 'numeric']));
    for (const id of [quiz.quizId, ...quiz.questions.map((question) => question.questionId)]) expect(courseIdSchema.safeParse(id).success).toBe(true);
  });
});
