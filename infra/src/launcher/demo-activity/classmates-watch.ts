// The demo classmates watch lectures (saved playback positions, as the player saves them), so the educator's
// lecture analytics show watch time and a real drop-off. Every classmate takes the first demo course and stops
// at a different point of it, leaving the next lecture partway; in their other courses they watch what they
// completed and start the next lecture.
import type { EnrolledCourse, LearnerProgressData } from '@academy/contracts';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import { DEMO_COURSE_IDS } from './classmates-study.js';
import type { DemoApi } from './demo-api.js';
import type { DemoActivityStep } from './types.js';

/** The demo course whose analytics show the class dropping off lecture by lecture. */
export const DROP_OFF_COURSE_ID = DEMO_COURSE_IDS[0]!;

/**
 * How many lectures of the drop-off course classmate `i` of `classmates` completes, in order: the first goes through
 * every lecture, the others stop earlier and earlier, the last one after none.
 */
export function dropOffDepth(classmateIndex: number, classmates: number, lectureCount: number): number {
  return Math.round((lectureCount * (classmates - 1 - classmateIndex)) / Math.max(1, classmates - 1));
}

/** Where a learner who left a lecture partway stopped: a third of it. */
const partwaySeconds = (minutes: number) => Math.max(30, Math.floor((minutes * 60) / 3));

async function watchCourse(api: DemoApi, courseId: string): Promise<void> {
  const course = await api.courseOrNothing(courseId);
  if (!course) return;
  const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent);
  const { progressData } = await api.post<{ progressData: LearnerProgressData }>('/user/get-course-progress', { courseId });
  const completed = new Set(progressData.lectureCompleted);
  for (const lecture of lectures.filter((candidate) => completed.has(candidate.lectureId))) {
    await api.post('/user/update-course-progress/playback', { courseId, lectureId: lecture.lectureId, positionSeconds: lecture.lectureDuration * 60 });
  }
  const next = lectures.find((candidate) => !completed.has(candidate.lectureId));
  if (next && progressData.positions[next.lectureId] === undefined) {
    await api.post('/user/update-course-progress/playback', { courseId, lectureId: next.lectureId, positionSeconds: partwaySeconds(next.lectureDuration) });
  }
}

export const classmatesWatch: DemoActivityStep = {
  name: 'classmates watch lectures and drop off in the first demo course',
  async run({ signIn, log }) {
    await Promise.all(
      DEMO_CLASSMATES.map(async ({ email }, classmateIndex) => {
        const api = await signIn(email);
        const course = await api.courseOrNothing(DROP_OFF_COURSE_ID);
        let { enrolledCourses } = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/user/enrolled-courses');
        if (course && !enrolledCourses.some((enrolled) => enrolled._id === DROP_OFF_COURSE_ID)) {
          await api.buyCourse(DROP_OFF_COURSE_ID);
          ({ enrolledCourses } = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/user/enrolled-courses'));
        }
        if (course) {
          const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent);
          for (const lecture of lectures.slice(0, dropOffDepth(classmateIndex, DEMO_CLASSMATES.length, lectures.length))) {
            await api.post('/user/update-course-progress', { courseId: DROP_OFF_COURSE_ID, lectureId: lecture.lectureId });
          }
        }
        for (const enrolled of enrolledCourses) await watchCourse(api, enrolled._id);
        log(`${email}: watched lectures of ${enrolledCourses.length} ${enrolledCourses.length === 1 ? 'course' : 'courses'}`);
      }),
    );
  },
};
