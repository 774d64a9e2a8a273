// The demo educator sets an assignment in the first chapter of the course the demo doubts are asked in; one
// classmate's work is reviewed, another's waits, so a newcomer signed in as the educator finds a hand-in to review.
import { assignmentsPath, reviewPath, submissionPath, type AssignmentForMember, type EnrolledCourse } from '@academy/contracts';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import { DEMO_EDUCATOR_EMAIL } from './classmates-doubts.js';
import { DemoApiError, type DemoApi } from './demo-api.js';
import type { DemoActivityStep } from './types.js';

export const DEMO_ASSIGNMENT = {
  title: 'Explain it in your own words',
  instructions:
    'Pick one idea from this chapter and explain it as you would to a classmate, with one worked example of your own.\nWrite your answer below, or hand in a photo or PDF of your notebook page.',
  maxMarks: 10,
  acceptedFileTypes: ['pdf', 'jpg', 'png'],
} as const;

/**
 * Who hands in (the first of `classmates`, indexes in DEMO_CLASSMATES, enrolled in the course) and the educator's
 * review (null: left for the newcomer).
 */
const HAND_INS: readonly { classmates: number[]; text: string; review: { marks: number; feedback: string } | null }[] = [
  {
    classmates: [0],
    text: 'A **base case** is where the recursion stops. Example: factorial(0) = 1, so factorial(3) = 3 × 2 × 1 × factorial(0) = 6.',
    review: { marks: 8, feedback: 'Clear and correct. Next time say *why* factorial(0) is 1, not only that it is.' },
  },
  { classmates: [1, 2, 3, 4, 5, 6, 7], text: 'Jab hum equation ke dono taraf same cheez add karte hain, equation same rehti hai. Example: x - 3 = 5, dono taraf 3 add karo, x = 8.', review: null },
];

async function firstCourse(api: DemoApi): Promise<EnrolledCourse | undefined> {
  const { enrolledCourses } = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/user/enrolled-courses');
  return [...enrolledCourses].sort((a, b) => a._id.localeCompare(b._id))[0];
}

/** The course's assignments as this classmate sees them; undefined when they are not enrolled in it (403). */
async function assignmentsOf(api: DemoApi, courseId: string): Promise<AssignmentForMember[] | undefined> {
  try {
    return (await api.get<{ assignments: AssignmentForMember[] }>(assignmentsPath(courseId))).assignments;
  } catch (error) {
    if (error instanceof DemoApiError && error.status === 403) return undefined;
    throw error;
  }
}

export const classmatesHandInAssignments: DemoActivityStep = {
  name: 'the educator sets an assignment; classmates hand in, one is reviewed',
  async run({ signIn, log }) {
    const first = DEMO_CLASSMATES[0];
    if (!first) return;
    const course = await firstCourse(await signIn(first.email));
    const chapter = course ? [...course.courseContent].sort((a, b) => a.chapterOrder - b.chapterOrder)[0] : undefined;
    if (!course || !chapter) return;
    const educator = await signIn(DEMO_EDUCATOR_EMAIL);
    // Idempotent: the assignment is set once (found again by its title), each hand-in made once, each review given once.
    const { assignments } = await educator.get<{ assignments: AssignmentForMember[] }>(assignmentsPath(course._id));
    const assignment =
      assignments.find((entry) => entry.title === DEMO_ASSIGNMENT.title) ??
      (await educator.post<{ assignment: AssignmentForMember }>(assignmentsPath(course._id), { ...DEMO_ASSIGNMENT, chapterId: chapter.chapterId, dueDate: null })).assignment;
    let handedIn = 0;
    let reviewed = 0;
    for (const plan of HAND_INS) {
      let found: { api: DemoApi; own: AssignmentForMember } | undefined;
      for (const index of plan.classmates) {
        const classmate = DEMO_CLASSMATES[index];
        if (!classmate) continue;
        const api = await signIn(classmate.email);
        const own = (await assignmentsOf(api, course._id))?.find((entry) => entry.id === assignment.id);
        if (own) {
          found = { api, own };
          break;
        }
      }
      if (!found) continue;
      const { api, own } = found;
      // A JSON body is read as the form's fields: a written answer needs no multipart request.
      const submission = own.mySubmission ?? (await api.post<{ submission: NonNullable<AssignmentForMember['mySubmission']> }>(submissionPath(course._id, assignment.id), { text: plan.text })).submission;
      if (!own.mySubmission) handedIn += 1;
      if (plan.review && !submission.reviewedAt) {
        await educator.post(reviewPath(course._id, assignment.id, submission.id), plan.review);
        reviewed += 1;
      }
    }
    log(`demo assignment in ${course.courseTitle}: ${handedIn} new ${handedIn === 1 ? 'hand-in' : 'hand-ins'}, ${reviewed} reviewed`);
  },
};
