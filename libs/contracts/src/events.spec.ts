import { courseEnrolledEventSchema, courseRatedEventSchema, CATALOGUE_EVENTS_QUEUE, CatalogueEvent } from './events.js';

describe('catalogue events', () => {
  it('names the queue and jobs the services agree on', () => {
    expect(CATALOGUE_EVENTS_QUEUE).toBe('catalogue-events');
    expect(CatalogueEvent).toEqual({ CourseEnrolled: 'course.enrolled', CourseRated: 'course.rated', CourseUnenrolled: 'course.unenrolled' });
  });

  it('validates payloads', () => {
    const courseId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(courseEnrolledEventSchema.safeParse({ eventId: 'e1', courseId, userId: 'u', purchaseId: 'p' }).success).toBe(true);
    expect(courseRatedEventSchema.safeParse({ eventId: 'e1', courseId, userId: 'u', rating: 6, previousRating: null }).success).toBe(false);
    expect(courseRatedEventSchema.safeParse({ eventId: 'e1', courseId, userId: 'u', rating: 5, previousRating: 2 }).success).toBe(true);
  });
});
