// A few demo classmates write reviews of courses they rated (the review's stars are their rating, unchanged), and
// the demo educator answers one, all through the public API as the pages do.
import type { CourseReviewsPage, EnrolledCourse } from '@academy/contracts';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import { classmatePlan, DEMO_COURSE_IDS } from './classmates-study.js';
import type { DemoActivityStep } from './types.js';

export const DEMO_EDUCATOR_EMAIL = 'meera@demo.academy';

const REVIEW_TEXTS = [
  'The examples are close to what we get in school tests, and the notes after each lecture helped me revise.',
  'Clear explanations. A few lectures go quickly, so I watched them twice, but the pace is fine after that.',
  'Good course. I liked the practice questions at the end of each chapter most.',
];
export const DEMO_REPLY = 'Thank you for the kind words! More practice questions are coming in the next chapter.';

/** Every other classmate who rated a course reviews it: a handful of reviews per course, not one per rating. */
export function classmateReviews(classmateIndex: number, courseIndex: number, lectureCount: number) {
  const plan = classmatePlan(classmateIndex, courseIndex, lectureCount);
  if (plan.rating === undefined || classmateIndex % 2 !== 0) return undefined;
  return { rating: plan.rating, text: REVIEW_TEXTS[(classmateIndex + courseIndex) % REVIEW_TEXTS.length]! };
}

export const classmatesReview: DemoActivityStep = {
  name: 'classmates review courses they rated, the educator replies to one',
  async run({ signIn, log }) {
    let written = 0;
    let firstReviewed: string | undefined;
    for (const [classmateIndex, { email }] of DEMO_CLASSMATES.entries()) {
      const api = await signIn(email);
      const { enrolledCourses } = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/user/enrolled-courses');
      for (const [courseIndex, courseId] of DEMO_COURSE_IDS.entries()) {
        const course = enrolledCourses.find((candidate) => candidate._id === courseId);
        if (!course) continue;
        const lectureCount = course.courseContent.reduce((sum, chapter) => sum + chapter.chapterContent.length, 0);
        const review = classmateReviews(classmateIndex, courseIndex, lectureCount);
        if (!review) continue;
        // Writing again replaces the text with the same text: safe on every start.
        await api.put(`/reviews/course/${courseId}/mine`, review);
        written += 1;
        firstReviewed ??= courseId;
      }
    }
    log(`${written} classmate ${written === 1 ? 'review' : 'reviews'}`);
    if (!firstReviewed) return;
    const educator = await signIn(DEMO_EDUCATOR_EMAIL);
    const { reviews } = await educator.get<CourseReviewsPage>(`/reviews/course/${firstReviewed}?sort=newest`);
    if (reviews.length === 0 || reviews.some((review) => review.reply !== null)) return;
    await educator.post(`/reviews/${reviews[reviews.length - 1]!._id}/reply`, { text: DEMO_REPLY });
    log('Meera Iyer replied to a review');
  },
};
