import { describe, expect, it } from '@jest/globals';
import { CHECKLIST_MESSAGES, courseChecklist, courseDraftContentSchema, courseUpdateOfDraft } from './course-drafts.js';
import { courseUpdateSchema } from './catalogue.js';

const complete = courseDraftContentSchema.parse({
  fields: {
    courseTitle: 'Class 9 Geometry',
    courseDescription: '<p>Triangles</p>',
    coursePrice: '799',
    discount: '10',
    classFrom: '9',
    classTo: '9',
    subject: 'mathematics',
    board: 'cbse',
  },
  courseContent: [{ chapterTitle: 'Congruence', chapterContent: [{ lectureTitle: 'SSS', lectureDuration: 12, lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: '', testUrl: '' }] }],
});
const ready = { hasThumbnail: true, isVideoReady: () => true };
const fields = (items: { field: string }[]) => items.map((item) => item.field);

describe('the publish checklist', () => {
  it('is empty for a complete draft, whose content then reads as the update payload', () => {
    expect(courseChecklist(complete, ready)).toEqual([]);
    expect(courseUpdateSchema.safeParse(courseUpdateOfDraft(complete)).success).toBe(true);
  });

  it("carries the course's language from the draft to the payload (none when the draft has none: the course is then English); an unknown one is refused", () => {
    expect(courseUpdateSchema.parse(courseUpdateOfDraft(complete)).language).toBeUndefined();
    const hindi = { ...complete, fields: { ...complete.fields, language: 'hi' } };
    expect(courseUpdateSchema.parse(courseUpdateOfDraft(hindi)).language).toBe('hi');
    const unknown = { ...complete, fields: { ...complete.fields, language: 'fr' } };
    expect(courseUpdateSchema.safeParse(courseUpdateOfDraft(unknown)).error?.issues[0]).toMatchObject({ path: ['language'], message: 'Choose Hindi, English or Hinglish' });
  });

  it('asks for everything, in the order of the form, when nothing is there', () => {
    const empty = courseDraftContentSchema.parse({ fields: {} });
    expect(courseChecklist(empty, { hasThumbnail: false, isVideoReady: () => true })).toEqual(
      (['courseTitle', 'courseDescription', 'courseThumbnail', 'coursePrice', 'discount', 'audience', 'courseContent'] as const).map((field) => ({
        field,
        message: CHECKLIST_MESSAGES[field],
      })),
    );
  });

  it('counts markup without text as no description, and a chapter without lectures as no content', () => {
    const draft = { ...complete, fields: { ...complete.fields, courseDescription: '<p> &nbsp;</p>' }, courseContent: [{ ...complete.courseContent[0]!, chapterContent: [] }] };
    expect(fields(courseChecklist(draft, ready))).toEqual(['courseDescription', 'courseContent']);
  });

  it('names a price that cannot be charged, a discount out of range and a class range upside down', () => {
    const draft = { ...complete, fields: { ...complete.fields, coursePrice: '-1', discount: '101', classFrom: '12', classTo: '9' } };
    expect(fields(courseChecklist(draft, ready))).toEqual(['coursePrice', 'discount', 'audience']);
  });

  it('waits for every uploaded video to be Ready', () => {
    const videoId = '3f2a6c1e-1111-4222-8333-444455556666';
    const draft = { ...complete, courseContent: [{ ...complete.courseContent[0]!, chapterContent: [{ ...complete.courseContent[0]!.chapterContent[0]!, lectureUrl: `/api/videos/${videoId}/master.m3u8` }] }] };
    expect(courseChecklist(draft, { hasThumbnail: true, isVideoReady: (id) => id !== videoId })).toEqual([{ field: 'videos', message: CHECKLIST_MESSAGES.videos }]);
    expect(courseChecklist(draft, ready)).toEqual([]);
  });
});
