import { courseFieldsBaseSchema, isYouTubeLink, newLectureSchema, refineCoursePrice, YOUTUBE_ONLY_MESSAGE } from '@academy/contracts';
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

// The price limits (₹0 or ₹1 to ₹5,00,000 after discount) are the contract's rule too, shown under Course Price.
export const courseFieldsSchema = courseFieldsBaseSchema
  .pick({ courseTitle: true, courseDescription: true })
  .extend({
    coursePrice: typedNumber('Course Price is required', courseFieldsBaseSchema.shape.coursePrice),
    discount: typedNumber('Discount is required', courseFieldsBaseSchema.shape.discount),
  })
  .superRefine(refineCoursePrice);
