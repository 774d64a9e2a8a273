import { describe, expect, it } from '@jest/globals';
import { demoCourses } from '../seed/demo-courses.js';
import { taxonomyFromTitle } from './taxonomy-from-title.js';

describe('taxonomyFromTitle', () => {
  it.each([
    ['Class 7 Maths: Fractions and Decimals', { classFrom: 7, classTo: 7, subject: 'mathematics', board: 'any' }],
    ['Class 8 Science: Cells and Microorganisms', { classFrom: 8, classTo: 8, subject: 'science', board: 'any' }],
    ['Class 8 Computer Science: Coding with Scratch', { classFrom: 8, classTo: 8, subject: 'computer-science', board: 'any' }],
    ['Class 7 History: Medieval India', { classFrom: 7, classTo: 7, subject: 'social-science', board: 'any' }],
    ['Class 11 Economics: Statistics for Economics', { classFrom: 11, classTo: 11, subject: 'economics', board: 'any' }],
    ['Class 11-12 Physics for CBSE', { classFrom: 11, classTo: 12, subject: 'physics', board: 'cbse' }],
    ['Class 12-11 Biology', { classFrom: 7, classTo: 12, subject: 'biology', board: 'any' }],
    ['100% Attendance Habits', { classFrom: 7, classTo: 12, subject: 'other', board: 'any' }],
    ['Class 5 Maths', { classFrom: 7, classTo: 12, subject: 'mathematics', board: 'any' }],
  ])('%p', (title, taxonomy) => expect(taxonomyFromTitle(title)).toEqual(taxonomy));

  it('gives every demo course a single class and a known subject (its own, when its title is not in English)', () => {
    for (const course of demoCourses) {
      const taxonomy = course.taxonomy ?? taxonomyFromTitle(course.title);
      expect(taxonomy.classFrom).toBe(taxonomy.classTo);
      expect(taxonomy.subject).not.toBe('other');
    }
  });
});
