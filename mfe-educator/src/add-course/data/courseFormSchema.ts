import { isYouTubeLink, newCourseSchema, newLectureSchema, YOUTUBE_ONLY_MESSAGE } from '@academy/contracts';
import { z } from 'zod';

// The add/edit course forms validate with the contract's schemas (the same rules the server applies). The form
// holds what was typed (strings), so an empty number field must be refused before the contract's coercion would
// read it as 0, and the lecture link is narrowed to YouTube as the product asks.

const typedNumber = <T extends z.ZodType<number, unknown>>(emptyMessage: string, rule: T) =>
  z
    .string()
    .trim()
    .min(1, emptyMessage)
    .transform((typed): unknown => typed)
    .pipe(rule);

export const lectureFormSchema = newLectureSchema.extend({
  lectureDuration: typedNumber('Enter the duration in minutes', newLectureSchema.shape.lectureDuration),
  lectureUrl: newLectureSchema.shape.lectureUrl.refine(isYouTubeLink, YOUTUBE_ONLY_MESSAGE),
});

export const courseFieldsSchema = newCourseSchema.pick({ courseTitle: true, courseDescription: true }).extend({
  coursePrice: typedNumber('Course Price is required', newCourseSchema.shape.coursePrice),
  discount: typedNumber('Discount is required', newCourseSchema.shape.discount),
});
