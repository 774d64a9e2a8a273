// The rules every view applies to a learner's course (lecture order, completion, the one status and the certificate
// line): plain functions without zod, so that a page showing progress does not bring the schemas' library.
import type { ChapterDto, LectureDto } from './api.js';
import type { AssignmentStanding } from './assignments.js';
import { countLectures } from './durations.js';
import { completionPercent } from './progress.js';
import type { QuizOverview, QuizStanding } from './quizzes.js';

/** The quizzes of a course's chapters, in chapter order. */
export function quizzesOf(chapters: ReadonlyArray<{ chapterOrder: number; quiz?: QuizOverview | null }>): QuizOverview[] {
  return [...chapters].sort((a, b) => a.chapterOrder - b.chapterOrder).flatMap((chapter) => (chapter.quiz ? [chapter.quiz] : []));
}

/** How many of the course's quizzes the learner has passed (quizzes no longer in the course are not counted). */
export function countPassedQuizzes(chapters: ReadonlyArray<{ chapterOrder: number; quiz?: QuizOverview | null }>, standings: readonly QuizStanding[]): number {
  const passed = new Set(standings.filter((standing) => standing.passed).map((standing) => standing.quizId));
  return quizzesOf(chapters).filter((quiz) => passed.has(quiz.quizId)).length;
}

/** Every lecture of a course, in chapter then lecture order, with its "chapter.lecture" label. */
export function lecturesInOrder(chapters: readonly ChapterDto[]): { lecture: LectureDto; chapter: ChapterDto; label: string }[] {
  return [...chapters]
    .sort((a, b) => a.chapterOrder - b.chapterOrder)
    .flatMap((chapter, chapterIndex) =>
      [...chapter.chapterContent]
        .sort((a, b) => a.lectureOrder - b.lectureOrder)
        .map((lecture, lectureIndex) => ({ lecture, chapter, label: `${chapterIndex + 1}.${lectureIndex + 1}` })),
    );
}

/** How far a learner is through a course, by the one completion rule every view shows (learner, parent, emails, certificate). */
export interface CourseCompletion {
  completedLectures: number;
  totalLectures: number;
  passedQuizzes: number;
  totalQuizzes: number;
  reviewedAssignments: number;
  totalAssignments: number;
  /** Lectures complete, quizzes passed and assignments reviewed, as a whole percent of the course's steps. */
  percent: number;
  /** Every lecture complete, every quiz passed and every assignment reviewed (a course with no lectures never is). */
  complete: boolean;
}

/**
 * The completion rule: each lecture, each quiz and each assignment of the course is one step; a lecture counts once
 * complete, a quiz once passed, an assignment once the educator has reviewed the learner's work (whatever the
 * marks). `lectureCompleted` may hold lectures no longer in the course (they do not count); `quizzes`: the learner's
 * standings (progress's `quizzes`); `assignments`: every assignment of the course with the learner's standing
 * (progress's `assignments`; one under a chapter the course no longer has does not count).
 */
export function courseCompletion(
  chapters: readonly ChapterDto[],
  lectureCompleted: readonly string[],
  quizzes: readonly QuizStanding[] = [],
  assignments: readonly AssignmentStanding[] = [],
): CourseCompletion {
  const done = new Set(lectureCompleted);
  const completedLectures = chapters.reduce((count, chapter) => count + chapter.chapterContent.filter((lecture) => done.has(lecture.lectureId)).length, 0);
  const totalLectures = countLectures(chapters);
  const passedQuizzes = countPassedQuizzes(chapters, quizzes);
  const totalQuizzes = quizzesOf(chapters).length;
  const chapterIds = new Set(chapters.map((chapter) => chapter.chapterId));
  const courseAssignments = assignments.filter((assignment) => chapterIds.has(assignment.chapterId));
  const reviewedAssignments = courseAssignments.filter((assignment) => assignment.reviewed).length;
  const totalAssignments = courseAssignments.length;
  return {
    completedLectures,
    totalLectures,
    passedQuizzes,
    totalQuizzes,
    reviewedAssignments,
    totalAssignments,
    percent: completionPercent(completedLectures + passedQuizzes + reviewedAssignments, totalLectures + totalQuizzes + totalAssignments),
    complete: totalLectures > 0 && completedLectures === totalLectures && passedQuizzes === totalQuizzes && reviewedAssignments === totalAssignments,
  };
}

/** Whether every step of the course is done: `courseCompletion(...).complete`. */
export function isCourseComplete(
  chapters: readonly ChapterDto[],
  lectureCompleted: readonly string[],
  quizzes: readonly QuizStanding[] = [],
  assignments: readonly AssignmentStanding[] = [],
): boolean {
  return courseCompletion(chapters, lectureCompleted, quizzes, assignments).complete;
}

/** The four states a learner's course can be in; every view (learner, parent, emails) shows the same one. */
export type CourseStatusKind = 'not-started' | 'in-progress' | 'quiz-to-pass' | 'completed';

export const COURSE_STATUS_LABELS: Record<CourseStatusKind, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  'quiz-to-pass': 'Lectures done, quiz to pass',
  completed: 'Completed',
};

/** A quiz of the course not passed yet: the best score so far (null before the first attempt) against its pass mark. */
export interface QuizToPass {
  quizId: string;
  title: string;
  bestPercent: number | null;
  passMark: number;
  attempts: number;
}

export interface CourseStatus {
  kind: CourseStatusKind;
  label: string;
  completion: CourseCompletion;
  quizzesToPass: QuizToPass[];
  /** What the certificate still needs, one short phrase each; empty once the course is complete. */
  certificateMissing: string[];
  /** The certificate line every view shows: "Ready" or "Needs: …". */
  certificateLine: string;
  /** The same needs as counts, for words in another language (emails, the translated pages). */
  certificateNeeds: CertificateNeeds;
}

/** What the certificate still needs, as numbers (all zero and false once the course is complete). */
export interface CertificateNeeds {
  noLectures: boolean;
  lecturesLeft: number;
  /** The quizzes still to pass are `quizzesToPass`. */
  assignmentsToHandIn: number;
  assignmentsAwaitingReview: number;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "The cell check: best 20%, pass mark 60%" (or "not attempted yet"). */
export function quizToPassText(quiz: QuizToPass): string {
  const best = quiz.bestPercent === null ? 'not attempted yet' : `best ${quiz.bestPercent}%`;
  return `${quiz.title}: ${best}, pass mark ${quiz.passMark}%`;
}

/**
 * The one status rule. Completed when `courseCompletion` says so; otherwise lectures all done with a quiz not passed
 * is "Lectures done, quiz to pass"; nothing done, attempted, handed in or watched is "Not started"; anything else is
 * "In progress". `watched`: the learner has saved a playback position in the course (activity without a completion).
 */
export function courseStatus(
  chapters: readonly ChapterDto[],
  lectureCompleted: readonly string[],
  quizzes: readonly QuizStanding[] = [],
  assignments: readonly AssignmentStanding[] = [],
  watched = false,
): CourseStatus {
  const completion = courseCompletion(chapters, lectureCompleted, quizzes, assignments);
  const chapterIds = new Set(chapters.map((chapter) => chapter.chapterId));
  const courseAssignments = assignments.filter((assignment) => chapterIds.has(assignment.chapterId));
  const standingOf = new Map(quizzes.map((standing) => [standing.quizId, standing]));
  const quizzesToPass: QuizToPass[] = quizzesOf(chapters)
    .filter((quiz) => !standingOf.get(quiz.quizId)?.passed)
    .map((quiz) => {
      const standing = standingOf.get(quiz.quizId);
      return { quizId: quiz.quizId, title: quiz.title, bestPercent: standing?.bestPercent ?? null, passMark: quiz.passMark, attempts: standing?.attempts ?? 0 };
    });
  const lecturesDone = completion.totalLectures > 0 && completion.completedLectures === completion.totalLectures;
  const started =
    watched ||
    completion.completedLectures > 0 ||
    quizzes.some((standing) => standing.attempts > 0) ||
    courseAssignments.some((assignment) => assignment.submitted || assignment.reviewed);
  const kind: CourseStatusKind = completion.complete
    ? 'completed'
    : lecturesDone && quizzesToPass.length > 0
      ? 'quiz-to-pass'
      : started
        ? 'in-progress'
        : 'not-started';

  const certificateMissing: string[] = [];
  const certificateNeeds: CertificateNeeds = { noLectures: false, lecturesLeft: 0, assignmentsToHandIn: 0, assignmentsAwaitingReview: 0 };
  if (!completion.complete) {
    if (completion.totalLectures === 0) certificateMissing.push('the course has no lectures yet');
    else if (!lecturesDone) certificateMissing.push(`${plural(completion.totalLectures - completion.completedLectures, 'more lecture')} to complete`);
    for (const quiz of quizzesToPass) certificateMissing.push(`pass ${quizToPassText(quiz)}`);
    const toHandIn = courseAssignments.filter((assignment) => !assignment.submitted && !assignment.reviewed).length;
    const awaitingReview = courseAssignments.filter((assignment) => assignment.submitted && !assignment.reviewed).length;
    if (toHandIn > 0) certificateMissing.push(`${plural(toHandIn, 'assignment')} to hand in`);
    if (awaitingReview > 0) certificateMissing.push(`${plural(awaitingReview, 'assignment')} awaiting the educator's review`);
    certificateNeeds.noLectures = completion.totalLectures === 0;
    certificateNeeds.lecturesLeft = lecturesDone ? 0 : completion.totalLectures - completion.completedLectures;
    certificateNeeds.assignmentsToHandIn = toHandIn;
    certificateNeeds.assignmentsAwaitingReview = awaitingReview;
  }
  return {
    kind,
    label: COURSE_STATUS_LABELS[kind],
    completion,
    quizzesToPass,
    certificateMissing,
    certificateLine: completion.complete ? 'Ready' : `Needs ${certificateMissing.join('; ')}`,
    certificateNeeds,
  };
}
