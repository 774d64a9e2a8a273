// Lecture analytics for a course's educator, read from aggregates that progress's worker keeps from the playback,
// completion and quiz events (GET /api/educator/analytics/:courseId, sent to progress by the edge).
import { courseIdSchema } from './requests.js';

/** The `:courseId` of GET /api/educator/analytics/:courseId. */
export const analyticsCourseParamSchema = courseIdSchema;

/** One lecture of the course, in the order learners meet it. */
export interface LectureAnalytics {
  lectureId: string;
  /** "1.2" (chapter 1, lecture 2) and the lecture's title, as the player shows them. */
  label: string;
  title: string;
  /** Learners who played or completed the lecture. */
  started: number;
  /** Learners who marked it complete. */
  finished: number;
  /** Seconds of the lecture watched, each learner counted up to the furthest point they reached. */
  watchSeconds: number;
}

/** One step of the completion funnel: how many learners got at least this far. */
export interface FunnelStep {
  label: string;
  learners: number;
}

export interface QuestionDifficulty {
  questionId: string;
  /** "Q1", "Q2"… in the quiz's order. */
  label: string;
  prompt: string;
  answers: number;
  /** Whole percent of answers that were right; null before any answer. */
  percentCorrect: number | null;
}

export interface QuizDifficulty {
  quizId: string;
  title: string;
  version: number;
  attempts: number;
  /** Average score of the attempts at the current version, whole percent; null before any attempt. */
  averagePercent: number | null;
  questions: QuestionDifficulty[];
}

export interface CourseAnalytics {
  courseId: string;
  courseTitle: string;
  enrolled: number;
  watchSeconds: number;
  lectures: LectureAnalytics[];
  funnel: FunnelStep[];
  quizzes: QuizDifficulty[];
  /** When the worker last applied an event to this course (ISO), null when none yet. */
  updatedAt: string | null;
}

export interface CourseAnalyticsAnswer {
  success: true;
  analytics: CourseAnalytics;
}

/** Share of `part` in `whole` as a whole percent (0 when there is no whole). */
export function wholePercent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 100) / whole) : 0;
}

/** The lecture where the most learners who started it did not finish it, null when nobody dropped off. */
export function steepestDropOff(lectures: readonly LectureAnalytics[]): LectureAnalytics | null {
  let worst: LectureAnalytics | null = null;
  for (const lecture of lectures) {
    const dropped = lecture.started - lecture.finished;
    if (dropped > 0 && (!worst || dropped > worst.started - worst.finished)) worst = lecture;
  }
  return worst;
}

/** Watch time as hours and minutes ("3 h 05 min", "12 min", "0 min"). */
export function formatWatchTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes} min`;
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}
