import { courseStatus, type AssignmentStanding, type ChapterDto, type ChildCourseProgress, type QuizStanding } from '@academy/contracts';
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { useChildCourseText } from './courseStatusText';

const lecture = (id: string) => ({ lectureId: id, lectureOrder: 1, lectureTitle: id, lectureDuration: 5, isPreviewFree: false, lectureUrl: null, notesUrl: null, testUrl: null });
const quiz = { quizId: 'q1', version: 1, title: 'The cell check', passMark: 60, attemptLimit: null, questionCount: 3, totalPoints: 3 };
const chapters: ChapterDto[] = [
  { chapterId: 'c1', chapterOrder: 1, chapterTitle: 'Cells', chapterContent: [lecture('l1'), lecture('l2'), lecture('l3')], quiz },
];
const assignment = (id: string, submitted: boolean): AssignmentStanding => ({ assignmentId: id, chapterId: 'c1', title: id, maxMarks: 10, submitted, reviewed: false, marks: null });

/** The parent's view of a course as the server builds it from the same figures (the status and line in English). */
function childCourse(lectureCompleted: string[], quizzes: QuizStanding[], assignments: AssignmentStanding[], content = chapters): ChildCourseProgress {
  const status = courseStatus(content, lectureCompleted, quizzes, assignments);
  return {
    completedLectures: status.completion.completedLectures,
    totalLectures: status.completion.totalLectures,
    status: status.kind,
    statusLabel: status.label,
    certificateLine: status.certificateLine,
    certificateNeeds: status.certificateNeeds,
    quizzesToPass: status.quizzesToPass,
  } as ChildCourseProgress;
}

const cases: [string, ChildCourseProgress][] = [
  ['nothing done', childCourse([], [], [assignment('a1', false), assignment('a2', false)])],
  ['one lecture left, quiz attempted, one assignment awaiting review', childCourse(['l1', 'l2'], [{ quizId: 'q1', attempts: 2, bestPercent: 20, passed: false }], [assignment('a1', true)])],
  ['lectures and quiz done, one to hand in and one awaiting review', childCourse(['l1', 'l2', 'l3'], [{ quizId: 'q1', attempts: 1, bestPercent: 80, passed: true }], [assignment('a1', false), assignment('a2', true)])],
  ['complete', childCourse(['l1', 'l2', 'l3'], [{ quizId: 'q1', attempts: 1, bestPercent: 80, passed: true }], [])],
  ['a course with no lectures', childCourse([], [], [], [{ chapterId: 'c9', chapterOrder: 1, chapterTitle: 'Empty', chapterContent: [] }])],
];

describe("a child's course status and certificate line in the language shown", () => {
  it.each(cases)('in English it reads exactly as the server words it: %s', (_name, course) => {
    const { result } = renderHook(() => useChildCourseText());
    expect(result.current.certificateLine(course)).toBe(course.certificateLine);
    expect(result.current.status(course)).toBe(course.statusLabel);
    for (const open of course.quizzesToPass) expect(result.current.quizToPass(open)).toMatch(/^The cell check: (best \d+%|not attempted yet), pass mark 60%$/);
  });

  it('in Hindi, with CLDR plurals (one covers 0 and 1)', async () => {
    await act(() => i18next.changeLanguage('hi'));
    const { result, unmount } = renderHook(() => useChildCourseText());
    expect(result.current.certificateLine(cases[0]![1])).toBe(
      'बाकी: 3 और लेक्चर पूरे करने हैं; The cell check पास करना है: अभी तक प्रयास नहीं किया, पास अंक 60%; 2 असाइनमेंट जमा करने हैं',
    );
    expect(result.current.certificateLine(cases[1]![1])).toBe(
      'बाकी: 1 और लेक्चर पूरा करना है; The cell check पास करना है: सबसे अच्छा स्कोर 20%, पास अंक 60%; 1 असाइनमेंट की शिक्षक द्वारा जाँच बाकी है',
    );
    expect(result.current.status(cases[1]![1])).toBe('जारी है');
    expect(result.current.certificateLine(cases[3]![1])).toBe('तैयार');
    expect(result.current.quizToPass(cases[0]![1].quizzesToPass[0]!)).toBe('The cell check: अभी तक प्रयास नहीं किया, पास अंक 60%');
    unmount();
  });
});
