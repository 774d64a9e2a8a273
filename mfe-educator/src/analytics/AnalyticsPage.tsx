import { formatDate, formatWatchTime, pluralize, steepestDropOff, wholePercent, type CourseAnalytics, type QuizDifficulty } from '@academy/contracts';
import { queryKeys } from '@academy/platform';
import { useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { lazy, Suspense, useId } from 'react';
import { TableScroll } from '../common/TableScroll';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { fetchCourseAnalytics } from './analyticsApi';
import './analytics.css';

// recharts comes in its own chunk, fetched when the first chart shows (never with the remote's first chunk).
const DropOffChart = lazy(() => import('./AnalyticsCharts').then((charts) => ({ default: charts.DropOffChart })));
const FunnelChart = lazy(() => import('./AnalyticsCharts').then((charts) => ({ default: charts.FunnelChart })));
const QuestionDifficultyChart = lazy(() => import('./AnalyticsCharts').then((charts) => ({ default: charts.QuestionDifficultyChart })));

const COURSE_PARAM = 'course';

/** /educator/analytics?course=…: how learners study one of the educator's courses. */
export function AnalyticsPage() {
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [params, setParams] = useSearchParams();
  const selectId = useId();

  // A draft has no learners and no analytics yet: only courses published at least once are offered.
  const list = courses.state.status === 'ready' ? courses.state.data.filter((course) => !course.isDraft) : [];
  const chosen = params.get(COURSE_PARAM);
  const courseId = list.some((course) => course._id === chosen) ? chosen : (list[0]?._id ?? null);

  return (
    <div className="analytics-page">
      <h1 className="page-title">Lecture analytics</h1>
      {courses.state.status === 'loading' && <LoadingView label="Loading your courses" />}
      {courses.state.status === 'error' && <ErrorPanel title="Your courses could not be loaded" message={courses.state.message} onRetry={courses.reload} />}
      {courses.state.status === 'ready' && list.length === 0 && <p>You have no courses yet. Analytics appear once learners study your courses.</p>}
      {list.length > 0 && courseId && (
        <>
          <div className="analytics-page__picker">
            <label htmlFor={selectId}>Course</label>
            <select id={selectId} value={courseId} onChange={(event) => setParams({ [COURSE_PARAM]: event.target.value }, { replace: true })}>
              {list.map((course) => (
                <option key={course._id} value={course._id}>
                  {course.courseTitle}
                </option>
              ))}
            </select>
          </div>
          <CourseAnalyticsView courseId={courseId} />
        </>
      )}
    </div>
  );
}

function CourseAnalyticsView({ courseId }: { courseId: string }) {
  const { state, reload } = useRemoteData(queryKeys.educator.analytics(courseId), (api) => fetchCourseAnalytics(api, courseId));
  if (state.status === 'loading') return <LoadingView label="Loading the course's analytics" />;
  if (state.status === 'error') return <ErrorPanel title="The analytics could not be loaded" message={state.message} onRetry={reload} />;
  const analytics = state.data;
  return (
    <>
      <dl className="analytics-page__figures">
        <div>
          <dt>Enrolled</dt>
          <dd>{analytics.enrolled}</dd>
        </div>
        <div>
          <dt>Started a lecture</dt>
          <dd>{analytics.funnel[1]?.learners ?? 0}</dd>
        </div>
        <div>
          <dt>Watch time</dt>
          <dd>{formatWatchTime(analytics.watchSeconds)}</dd>
        </div>
      </dl>
      <p className="analytics-page__updated">
        {analytics.updatedAt
          ? `Latest learner activity counted on ${formatDate(analytics.updatedAt)}; new activity appears within a few seconds.`
          : 'No learner activity recorded yet.'}
      </p>
      <DropOffSection analytics={analytics} />
      <FunnelSection analytics={analytics} />
      <QuizSection quizzes={analytics.quizzes} />
    </>
  );
}

function DropOffSection({ analytics }: { analytics: CourseAnalytics }) {
  const headingId = useId();
  const summaryId = useId();
  const worst = steepestDropOff(analytics.lectures);
  const summary = worst
    ? `Most learners stop at lecture ${worst.label}, ${worst.title}: ${worst.started} started it and ${worst.finished} finished it (${pluralize(worst.started - worst.finished, 'learner')} dropped off).`
    : analytics.lectures.some((lecture) => lecture.started > 0)
      ? 'Every learner who started a lecture finished it.'
      : 'No learner has started a lecture yet.';
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Drop-off by lecture</h2>
      <p id={summaryId} className="analytics-section__summary">{summary}</p>
      {analytics.lectures.length > 0 && (
        <Suspense fallback={<LoadingView label="Loading chart" />}>
          <DropOffChart lectures={analytics.lectures} describedBy={summaryId} />
        </Suspense>
      )}
      <TableScroll label="Learners per lecture">
        <table className="data-table analytics-table" data-testid="drop-off-table">
          <caption className="visually-hidden">Learners who started and finished each lecture, and watch time</caption>
          <thead>
            <tr>
              <th scope="col">Lecture</th>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
              <th scope="col">Dropped off</th>
              <th scope="col">Watch time</th>
            </tr>
          </thead>
          <tbody>
            {analytics.lectures.map((lecture) => (
              <tr key={lecture.lectureId}>
                <th scope="row">
                  {lecture.label} {lecture.title}
                </th>
                <td>{lecture.started}</td>
                <td>{lecture.finished}</td>
                <td>{lecture.started - lecture.finished}</td>
                <td>{formatWatchTime(lecture.watchSeconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function FunnelSection({ analytics }: { analytics: CourseAnalytics }) {
  const headingId = useId();
  const summaryId = useId();
  const enrolled = analytics.funnel[0]?.learners ?? 0;
  const last = analytics.funnel.at(-1);
  const summary = last ? `${pluralize(enrolled, 'learner')} enrolled; ${last.learners} reached "${last.label.toLowerCase()}".` : '';
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Completion funnel</h2>
      <p id={summaryId} className="analytics-section__summary">{summary}</p>
      <Suspense fallback={<LoadingView label="Loading chart" />}>
        <FunnelChart funnel={analytics.funnel} describedBy={summaryId} />
      </Suspense>
      <TableScroll label="Learners at each step">
        <table className="data-table analytics-table">
          <caption className="visually-hidden">Learners at each step of the course</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Learners</th>
              <th scope="col">Share of enrolled</th>
            </tr>
          </thead>
          <tbody>
            {analytics.funnel.map((step) => (
              <tr key={step.label}>
                <th scope="row">{step.label}</th>
                <td>{step.learners}</td>
                <td>{wholePercent(step.learners, enrolled)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function QuizSection({ quizzes }: { quizzes: QuizDifficulty[] }) {
  const headingId = useId();
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Quiz difficulty</h2>
      {quizzes.length === 0 && <p>This course has no quizzes yet.</p>}
      {quizzes.map((quiz) => (
        <QuizDifficultyView key={quiz.quizId} quiz={quiz} />
      ))}
    </section>
  );
}

function QuizDifficultyView({ quiz }: { quiz: QuizDifficulty }) {
  const headingId = useId();
  const summaryId = useId();
  const answered = quiz.questions.filter((question) => question.percentCorrect !== null);
  const hardest = answered.reduce<(typeof answered)[number] | null>((worst, question) => (!worst || question.percentCorrect! < worst.percentCorrect! ? question : worst), null);
  const summary =
    quiz.attempts === 0
      ? 'No attempts yet.'
      : `${pluralize(quiz.attempts, 'attempt')}, average score ${quiz.averagePercent ?? 0}%.` +
        (hardest ? ` Hardest question: ${hardest.label}, ${hardest.prompt} (${hardest.percentCorrect}% right).` : '');
  return (
    <article className="analytics-quiz" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {quiz.title}
        {quiz.version > 1 && <span className="analytics-quiz__version"> (version {quiz.version})</span>}
      </h3>
      <p id={summaryId} className="analytics-section__summary">{summary}</p>
      {quiz.attempts > 0 && (
        <Suspense fallback={<LoadingView label="Loading chart" />}>
          <QuestionDifficultyChart questions={quiz.questions} quizTitle={quiz.title} describedBy={summaryId} />
        </Suspense>
      )}
      <TableScroll label={`Questions of ${quiz.title}`}>
        <table className="data-table analytics-table">
          <caption className="visually-hidden">Right answers per question of {quiz.title}</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Answers</th>
              <th scope="col">Right</th>
            </tr>
          </thead>
          <tbody>
            {quiz.questions.map((question) => (
              <tr key={question.questionId}>
                <th scope="row">
                  {question.label} {question.prompt}
                </th>
                <td>{question.answers}</td>
                <td>{question.percentCorrect === null ? '-' : `${question.percentCorrect}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </article>
  );
}
