import { describe, expect, it } from '@jest/globals';
import type { ChapterDto } from './api.js';
import type { AssignmentStanding } from './assignments.js';
import { courseStatus, type CourseStatusKind } from './course-status.js';
import type { QuizStanding } from './quizzes.js';

// Every combination of lectures (none, some, all done), the chapter's quiz (none in the course, not attempted,
// failed, passed) and its assignment (none, to hand in, awaiting review, reviewed), written out with what a
// parent and the child must both read.
const lecture = (id: string, order: number) => ({
  lectureId: id, lectureOrder: order, lectureTitle: `L${id}`, lectureDuration: 5, lectureUrl: null, isPreviewFree: false, notesUrl: null, testUrl: null,
});
const quiz = { quizId: 'q1', version: 1, title: 'The cell check', passMark: 60, attemptLimit: null, questionCount: 5, totalPoints: 5 };
const course = (withQuiz: boolean): ChapterDto[] => [
  { chapterId: 'c1', chapterOrder: 1, chapterTitle: 'Cells', chapterContent: [lecture('a', 1), lecture('b', 2)], quiz: withQuiz ? quiz : null },
];
const lectures = { none: [], some: ['a'], all: ['a', 'b'] } as const;
const quizzes: Record<'no quiz' | 'not attempted' | 'failed' | 'passed', QuizStanding[]> = {
  'no quiz': [],
  'not attempted': [],
  failed: [{ quizId: 'q1', attempts: 2, bestPercent: 20, passed: false }],
  passed: [{ quizId: 'q1', attempts: 1, bestPercent: 80, passed: true }],
};
const assignment = (submitted: boolean, reviewed: boolean): AssignmentStanding[] => [
  { assignmentId: 'as1', chapterId: 'c1', title: 'Draw a cell', maxMarks: 10, submitted, reviewed, marks: reviewed ? 7 : null },
];
const assignments = { none: [], 'to hand in': assignment(false, false), 'awaiting review': assignment(true, false), reviewed: assignment(true, true) } as const;

type Row = [keyof typeof lectures, keyof typeof quizzes, keyof typeof assignments, CourseStatusKind, string];
const rows: Row[] = [
  ['none', 'no quiz', 'none', 'not-started', 'Needs 2 more lectures to complete'],
  ['none', 'not attempted', 'none', 'not-started', 'Needs 2 more lectures to complete; pass The cell check: not attempted yet, pass mark 60%'],
  ['none', 'failed', 'none', 'in-progress', 'Needs 2 more lectures to complete; pass The cell check: best 20%, pass mark 60%'],
  ['none', 'passed', 'none', 'in-progress', 'Needs 2 more lectures to complete'],
  ['some', 'no quiz', 'none', 'in-progress', 'Needs 1 more lecture to complete'],
  ['some', 'not attempted', 'none', 'in-progress', 'Needs 1 more lecture to complete; pass The cell check: not attempted yet, pass mark 60%'],
  ['some', 'failed', 'none', 'in-progress', 'Needs 1 more lecture to complete; pass The cell check: best 20%, pass mark 60%'],
  ['some', 'passed', 'none', 'in-progress', 'Needs 1 more lecture to complete'],
  ['all', 'no quiz', 'none', 'completed', 'Ready'],
  ['all', 'not attempted', 'none', 'quiz-to-pass', 'Needs pass The cell check: not attempted yet, pass mark 60%'],
  ['all', 'failed', 'none', 'quiz-to-pass', 'Needs pass The cell check: best 20%, pass mark 60%'],
  ['all', 'passed', 'none', 'completed', 'Ready'],
  ['none', 'no quiz', 'to hand in', 'not-started', 'Needs 2 more lectures to complete; 1 assignment to hand in'],
  ['none', 'no quiz', 'awaiting review', 'in-progress', "Needs 2 more lectures to complete; 1 assignment awaiting the educator's review"],
  ['none', 'no quiz', 'reviewed', 'in-progress', 'Needs 2 more lectures to complete'],
  ['some', 'failed', 'to hand in', 'in-progress', 'Needs 1 more lecture to complete; pass The cell check: best 20%, pass mark 60%; 1 assignment to hand in'],
  ['some', 'passed', 'awaiting review', 'in-progress', "Needs 1 more lecture to complete; 1 assignment awaiting the educator's review"],
  ['all', 'no quiz', 'to hand in', 'in-progress', 'Needs 1 assignment to hand in'],
  ['all', 'no quiz', 'awaiting review', 'in-progress', "Needs 1 assignment awaiting the educator's review"],
  ['all', 'no quiz', 'reviewed', 'completed', 'Ready'],
  ['all', 'not attempted', 'reviewed', 'quiz-to-pass', 'Needs pass The cell check: not attempted yet, pass mark 60%'],
  ['all', 'failed', 'awaiting review', 'quiz-to-pass', "Needs pass The cell check: best 20%, pass mark 60%; 1 assignment awaiting the educator's review"],
  ['all', 'passed', 'to hand in', 'in-progress', 'Needs 1 assignment to hand in'],
  ['all', 'passed', 'awaiting review', 'in-progress', "Needs 1 assignment awaiting the educator's review"],
  ['all', 'passed', 'reviewed', 'completed', 'Ready'],
];

const labels: Record<CourseStatusKind, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  'quiz-to-pass': 'Lectures done, quiz to pass',
  completed: 'Completed',
};

describe('courseStatus (the one status every view shows)', () => {
  it.each(rows)('lectures %s, quiz %s, assignment %s → %s (%s)', (done, quizState, assignmentState, kind, certificateLine) => {
    const status = courseStatus(course(quizState !== 'no quiz'), lectures[done], quizzes[quizState], assignments[assignmentState]);
    expect(status.kind).toBe(kind);
    expect(status.label).toBe(labels[kind]);
    expect(status.certificateLine).toBe(certificateLine);
    expect(status.certificateMissing.length === 0).toBe(kind === 'completed');
  });

  it('names the quiz still to pass with its best score and pass mark', () => {
    expect(courseStatus(course(true), ['a', 'b'], quizzes.failed).quizzesToPass).toEqual([
      { quizId: 'q1', title: 'The cell check', bestPercent: 20, passMark: 60, attempts: 2 },
    ]);
    expect(courseStatus(course(true), ['a', 'b'], quizzes.passed).quizzesToPass).toEqual([]);
  });

  it('counts a saved playback position as a start, and nothing else as one', () => {
    expect(courseStatus(course(false), [], [], [], true).kind).toBe('in-progress');
    expect(courseStatus(course(false), [], [], [], false).kind).toBe('not-started');
  });

  it('never calls a course without lectures complete, and says why', () => {
    const status = courseStatus([], [], [], [], true);
    expect(status).toMatchObject({ kind: 'in-progress', certificateLine: 'Needs the course has no lectures yet' });
    expect(courseStatus([], []).kind).toBe('not-started');
  });

  it('ignores lectures and assignments the course no longer has', () => {
    const gone = [{ assignmentId: 'old', chapterId: 'removed', title: 'Old', maxMarks: 5, submitted: true, reviewed: false, marks: null }];
    expect(courseStatus(course(false), ['a', 'b', 'x'], [], gone)).toMatchObject({ kind: 'completed', certificateLine: 'Ready' });
    expect(courseStatus(course(false), ['x'], [], gone).kind).toBe('not-started');
  });
});
