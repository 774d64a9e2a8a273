// The demo classmates buy, study and rate the demo courses, so each course's students, ratings, earnings and
// progress are backed by real purchases, enrolments and ratings, and agree on every page that shows them.
import { demoCourses } from '@academy/catalogue/demo-courses';
import type { EnrolledCourse } from '@academy/contracts';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import type { DemoActivityStep } from './types.js';

export const DEMO_CLASSMATE_NAMES = DEMO_CLASSMATES.map((classmate) => classmate.name);
export const DEMO_CLASSMATE_EMAILS = DEMO_CLASSMATES.map((classmate) => classmate.email);

/** The seed's published courses, in the seed's order: what the classmates study (never courses added later). */
export const DEMO_COURSE_IDS = demoCourses.filter((course) => course.isPublished).map((course) => course.id);

/**
 * A fixed, varied pattern: which demo courses classmate `i` takes (a quarter of them, so each stays well inside
 * the payment rate limit), how far they get and what they rate.
 */
export function classmatePlan(classmateIndex: number, courseIndex: number, lectureCount: number) {
  const buys = (classmateIndex * 3 + courseIndex) % 4 === 0;
  const lecturesDone = (classmateIndex * 7 + courseIndex * 3) % (lectureCount + 1);
  const rating = buys && lecturesDone > 0 && (classmateIndex + courseIndex) % 2 === 0 ? 3 + ((classmateIndex + courseIndex * 2) % 3) : undefined;
  return { buys, lecturesDone, rating };
}

export const classmatesStudy: DemoActivityStep = {
  name: 'classmates buy, study and rate the demo courses',
  async run({ signIn, log }) {
    // Classmates act at the same time, as a class would; each one's own steps stay in order.
    await Promise.all(
      DEMO_CLASSMATES.map(async ({ email }, classmateIndex) => {
        const api = await signIn(email);
        const { enrolledCourses } = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/user/enrolled-courses');
        const enrolled = new Set(enrolledCourses.map((course) => course._id));
        let bought = 0;
        for (const [courseIndex, courseId] of DEMO_COURSE_IDS.entries()) {
          const courseData = await api.courseOrNothing(courseId);
          if (!courseData) continue; // unpublished since the seed
          const lectures = courseData.courseContent.flatMap((chapter) => chapter.chapterContent);
          const plan = classmatePlan(classmateIndex, courseIndex, lectures.length);
          if (!plan.buys) continue;
          if (!enrolled.has(courseId)) {
            await api.buyCourse(courseId);
            bought += 1;
          }
          for (const lecture of lectures.slice(0, plan.lecturesDone)) {
            await api.post('/user/update-course-progress', { courseId, lectureId: lecture.lectureId });
          }
          if (plan.rating !== undefined) await api.post('/user/add-rating', { courseId, rating: plan.rating });
        }
        log(`${email}: ${bought} new ${bought === 1 ? 'purchase' : 'purchases'}`);
      }),
    );
  },
};
