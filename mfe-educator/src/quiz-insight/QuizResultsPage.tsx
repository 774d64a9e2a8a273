import { queryKeys, Trans, useTranslation } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { Link, useSearchParams } from '@academy/routing';
import { useId } from 'react';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { QuizInsight } from './QuizInsight';

/**
 * /educator/quiz-results?course=…: the quiz results of one of the educator's courses (chosen in a list, kept in the
 * address so My Courses can link to a course's results), without opening its edit form.
 */
export function QuizResultsPage() {
  const { t } = useTranslation('educator');
  const id = useId();
  const [params, setParams] = useSearchParams();
  const { state, reload } = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const courses = state.status === 'ready' ? state.data.filter((course) => !course.isDraft) : [];
  const chosen = courses.find((course) => course._id === params.get('course')) ?? courses[0];

  return (
    <div className="quiz-results">
      <h1 className="page-title">{t('quizInsight.title')}</h1>
      {state.status === 'loading' && <LoadingView label={t('common.loadingCourses')} />}
      {state.status === 'error' && <ErrorPanel title={t('common.coursesFailed')} message={state.message} onRetry={reload} />}
      {state.status === 'ready' && courses.length === 0 && (
        <p>
          <Trans t={t} i18nKey="quizInsight.noCourses" components={{ pageLink: <Link to={educatorPaths.addCourse} /> }} />
        </p>
      )}
      {chosen && (
        <>
          <div className="filters">
            <div className="form-field">
              <label htmlFor={`${id}-course`}>{t('common.course')}</label>
              <select id={`${id}-course`} value={chosen._id} onChange={(event) => setParams({ course: event.target.value }, { replace: true })}>
                {courses.map((course) => (
                  <option key={course._id} value={course._id}>
                    {course.courseTitle}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <QuizInsight key={chosen._id} courseId={chosen._id} heading={chosen.courseTitle} />
          <p>
            <Link to={educatorPaths.editCourse(chosen._id)}>{t('quizInsight.editQuizzes')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
