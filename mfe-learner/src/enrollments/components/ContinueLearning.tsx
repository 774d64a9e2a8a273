import { formatVideoSecond, learnerPaths, pagePath } from '@academy/contracts';
import { Link } from '@academy/routing';
import { useTranslation } from '@academy/platform';
import { useEnrolledCourses } from '../data/useEnrolledCourses';
import './ContinueLearning.css';

/**
 * The signed-in learner's unfinished courses, each with the lecture to resume, where in it, and a progress bar;
 * one tap opens the player at that lecture (which starts from the saved second). Nothing when none is unfinished.
 */
export function ContinueLearning() {
  const { t } = useTranslation('learner');
  const state = useEnrolledCourses(true);
  if (state.status !== 'ready') {
    return state.status === 'loading' ? (
      <p className="continue-learning__loading" role="status">
        {t('enrollments.continue.loading')}
      </p>
    ) : null;
  }
  const unfinished = state.data.rows.filter((row) => row.resume && row.completion.completedLectures < row.completion.totalLectures);
  if (unfinished.length === 0) return null;
  return (
    <section className="continue-learning" aria-labelledby="continue-learning-title">
      <h2 id="continue-learning-title">{t('enrollments.continue.title')}</h2>
      <ul className="continue-learning__list">
        {unfinished.map(({ course, resume, completion: { completedLectures, totalLectures } }) => (
          <li key={course._id} className="continue-learning__item">
            <img className="continue-learning__thumbnail" src={course.courseThumbnail} alt="" />
            <div className="continue-learning__body">
              <h3 className="continue-learning__course">{course.courseTitle}</h3>
              <p className="continue-learning__lecture">
                {resume!.label} {resume!.lecture.lectureTitle}
                {resume!.seconds > 0 && <span className="continue-learning__at"> · {t('enrollments.continue.at', { time: formatVideoSecond(resume!.seconds) })}</span>}
              </p>
              <label className="continue-learning__progress">
                <span>{t('enrollments.continue.lecturesDone', { done: completedLectures, total: totalLectures })}</span>
                <progress max={totalLectures} value={completedLectures} />
              </label>
              <Link
                className="button continue-learning__resume"
                to={`${pagePath(learnerPaths.player, { courseId: course._id })}?lecture=${encodeURIComponent(resume!.lecture.lectureId)}`}
              >
                {t('enrollments.continue.resume')}
                <span className="visually-hidden"> {course.courseTitle}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
