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
import { CatalogueClient } from '../learning/catalogue-client.js';
import { LectureAnalyticsRepository, type CourseAggregates } from './lecture-analytics.repository.js';

/** Quiz versions kept in memory for the analytics page (a few hundred quizzes' questions). */
const QUIZ_VERSIONS_KEPT = 500;

/**
 * Lecture analytics for the course's educator, from the aggregates AnalyticsAggregator keeps. The page reads only the
 * aggregate rows of one course, a cost set by the course's size (lectures, quiz questions), not by how many events
 * were recorded.
 */
@Injectable()
export class AnalyticsService {
  private readonly quizVersions = new Map<string, Promise<QuizDefinition>>();

  constructor(
    private readonly analytics: LectureAnalyticsRepository,
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
  aggregates(courseId: string): Promise<CourseAggregates> {
    return this.analytics.courseAggregates(courseId);
  }
}
