import type { ChapterDto } from './api.js';
import { CERTIFICATE_CODE_PATTERN, certificateCodeSchema, playbackRequestSchema } from './learning.js';
import { courseCompletion, isCourseComplete, lecturesInOrder } from './course-status.js';

const lecture = (id: string, order: number) => ({
  lectureId: id, lectureOrder: order, lectureTitle: `L${id}`, lectureDuration: 5, lectureUrl: null, isPreviewFree: false, notesUrl: null, testUrl: null,
});
const chapters: ChapterDto[] = [
  { chapterId: 'c2', chapterOrder: 2, chapterTitle: 'Two', chapterContent: [lecture('d', 2), lecture('c', 1)] },
  { chapterId: 'c1', chapterOrder: 1, chapterTitle: 'One', chapterContent: [lecture('a', 1), lecture('b', 2)] },
];

describe('learning rules', () => {
  it('orders lectures by chapter then lecture and labels them chapter.lecture', () => {
    expect(lecturesInOrder(chapters).map(({ lecture: l, label }) => `${label} ${l.lectureId}`)).toEqual(['1.1 a', '1.2 b', '2.1 c', '2.2 d']);
  });

  it.each([
    [['a', 'b', 'c', 'd'], true],
    [['a', 'b', 'c'], false],
    [['a', 'b', 'c', 'x', 'y'], false],
    [[], false],
  ])('isCourseComplete(%j) = %s', (done, expected) => {
    expect(isCourseComplete(chapters, done)).toBe(expected);
  });

  it('never calls an empty course complete', () => {
    expect(isCourseComplete([], [])).toBe(false);
  });

  it('validates certificate codes case-insensitively', () => {
    expect(certificateCodeSchema.parse(' ac-7K3M-PQ9R-2XTW ')).toBe('AC-7K3M-PQ9R-2XTW');
    expect(CERTIFICATE_CODE_PATTERN.test('AC-7K3M-PQ9R-2XTO')).toBe(false); // O is not in the alphabet
    expect(certificateCodeSchema.safeParse('../etc').success).toBe(false);
  });

  it('bounds playback positions', () => {
    const ids = { courseId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', lectureId: '7c9e6679-7425-40de-944b-e07fc1f90ae8' };
    expect(playbackRequestSchema.safeParse({ ...ids, positionSeconds: 12.5 }).success).toBe(true);
    expect(playbackRequestSchema.safeParse({ ...ids, positionSeconds: -1 }).success).toBe(false);
    expect(playbackRequestSchema.safeParse({ ...ids, positionSeconds: '3' }).success).toBe(false);
  });
});

describe('courseCompletion (the one completion rule)', () => {
  const withQuiz: ChapterDto[] = [
    { ...chapters[1]!, quiz: { quizId: 'q1', version: 1, title: 'Check', passMark: 50, attemptLimit: null, questionCount: 2, totalPoints: 2 } },
    chapters[0]!,
  ];
  const passed = [{ quizId: 'q1', attempts: 1, bestPercent: 100, passed: true }];

  it.each([
    [['a', 'b'], [], { completedLectures: 2, passedQuizzes: 0, percent: 40, complete: false }],
    [['a', 'b', 'c', 'd', 'gone'], [], { completedLectures: 4, passedQuizzes: 0, percent: 80, complete: false }],
    [['a', 'b', 'c', 'd'], passed, { completedLectures: 4, passedQuizzes: 1, percent: 100, complete: true }],
    [['a'], passed, { completedLectures: 1, passedQuizzes: 1, percent: 40, complete: false }],
  ])('lectures %j with quiz standings %j give %j', (done, standings, expected) => {
    expect(courseCompletion(withQuiz, done, standings)).toEqual({ totalLectures: 4, totalQuizzes: 1, reviewedAssignments: 0, totalAssignments: 0, ...expected });
    expect(isCourseComplete(withQuiz, done, standings)).toBe(expected.complete);
  });

  it('counts an assignment as one step, complete only once reviewed (one under a removed chapter does not count)', () => {
    const chapterId = withQuiz[0]!.chapterId;
    const standing = { assignmentId: 'as1', chapterId, title: 'Essay', maxMarks: 10, submitted: true, reviewed: false, marks: null };
    const gone = { ...standing, assignmentId: 'as2', chapterId: 'removed-chapter' };
    const waiting = courseCompletion(withQuiz, ['a', 'b', 'c', 'd'], passed, [standing, gone]);
    expect(waiting).toMatchObject({ reviewedAssignments: 0, totalAssignments: 1, percent: 83, complete: false });
    const reviewed = courseCompletion(withQuiz, ['a', 'b', 'c', 'd'], passed, [{ ...standing, reviewed: true, marks: 0 }, gone]);
    expect(reviewed).toMatchObject({ reviewedAssignments: 1, totalAssignments: 1, percent: 100, complete: true });
  });
});
