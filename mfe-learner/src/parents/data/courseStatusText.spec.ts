import { courseStatus, type AssignmentStanding, type ChapterDto, type ChildCourseProgress, type QuizStanding } from '@academy/contracts';
import i18next from 'i18next';
import { certificateLineText, quizToPassText, statusText } from './courseStatusText';

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
    quizzesToPass: status.quizzesToPass,
  } as ChildCourseProgress;
}

const t = i18next.getFixedT('en', 'learner');
const hi = i18next.getFixedT('hi', 'learner');

describe("a child's course status and certificate line in the language shown", () => {
  const cases: [string, ChildCourseProgress][] = [
    ['nothing done', childCourse([], [], [assignment('a1', false), assignment('a2', false)])],
    ['one lecture left, quiz attempted, one assignment awaiting review', childCourse(['l1', 'l2'], [{ quizId: 'q1', attempts: 2, bestPercent: 20, passed: false }], [assignment('a1', true)])],
    ['lectures and quiz done, one to hand in and one awaiting review', childCourse(['l1', 'l2', 'l3'], [{ quizId: 'q1', attempts: 1, bestPercent: 80, passed: true }], [assignment('a1', false), assignment('a2', true)])],
    ['complete', childCourse(['l1', 'l2', 'l3'], [{ quizId: 'q1', attempts: 1, bestPercent: 80, passed: true }], [])],
    ['a course with no lectures', childCourse([], [], [], [{ chapterId: 'c9', chapterOrder: 1, chapterTitle: 'Empty', chapterContent: [] }])],
  ];

  it.each(cases)('in English it reads exactly as the server words it: %s', (_name, course) => {
    expect(certificateLineText(t, course)).toBe(course.certificateLine);
    expect(statusText(t, course.status)).toBe(course.statusLabel);
    for (const open of course.quizzesToPass) expect(quizToPassText(t, open)).toMatch(/^The cell check: (best \d+%|not attempted yet), pass mark 60%$/);
  });

  it('in Hindi, with CLDR plurals (one covers 0 and 1)', () => {
    const [, nothing] = cases[0]!;
    expect(certificateLineText(hi, nothing)).toBe(
      'बाकी: 3 और लेक्चर पूरे करने हैं; पास करनी है: The cell check: अभी तक प्रयास नहीं किया, पास होने के लिए 60%; 2 असाइनमेंट जमा करने हैं',
    );
    const [, oneLeft] = cases[1]!;
    expect(certificateLineText(hi, oneLeft)).toBe(
      'बाकी: 1 और लेक्चर पूरा करना है; पास करनी है: The cell check: सर्वश्रेष्ठ 20%, पास होने के लिए 60%; 1 असाइनमेंट शिक्षक की जाँच की प्रतीक्षा में',
    );
    expect(statusText(hi, oneLeft.status)).toBe('जारी है');
    expect(certificateLineText(hi, cases[3]![1])).toBe('तैयार');
    expect(hi('parents.certificate.moreLectures', { count: 0 })).toBe('0 और लेक्चर पूरा करना है');
  });
});
