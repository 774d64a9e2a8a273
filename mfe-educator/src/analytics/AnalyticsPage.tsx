import { steepestDropOff, wholePercent, type CourseAnalytics, type QuizDifficulty } from '@academy/contracts';
import { queryKeys, useFormat, useTranslation } from '@academy/platform';
import { useSearchParams } from '@academy/routing';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { lazy, Suspense, useId } from 'react';
import { funnelStepLabel, questionLabel, watchTimeText } from './analyticsText';
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
  const { t } = useTranslation('educator');
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [params, setParams] = useSearchParams();
  const selectId = useId();

  // A draft has no learners and no analytics yet: only courses published at least once are offered.
  const list = courses.state.status === 'ready' ? courses.state.data.filter((course) => !course.isDraft) : [];
  const chosen = params.get(COURSE_PARAM);
  const courseId = list.some((course) => course._id === chosen) ? chosen : (list[0]?._id ?? null);

  return (
    <div className="analytics-page">
      <h1 className="page-title">{t('analytics.title')}</h1>
      {courses.state.status === 'loading' && <LoadingView label={t('common.loadingCourses')} />}
      {courses.state.status === 'error' && <ErrorPanel title={t('common.coursesFailed')} message={courses.state.message} onRetry={courses.reload} />}
      {courses.state.status === 'ready' && list.length === 0 && <p>{t('analytics.noCourses')}</p>}
      {list.length > 0 && courseId && (
        <>
          <div className="analytics-page__picker">
            <label htmlFor={selectId}>{t('common.course')}</label>
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
  const { t } = useTranslation('educator');
  const format = useFormat();
  const { state, reload } = useRemoteData(queryKeys.educator.analytics(courseId), (api) => fetchCourseAnalytics(api, courseId));
  if (state.status === 'loading') return <LoadingView label={t('analytics.loading')} />;
  if (state.status === 'error') return <ErrorPanel title={t('analytics.failed')} message={state.message} onRetry={reload} />;
  const analytics = state.data;
  return (
    <>
      <dl className="analytics-page__figures">
        <div>
          <dt>{t('analytics.funnel.enrolled')}</dt>
          <dd>{format.count(analytics.enrolled)}</dd>
        </div>
        <div>
          <dt>{t('analytics.funnel.startedLecture')}</dt>
          <dd>{format.count(analytics.funnel[1]?.learners ?? 0)}</dd>
        </div>
        <div>
          <dt>{t('analytics.watchTimeLabel')}</dt>
          <dd>{watchTimeText(analytics.watchSeconds, t)}</dd>
        </div>
      </dl>
      <p className="analytics-page__updated">
        {analytics.updatedAt ? t('analytics.updated', { date: format.date(analytics.updatedAt) }) : t('analytics.noActivity')}
      </p>
      <DropOffSection analytics={analytics} />
      <FunnelSection analytics={analytics} />
      <QuizSection quizzes={analytics.quizzes} />
    </>
  );
}

function DropOffSection({ analytics }: { analytics: CourseAnalytics }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const headingId = useId();
  const summaryId = useId();
  const worst = steepestDropOff(analytics.lectures);
  const summary = worst
    ? t('analytics.dropOff.summary', {
        label: worst.label,
        title: worst.title,
        started: format.count(worst.started),
        finished: format.count(worst.finished),
        dropped: t('analytics.learnerCount', { count: worst.started - worst.finished, formatted: format.count(worst.started - worst.finished) }),
      })
    : analytics.lectures.some((lecture) => lecture.started > 0)
      ? t('analytics.dropOff.noneDropped')
      : t('analytics.dropOff.noneStarted');
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('analytics.dropOff.title')}</h2>
      <p id={summaryId} className="analytics-section__summary">{summary}</p>
      {analytics.lectures.length > 0 && (
        <Suspense fallback={<LoadingView label={t('common.loadingChart')} />}>
          <DropOffChart lectures={analytics.lectures} describedBy={summaryId} />
        </Suspense>
      )}
      <TableScroll label={t('analytics.dropOff.table')}>
        <table className="data-table analytics-table" data-testid="drop-off-table">
          <caption className="visually-hidden">{t('analytics.dropOff.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.dropOff.lecture')}</th>
              <th scope="col">{t('analytics.dropOff.started')}</th>
              <th scope="col">{t('analytics.dropOff.finished')}</th>
              <th scope="col">{t('analytics.dropOff.droppedOff')}</th>
              <th scope="col">{t('analytics.watchTimeLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {analytics.lectures.map((lecture) => (
              <tr key={lecture.lectureId}>
                <th scope="row">
                  {lecture.label} {lecture.title}
                </th>
                <td>{format.count(lecture.started)}</td>
                <td>{format.count(lecture.finished)}</td>
                <td>{format.count(lecture.started - lecture.finished)}</td>
                <td>{watchTimeText(lecture.watchSeconds, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function FunnelSection({ analytics }: { analytics: CourseAnalytics }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const headingId = useId();
  const summaryId = useId();
  const enrolled = analytics.funnel[0]?.learners ?? 0;
  const last = analytics.funnel.at(-1);
  const summary = last
    ? t('analytics.funnel.summary', {
        enrolled: t('analytics.learnerCount', { count: enrolled, formatted: format.count(enrolled) }),
        reached: format.count(last.learners),
        step: funnelStepLabel(last.label, t).toLowerCase(),
      })
    : '';
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('analytics.funnel.title')}</h2>
      <p id={summaryId} className="analytics-section__summary">{summary}</p>
      <Suspense fallback={<LoadingView label={t('common.loadingChart')} />}>
        <FunnelChart funnel={analytics.funnel} describedBy={summaryId} />
      </Suspense>
      <TableScroll label={t('analytics.funnel.table')}>
        <table className="data-table analytics-table">
          <caption className="visually-hidden">{t('analytics.funnel.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.funnel.step')}</th>
              <th scope="col">{t('analytics.funnel.learners')}</th>
              <th scope="col">{t('analytics.funnel.share')}</th>
            </tr>
          </thead>
          <tbody>
            {analytics.funnel.map((step) => (
              <tr key={step.label}>
                <th scope="row">{funnelStepLabel(step.label, t)}</th>
                <td>{format.count(step.learners)}</td>
                <td>{t('common.percent', { value: wholePercent(step.learners, enrolled) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function QuizSection({ quizzes }: { quizzes: QuizDifficulty[] }) {
  const { t } = useTranslation('educator');
  const headingId = useId();
  return (
    <section className="analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('analytics.quiz.title')}</h2>
      {quizzes.length === 0 && <p>{t('analytics.quiz.none')}</p>}
      {quizzes.map((quiz) => (
        <QuizDifficultyView key={quiz.quizId} quiz={quiz} />
      ))}
    </section>
  );
}

function QuizDifficultyView({ quiz }: { quiz: QuizDifficulty }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const headingId = useId();
  const summaryId = useId();
  const answered = quiz.questions.filter((question) => question.percentCorrect !== null);
  const hardest = answered.reduce<(typeof answered)[number] | null>((worst, question) => (!worst || question.percentCorrect! < worst.percentCorrect! ? question : worst), null);
  const summary =
    quiz.attempts === 0
      ? t('analytics.quiz.noAttempts')
      : t('analytics.quiz.summary', {
          attempts: t('analytics.quiz.attemptCount', { count: quiz.attempts, formatted: format.count(quiz.attempts) }),
          average: quiz.averagePercent ?? 0,
        }) +
        (hardest ? ` ${t('analytics.quiz.hardest', { label: questionLabel(hardest.label, t), prompt: hardest.prompt, percent: hardest.percentCorrect })}` : '');
  return (
    <article className="analytics-quiz" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {quiz.title}
        {quiz.version > 1 && <span className="analytics-quiz__version"> {t('common.version', { version: quiz.version })}</span>}
      </h3>
      <p id={summaryId} className="analytics-section__summary">{summary}</p>
      {quiz.attempts > 0 && (
        <Suspense fallback={<LoadingView label={t('common.loadingChart')} />}>
          <QuestionDifficultyChart questions={quiz.questions} quizTitle={quiz.title} describedBy={summaryId} />
        </Suspense>
      )}
      <TableScroll label={t('analytics.quiz.table', { title: quiz.title })}>
        <table className="data-table analytics-table">
          <caption className="visually-hidden">{t('analytics.quiz.caption', { title: quiz.title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.quiz.question')}</th>
              <th scope="col">{t('analytics.quiz.answers')}</th>
              <th scope="col">{t('analytics.quiz.right')}</th>
            </tr>
          </thead>
          <tbody>
            {quiz.questions.map((question) => (
              <tr key={question.questionId}>
                <th scope="row">
                  {questionLabel(question.label, t)} {question.prompt}
                </th>
                <td>{format.count(question.answers)}</td>
                <td>{question.percentCorrect === null ? t('common.noValue') : t('common.percent', { value: question.percentCorrect })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </article>
  );
}
