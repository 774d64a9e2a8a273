import { courseEnrolledEventSchema, courseRatedEventSchema, CATALOGUE_EVENTS_QUEUE, CatalogueEvent, liveClassRecordedEventSchema, parentLinkEventSchema } from './events.js';

describe('catalogue events', () => {
  it('names the queue and jobs the services agree on', () => {
    expect(CATALOGUE_EVENTS_QUEUE).toBe('catalogue-events');
    expect(CatalogueEvent).toEqual({
      CourseEnrolled: 'course.enrolled',
      CourseRated: 'course.rated',
      CourseUnenrolled: 'course.unenrolled',
      CourseEnrolmentSnapshot: 'course.enrolment_snapshot',
      ParentLinked: 'parent.linked',
      ParentUnlinked: 'parent.unlinked',
    });
  });

  it('validates payloads', () => {
    const courseId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(courseEnrolledEventSchema.safeParse({ eventId: 'e1', courseId, userId: 'u', purchaseId: 'p' }).success).toBe(true);
    expect(courseRatedEventSchema.safeParse({ eventId: 'e1', courseId, userId: 'u', rating: 6, previousRating: null }).success).toBe(false);
    expect(courseRatedEventSchema.safeParse({ eventId: 'e1', courseId, userId: 'u', rating: 5, previousRating: 2 }).success).toBe(true);
    expect(parentLinkEventSchema.safeParse({ eventId: 'e1', parentId: 'p', childId: 'c', linkedAt: '2026-11-26T10:00:00.123456Z' }).success).toBe(true);
    expect(parentLinkEventSchema.safeParse({ eventId: 'e1', parentId: 'p', childId: 'c', linkedAt: 'yesterday' }).success).toBe(false);
    expect(liveClassRecordedEventSchema.safeParse({ eventId: 'e1', classId: courseId, lectureId: courseId }).success).toBe(true);
    expect(liveClassRecordedEventSchema.safeParse({ eventId: 'e1', classId: courseId, lectureId: 'lecture-1' }).success).toBe(false);
  });
});
