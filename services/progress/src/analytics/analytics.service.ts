import {
  lecturesInOrder,
  quizzesOf,
  type CourseAnalytics,
  type FunnelStep,
  type LectureAnalytics,
  type QuizDefinition,
  type QuizDifficulty,
} from '@academy/contracts';
import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueClient } from '../learning/catalogue-client.js';

type Rows<T> = T[];

/** Quiz versions kept in memory for the analytics page (a few hundred quizzes' questions). */
const QUIZ_VERSIONS_KEPT = 500;

/** Counters of one course's aggregate rows; each query reads by the course's key, never the events. */
interface CourseAggregates {
  course: { enrolled: number; learners_started: number; watch_seconds: string; updated_at: Date } | undefined;
  lectures: Rows<{ lecture_id: string; learners_started: number; learners_completed: number; watch_seconds: string }>;
  completions: Rows<{ lectures_completed: number; learners: number }>;
  quizzes: Rows<{ quiz_id: string; quiz_version: number; attempts: number; percent_sum: string }>;
  questions: Rows<{ quiz_id: string; quiz_version: number; question_id: string; answers: number; correct: number }>;
}

/**
 * Lecture analytics for the course's educator, from the aggregates AnalyticsAggregator keeps. The page reads only the
 * aggregate rows of one course, a cost set by the course's size (lectures, quiz questions), not by how many events
 * were recorded.
 */
@Injectable()
export class AnalyticsService {
  private readonly quizVersions = new Map<string, Promise<QuizDefinition>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly catalogue: CatalogueClient,
  ) {}

  /** The course's figures for its educator (404 for anyone else's course, as for an unknown one). */
  async forEducator(educatorId: string, courseId: string): Promise<CourseAnalytics> {
    const course = await this.catalogue.course(courseId);
    if (course.educatorId !== educatorId) throw new NotFoundException('Course not found');
    const aggregates = await this.aggregates(courseId);
    const statsOf = new Map(aggregates.lectures.map((row) => [row.lecture_id, row]));
    const lectures: LectureAnalytics[] = lecturesInOrder(course.courseContent).map(({ lecture, label }) => {
      const stats = statsOf.get(lecture.lectureId);
      return {
        lectureId: lecture.lectureId,
        label,
        title: lecture.lectureTitle,
        started: stats?.learners_started ?? 0,
        finished: stats?.learners_completed ?? 0,
        watchSeconds: Number(stats?.watch_seconds ?? 0),
      };
    });
    const completedAtLeast = (count: number): number =>
      aggregates.completions.filter((row) => row.lectures_completed >= count).reduce((sum, row) => sum + row.learners, 0);
    const lectureCount = lectures.length;
    const funnel: FunnelStep[] = [
      { label: 'Enrolled', learners: aggregates.course?.enrolled ?? 0 },
      { label: 'Started a lecture', learners: aggregates.course?.learners_started ?? 0 },
      { label: 'Finished a lecture', learners: completedAtLeast(1) },
      ...(lectureCount > 2 ? [{ label: 'Finished half the lectures', learners: completedAtLeast(Math.ceil(lectureCount / 2)) }] : []),
      ...(lectureCount > 1 ? [{ label: 'Finished every lecture', learners: completedAtLeast(lectureCount) }] : []),
    ];
    const quizzes = await Promise.all(
      quizzesOf(course.courseContent).map(async (overview): Promise<QuizDifficulty> => {
        const quiz = await this.quizVersion(courseId, overview.quizId, overview.version);
        const totals = aggregates.quizzes.find((row) => row.quiz_id === quiz.quizId && row.quiz_version === quiz.version);
        const questionStats = aggregates.questions.filter((row) => row.quiz_id === quiz.quizId && row.quiz_version === quiz.version);
        return {
          quizId: quiz.quizId,
          title: quiz.title,
          version: quiz.version,
          attempts: totals?.attempts ?? 0,
          averagePercent: totals && totals.attempts > 0 ? Math.round(Number(totals.percent_sum) / totals.attempts) : null,
          questions: quiz.questions.map((question, index) => {
            const stats = questionStats.find((row) => row.question_id === question.questionId);
            return {
              questionId: question.questionId,
              label: `Q${index + 1}`,
              prompt: question.prompt,
              answers: stats?.answers ?? 0,
              percentCorrect: stats && stats.answers > 0 ? Math.round((stats.correct * 100) / stats.answers) : null,
            };
          }),
        };
      }),
    );
    return {
      courseId,
      courseTitle: course.courseTitle,
      enrolled: aggregates.course?.enrolled ?? 0,
      watchSeconds: Number(aggregates.course?.watch_seconds ?? 0),
      lectures,
      funnel,
      quizzes,
      updatedAt: aggregates.course ? new Date(aggregates.course.updated_at).toISOString() : null,
    };
  }

  /**
   * A quiz's questions at one version. A version never changes once written (an edit makes the next one), so it is
   * kept for later reads instead of asking catalogue on every page view.
   */
  private quizVersion(courseId: string, quizId: string, version: number): Promise<QuizDefinition> {
    const key = `${quizId}@${version}`;
    const known = this.quizVersions.get(key);
    if (known) return known;
    const loading = this.catalogue.quiz(courseId, quizId).then(({ quiz }) => quiz);
    // Catalogue may already hold a newer version than the course overview named: keep only what the key says.
    this.quizVersions.set(key, loading);
    loading.then(
      (quiz) => quiz.version !== version && this.quizVersions.delete(key),
      () => this.quizVersions.delete(key),
    );
    if (this.quizVersions.size > QUIZ_VERSIONS_KEPT) this.quizVersions.delete(this.quizVersions.keys().next().value!);
    return loading;
  }

  /** Every aggregate row of one course, each query by the course's primary-key prefix. */
  async aggregates(courseId: string): Promise<CourseAggregates> {
    const [courses, lectures, completions, quizzes, questions] = await Promise.all([
      this.dataSource.query(
        `SELECT "enrolled", "learners_started", "watch_seconds", "updated_at" FROM "progress"."analytics_courses" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<Rows<NonNullable<CourseAggregates['course']>>>,
      this.dataSource.query(
        `SELECT "lecture_id", "learners_started", "learners_completed", "watch_seconds" FROM "progress"."analytics_lectures" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['lectures']>,
      this.dataSource.query(
        `SELECT "lectures_completed", "learners" FROM "progress"."analytics_course_completion_counts" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['completions']>,
      this.dataSource.query(
        `SELECT "quiz_id", "quiz_version", "attempts", "percent_sum" FROM "progress"."analytics_quizzes" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['quizzes']>,
      this.dataSource.query(
        `SELECT "quiz_id", "quiz_version", "question_id", "answers", "correct" FROM "progress"."analytics_quiz_questions" WHERE "course_id" = $1`,
        [courseId],
      ) as Promise<CourseAggregates['questions']>,
    ]);
    return { course: courses[0], lectures, completions, quizzes, questions };
  }
}
