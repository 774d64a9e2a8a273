import { describe, expect, it } from '@jest/globals';
import { courseUpdateSchema, firstNonYouTubeLecture, newCourseSchema } from './catalogue.js';

const yt = 'https://youtu.be/abcdefghijk';

describe('firstNonYouTubeLecture', () => {
  it.each([
    [[], null],
    [[{ chapterContent: [{ lectureUrl: yt }, { lectureUrl: 'https://www.youtube.com/watch?v=bcdefghijkl' }] }], null],
    [[{ chapterContent: [{ lectureUrl: yt }] }, { chapterContent: [{ lectureUrl: yt }, { lectureUrl: '/media/lectures/a.mp4' }] }], 'courseContent.1.chapterContent.1.lectureUrl: Lecture URL must be a YouTube link or a video uploaded here'],
    [[{ chapterContent: [{ lectureUrl: 'https://vimeo.com/1' }] }], 'courseContent.0.chapterContent.0.lectureUrl: Lecture URL must be a YouTube link or a video uploaded here'],
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

describe('price limits at authoring (the amount learners would pay)', () => {
  const issues = (coursePrice: number, discount: number) => {
    const result = newCourseSchema.safeParse({ courseTitle: 'T', coursePrice, discount });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it.each([
    [0, 0],
    [1, 0],
    [2, 50],
    [500, 100], // free after a 100% discount
    [500_000, 0],
    [1_000_000, 50],
  ])('accepts ₹%d with %d%% off', (price, discount) => {
    expect(issues(price, discount)).toEqual([]);
  });

  it('refuses a payable amount between ₹0 and ₹1, or above ₹5,00,000, on Course Price, naming the discount', () => {
    expect(issues(0.5, 0)).toEqual(['coursePrice: The price after discount must be ₹0 (free) or at least ₹1']);
    expect(issues(1.5, 50)).toEqual(['coursePrice: The price after discount must be ₹0 (free) or at least ₹1 (₹0.75 after the 50% discount)']);
    expect(issues(500_000.01, 0)).toEqual(['coursePrice: The price after discount may not exceed ₹5,00,000']);
    expect(issues(1_200_000, 50)).toEqual(['coursePrice: The price after discount may not exceed ₹5,00,000 (₹6,00,000.00 after the 50% discount)']);
  });

  it('applies to edits too', () => {
    const result = courseUpdateSchema.safeParse({ courseTitle: 'T', coursePrice: 0.2, discount: 0, courseContent: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['coursePrice'] });
  });
});
