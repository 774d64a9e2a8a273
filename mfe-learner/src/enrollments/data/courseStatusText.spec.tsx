import { courseStatus, type AssignmentStanding, type ChapterDto, type QuizStanding } from '@academy/contracts';
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { assignmentsLeft, useCourseStatusText } from './courseStatusText';

const lecture = (id: string, order: number) => ({
  lectureId: id, lectureOrder: order, lectureTitle: `L${id}`, lectureDuration: 5, lectureUrl: null, isPreviewFree: false, notesUrl: null, testUrl: null,
});
const quiz = { quizId: 'q1', version: 1, title: 'The cell check', passMark: 60, attemptLimit: null, questionCount: 5, totalPoints: 5 };
const course = (withQuiz: boolean): ChapterDto[] => [
  { chapterId: 'c1', chapterOrder: 1, chapterTitle: 'Cells', chapterContent: [lecture('a', 1), lecture('b', 2)], quiz: withQuiz ? quiz : null },
];
const lectures = { none: [], some: ['a'], all: ['a', 'b'] };
const quizzes: Record<string, { withQuiz: boolean; standings: QuizStanding[] }> = {
  'no quiz': { withQuiz: false, standings: [] },
  'not attempted': { withQuiz: true, standings: [] },
  failed: { withQuiz: true, standings: [{ quizId: 'q1', attempts: 2, bestPercent: 20, passed: false }] },
  passed: { withQuiz: true, standings: [{ quizId: 'q1', attempts: 1, bestPercent: 80, passed: true }] },
};
const assignment = (chapterId: string, submitted: boolean, reviewed: boolean): AssignmentStanding => ({
  assignmentId: `as-${chapterId}-${String(submitted)}-${String(reviewed)}`, chapterId, title: 'Draw a cell', maxMarks: 10, submitted, reviewed, marks: reviewed ? 7 : null,
});
const assignments: Record<string, AssignmentStanding[]> = {
  none: [],
  'to hand in': [assignment('c1', false, false)],
  'two to hand in': [assignment('c1', false, false), { ...assignment('c1', false, false), assignmentId: 'as-2' }],
  'awaiting review': [assignment('c1', true, false)],
  reviewed: [assignment('c1', true, true)],
  // Under a chapter the course no longer has: counts for nothing.
  'of a removed chapter': [assignment('gone', false, false)],
};

function statusOf(lecturesDone: readonly string[], quizCase: string, assignmentCase: string) {
  const chapters = course(quizzes[quizCase]!.withQuiz);
  const standings = assignments[assignmentCase]!;
  return { status: courseStatus(chapters, lecturesDone, quizzes[quizCase]!.standings, standings), left: assignmentsLeft(chapters, standings) };
}

describe('the status and certificate line in the language shown', () => {
  it('reads in English exactly as the contracts word them, for every combination of lectures, quiz and assignments', () => {
    const { result } = renderHook(() => useCourseStatusText());
    let compared = 0;
    for (const done of Object.values(lectures)) {
      for (const quizCase of Object.keys(quizzes)) {
        for (const assignmentCase of Object.keys(assignments)) {
          const { status, left } = statusOf(done, quizCase, assignmentCase);
          expect(result.current.label(status.kind)).toBe(status.label);
          expect(result.current.certificateLine(status, left)).toBe(status.certificateLine);
          compared += 1;
        }
      }
    }
    expect(compared).toBe(3 * 4 * 6);
    const empty = courseStatus([], []);
    expect(result.current.certificateLine(empty, { toHandIn: 0, awaitingReview: 0 })).toBe(empty.certificateLine);
  });

  it('reads in Hindi, one lecture and two lectures taking their own form', async () => {
    const { result, unmount } = renderHook(() => useCourseStatusText());
    await act(() => i18next.changeLanguage('hi'));
    const one = statusOf(lectures.some, 'no quiz', 'none');
    expect(result.current.label(one.status.kind)).toBe('जारी है');
    expect(result.current.certificateLine(one.status, one.left)).toBe('बाकी: 1 और लेक्चर पूरा करना है');
    const many = statusOf(lectures.none, 'failed', 'two to hand in');
    expect(result.current.certificateLine(many.status, many.left)).toBe(
      'बाकी: 2 और लेक्चर पूरे करने हैं; The cell check पास करना है: सबसे अच्छा स्कोर 20%, पास अंक 60%; 2 असाइनमेंट जमा करने हैं',
    );
    const done = statusOf(lectures.all, 'passed', 'reviewed');
    expect(result.current.label(done.status.kind)).toBe('पूरा हुआ');
    expect(result.current.certificateLine(done.status, done.left)).toBe('तैयार');
    unmount(); // before the setup switches back to English
  });
});
