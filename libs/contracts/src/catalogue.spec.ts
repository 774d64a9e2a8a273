import { describe, expect, it } from '@jest/globals';
import { newCourseSchema } from './catalogue.js';

const lecture = { lectureTitle: 'Intro', lectureDuration: 10, lectureUrl: 'https://youtu.be/abcdefghijk', isPreviewFree: true };
const valid = { courseTitle: 'Algebra', courseDescription: '<p>x</p>', coursePrice: 499.5, discount: 10, courseContent: [{ chapterTitle: 'One', chapterContent: [lecture] }] };

describe('newCourseSchema', () => {
  it.each([
    ['a full course', valid],
    ['price and discount as strings (form fields)', { ...valid, coursePrice: '499.50', discount: '10' }],
    ['a free course with no chapters', { courseTitle: 'Free', coursePrice: 0, discount: 0 }],
    ['an mp4 lecture on this site', { ...valid, courseContent: [{ chapterTitle: 'One', chapterContent: [{ ...lecture, lectureUrl: '/media/lectures/a.mp4' }] }] }],
  ])('accepts %s', (_name, input) => {
    expect(newCourseSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    ['an empty title', { ...valid, courseTitle: '  ' }, 'Course Title is required'],
    ['a negative price', { ...valid, coursePrice: -1 }, 'Course Price cannot be negative'],
    ['a price with 3 decimals', { ...valid, coursePrice: 1.005 }, 'Course Price has at most 2 decimals'],
    ['a non-numeric price', { ...valid, coursePrice: 'abc' }, 'Course Price must be a number'],
    ['discount above 100', { ...valid, discount: 101 }, 'Discount must be between 0 and 100'],
    ['a fractional discount', { ...valid, discount: 12.5 }, 'Discount must be a whole number'],
    ['a YouTube link with a bad id', { ...valid, courseContent: [{ chapterTitle: 'One', chapterContent: [{ ...lecture, lectureUrl: 'https://youtu.be/short' }] }] }, 'Lecture URL must be a valid video link'],
    ['a javascript: lecture link', { ...valid, courseContent: [{ chapterTitle: 'One', chapterContent: [{ ...lecture, lectureUrl: 'javascript:alert(1)' }] }] }, 'Lecture URL must be a valid video link'],
    ['a javascript: notes link', { ...valid, courseContent: [{ chapterTitle: 'One', chapterContent: [{ ...lecture, notesUrl: 'javascript:x' }] }] }, 'Enter a link starting with https:// (or a path on this site)'],
    ['an empty chapter title', { ...valid, courseContent: [{ chapterTitle: '', chapterContent: [] }] }, 'Chapter title is required'],
  ])('rejects %s', (_name, input, message) => {
    const result = newCourseSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('turns empty optional links into null and defaults isPreviewFree to false', () => {
    const parsed = newCourseSchema.parse({ ...valid, courseContent: [{ chapterTitle: 'One', chapterContent: [{ ...lecture, isPreviewFree: undefined, notesUrl: '' }] }] });
    expect(parsed.courseContent[0]!.chapterContent[0]).toMatchObject({ isPreviewFree: false, notesUrl: null, testUrl: null });
  });
});
