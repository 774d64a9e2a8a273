// The demo classmates ask doubts under the lectures they study, say "me too" to each other's, and the demo educator
// answers some of them; two stay unanswered, so a newcomer signed in as the educator finds work in the inbox.
import { doubtPath, doubtsPath, lecturesInOrder, type DoubtPage, type EnrolledCourse } from '@academy/contracts';
import { DEMO_CLASSMATES } from '@academy/sandbox/demo-classmates';
import type { DemoApi } from './demo-api.js';
import type { DemoActivityStep } from './types.js';

export const DEMO_EDUCATOR_EMAIL = 'meera@demo.academy';

interface DemoDoubt {
  /** Which classmate asks (index in DEMO_CLASSMATES), under which lecture of their first course, at which second. */
  asker: number;
  lecture: number;
  atSecond: number;
  text: string;
  /** The educator's answer; null: left for the newcomer. */
  answer: string | null;
  /** Classmates (indexes) who say "I have this doubt too" (only those enrolled in the course can). */
  meToo: number[];
}

/** English, Hindi and Hinglish, as learners write. */
export const DEMO_DOUBTS: readonly DemoDoubt[] = [
  { asker: 0, lecture: 0, atSecond: 42, text: 'Why do we need a **base case** here? What happens without it?', answer: 'Without a base case the calls never stop and the stack overflows. Try removing it and watch the error.', meToo: [1, 2] },
  { asker: 1, lecture: 0, atSecond: 95, text: 'Sir yeh step dobara samjhaiye, 1:35 par kya hua?', answer: 'At 1:35 we move the term to the other side, so its sign changes. Pause and write it down once yourself.', meToo: [] },
  { asker: 2, lecture: 1, atSecond: 130, text: 'मुझे यह भाग समझ नहीं आया, कृपया एक और उदाहरण दीजिए', answer: 'ज़रूर: अगले लेक्चर की शुरुआत में एक और उदाहरण है, उसे देखकर फिर पूछिए।', meToo: [3] },
  { asker: 3, lecture: 1, atSecond: 12, text: 'Is there a shortcut for this kind of question in the exam?', answer: null, meToo: [0] },
  { asker: 4, lecture: 0, atSecond: 200, text: 'Notes mein formula alag likha hai, kaunsa sahi hai?', answer: null, meToo: [] },
];

async function lectureDoubts(api: DemoApi, courseId: string, lectureId: string): Promise<DoubtPage> {
  return api.get<DoubtPage>(`${doubtsPath(courseId)}?${new URLSearchParams({ lectureId }).toString()}`);
}

/** Each classmate's courses, sorted, so "their first course" is stable from one start to the next. */
async function coursesOf(api: DemoApi): Promise<EnrolledCourse[]> {
  const { enrolledCourses } = await api.get<{ enrolledCourses: EnrolledCourse[] }>('/user/enrolled-courses');
  return [...enrolledCourses].sort((a, b) => a._id.localeCompare(b._id));
}

export const classmatesAskDoubts: DemoActivityStep = {
  name: 'classmates ask doubts under lectures; the educator answers some',
  async run({ signIn, log }) {
    const educator = await signIn(DEMO_EDUCATOR_EMAIL);
    let asked = 0;
    let answered = 0;
    for (const plan of DEMO_DOUBTS) {
      const classmate = DEMO_CLASSMATES[plan.asker];
      if (!classmate) continue;
      const api = await signIn(classmate.email);
      const course = (await coursesOf(api))[0];
      const lecture = course ? lecturesInOrder(course.courseContent)[plan.lecture]?.lecture : undefined;
      if (!course || !lecture) continue;
      // Idempotent: a doubt this classmate already asked at this second of this lecture is not asked again.
      const existing = (await lectureDoubts(api, course._id, lecture.lectureId)).doubts.find((doubt) => doubt.mine && doubt.atSecond === plan.atSecond);
      const doubt = existing ?? (await api.post<{ doubt: DoubtPage['doubts'][number] }>(doubtsPath(course._id), { lectureId: lecture.lectureId, atSecond: plan.atSecond, text: plan.text })).doubt;
      if (!existing) asked += 1;
      for (const index of plan.meToo) {
        const other = DEMO_CLASSMATES[index];
        if (!other || index === plan.asker) continue;
        const otherApi = await signIn(other.email);
        if (!(await coursesOf(otherApi)).some((candidate) => candidate._id === course._id)) continue;
        await otherApi.post(`${doubtPath(course._id, doubt.id)}/me-too`, {});
      }
      if (plan.answer && !doubt.educatorAnswered) {
        await educator.post(`${doubtPath(course._id, doubt.id)}/answers`, { text: plan.answer });
        answered += 1;
      }
    }
    log(`${asked} new demo ${asked === 1 ? 'doubt' : 'doubts'}, ${answered} answered by the educator`);
  },
};
