import { describe, expect, it } from '@jest/globals';
import { courseUpdateSchema, firstNonYouTubeLecture } from './catalogue.js';

const yt = 'https://youtu.be/abcdefghijk';

describe('firstNonYouTubeLecture', () => {
  it.each([
    [[], null],
    [[{ chapterContent: [{ lectureUrl: yt }, { lectureUrl: 'https://www.youtube.com/watch?v=bcdefghijkl' }] }], null],
    [[{ chapterContent: [{ lectureUrl: yt }] }, { chapterContent: [{ lectureUrl: yt }, { lectureUrl: '/media/lectures/a.mp4' }] }], 'courseContent.1.chapterContent.1.lectureUrl: lecture URL must be a YouTube link'],
    [[{ chapterContent: [{ lectureUrl: 'https://vimeo.com/1' }] }], 'courseContent.0.chapterContent.0.lectureUrl: lecture URL must be a YouTube link'],
  ])('%j → %j', (content, expected) => {
    expect(firstNonYouTubeLecture(content)).toBe(expected);
  });

  it('lets an edit keep an existing link', () => {
    const content = [{ chapterContent: [{ lectureId: 'kept', lectureUrl: '/media/lectures/a.mp4' }] }];
    expect(firstNonYouTubeLecture(content, (lecture) => lecture.lectureId === 'kept')).toBeNull();
  });
});

describe('courseUpdateSchema', () => {
  it('keeps chapter and lecture ids and drops unknown fields', () => {
    const parsed = courseUpdateSchema.parse({
      courseTitle: 'T', coursePrice: 1, discount: 0, studentCount: 5,
      courseContent: [{ chapterId: 'c1', chapterTitle: 'C', chapterContent: [{ lectureId: 'l1', lectureTitle: 'L', lectureDuration: 1, lectureUrl: yt }] }],
    });
    expect(parsed).not.toHaveProperty('studentCount');
    expect(parsed.courseContent[0]).toMatchObject({ chapterId: 'c1', chapterContent: [{ lectureId: 'l1' }] });
  });
});
