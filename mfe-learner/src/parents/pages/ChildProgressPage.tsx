import type { ChildCourseProgress } from '@academy/contracts';
import {
  errorMessage,
  queryKeys,
  toLoadable,
  Trans,
  useApi,
  useCurrentUser,
  useFormat,
  useInfiniteQuery,
  usePortalAuth,
  useRuntimeConfig,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView, Stars } from '@academy/ui';
import { Link, useParams } from '@academy/routing';
import { useTaxonomyLabels } from '../../common/taxonomy';
import { useChildCourseText } from '../data/courseStatusText';
import { downloadCertificateAt, LoginRequired } from '../../enrollments';
import { fetchChildDoubts } from '../data/parentsApi';
import { LiveAttendanceList } from '../../live/LiveAttendanceList';
import { AskTheEducator } from '../components/AskTheEducator';
import { useChildProgress } from '../data/useParents';
import { NotAParent } from './ParentHomePage';
import '../../enrollments/pages/MyEnrollmentsPage.css';
import './Parents.css';

const hidden = <span className="visually-hidden" />;

function ProgressBar({ percent, title }: { percent: number; title: string }) {
  const { t } = useTranslation('learner');
  return (
    <div className="enrollments__progress" role="progressbar" aria-label={t('parents.child.progressOf', { title })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="enrollments__progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Each quiz of the course against its pass mark: passed, best score so far, or not attempted yet. */
export function QuizScores({ course }: { course: ChildCourseProgress }) {
  const { t } = useTranslation('learner');
  const text = useChildCourseText();
  const attempted = course.quizScores.filter((quiz) => !course.quizzesToPass.some((open) => open.quizId === quiz.quizId));
  if (attempted.length === 0 && course.quizzesToPass.length === 0) return <span>{t('parents.quiz.none')}</span>;
  return (
    <ul className="parents__quizzes">
      {attempted.map((quiz) => (
        <li key={quiz.quizId}>
          {t('parents.quiz.passed', { title: quiz.title, percent: quiz.bestPercent, passMark: quiz.passMark })}
        </li>
      ))}
      {course.quizzesToPass.map((quiz) => (
        <li key={quiz.quizId}>{text.quizToPass(quiz)}</li>
      ))}
    </ul>
  );
}

/** The status as text with a coloured mark: it is not a control, so it does not look like one. */
export function StatusChip({ course }: { course: ChildCourseProgress }) {
  const text = useChildCourseText();
  return <span className={`parents__status parents__status--${course.status}`}>{text.status(course)}</span>;
}

/** The course's notes and tests, for the parent to read along (links valid for a few minutes: reload for fresh ones). */
function LectureFiles({ course }: { course: ChildCourseProgress }) {
  const { t } = useTranslation('learner');
  const files = course.lectureFiles ?? [];
  if (files.length === 0) return null;
  return (
    <details className="parents__files">
      <summary>
        <Trans t={t} i18nKey="parents.child.notesAndTests" values={{ title: course.courseTitle }} components={{ hidden }} />
      </summary>
      <ul>
        {files.map((lecture) => (
          <li key={lecture.lectureId}>
            {lecture.lectureTitle}:{' '}
            {lecture.notesUrl && (
              <a href={lecture.notesUrl} target="_blank" rel="noopener noreferrer">
                <Trans t={t} i18nKey="parents.child.notes" values={{ title: lecture.lectureTitle }} components={{ hidden }} />
              </a>
            )}
            {lecture.notesUrl && lecture.testUrl && ' · '}
            {lecture.testUrl && (
              <a href={lecture.testUrl} target="_blank" rel="noopener noreferrer">
                <Trans t={t} i18nKey="parents.child.test" values={{ title: lecture.lectureTitle }} components={{ hidden }} />
              </a>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The course's assignments the educator has reviewed, with the marks given. */
function AssignmentMarks({ course }: { course: ChildCourseProgress }) {
  const { t } = useTranslation('learner');
  if (course.totalAssignments === 0) return <span>{t('parents.child.noAssignments')}</span>;
  return (
    <>
      <span>{t('parents.child.reviewedCount', { reviewed: course.reviewedAssignments, total: course.totalAssignments })}</span>
      {course.assignmentMarks.length > 0 && (
        <ul className="parents__quizzes">
          {course.assignmentMarks.map((assignment) => (
            <li key={assignment.assignmentId}>
              {t('parents.child.assignmentMarks', { title: assignment.title, marks: assignment.marks, maxMarks: assignment.maxMarks })}
              {assignment.file && (
                <>
                  {' '}
                  <a href={assignment.file.url} download={assignment.file.name}>
                    <Trans t={t} i18nKey="parents.child.downloadWork" values={{ title: assignment.title }} components={{ hidden }} />
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function CourseRow({ course, onCertificate }: { course: ChildCourseProgress; onCertificate(path: string): void }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const text = useChildCourseText();
  return (
    <tr className="enrollments__row">
      <td className="enrollments__course" data-label={t('parents.child.columns.course')}>
        <img className="enrollments__thumbnail" src={course.courseThumbnail} alt="" />
        <div className="enrollments__course-text">
          <p className="enrollments__title">{course.courseTitle}</p>
          <ProgressBar percent={course.percent} title={course.courseTitle} />
          <LectureFiles course={course} />
        </div>
      </td>
      <td data-label={t('parents.child.columns.completed')}>
        {course.completedLectures} / {course.totalLectures} <span>{t('parents.child.lectures')}</span>
      </td>
      <td data-label={t('parents.child.columns.status')}>
        <StatusChip course={course} />
      </td>
      <td data-label={t('parents.child.columns.lastActivity')}>{course.lastActivityAt ? format.date(course.lastActivityAt) : t('parents.child.notStarted')}</td>
      <td data-label={t('parents.child.columns.rating')}>
        {course.rating === null ? (
          t('parents.child.notRated')
        ) : (
          <span className="parents__rating">
            <Stars rating={course.rating} /> <span>{t('parents.child.ratingOf', { rating: course.rating })}</span>
          </span>
        )}
      </td>
      <td data-label={t('parents.child.columns.quizScores')}>
        <QuizScores course={course} />
      </td>
      <td data-label={t('parents.child.columns.assignments')}>
        <AssignmentMarks course={course} />
      </td>
      <td data-label={t('parents.child.columns.certificate')}>
        {course.certificate ? (
          <button type="button" className="parents__download" onClick={() => onCertificate(course.certificate!.downloadPath)}>
            <Trans t={t} i18nKey="parents.child.downloadCertificate" values={{ title: course.courseTitle }} components={{ hidden }} />
          </button>
        ) : (
          text.certificateLine(course)
        )}
      </td>
    </tr>
  );
}

/** The doubts the child asked under lectures: where, when, answered or not (newest first). */
function ChildDoubts({ childId, name }: { childId: string; name: string }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const api = useApi();
  const doubtsQuery = useInfiniteQuery({
    queryKey: queryKeys.parents.childDoubts(childId),
    queryFn: ({ pageParam }) => fetchChildDoubts(api, childId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { errorToast: false },
  });
  // The pages read as one list of rows.
  const doubts = toLoadable({ isError: doubtsQuery.isError, error: doubtsQuery.error, refetch: doubtsQuery.refetch, data: doubtsQuery.data?.pages.flatMap((page) => page.doubts) });
  return (
    <section className="child-doubts" aria-labelledby="child-doubts-title">
      <h2 id="child-doubts-title">{t('parents.doubts.title')}</h2>
      {doubts.status === 'error' ? (
        <ErrorPanel message={doubts.message} onRetry={doubts.reload} />
      ) : doubts.status === 'loading' ? (
        <LoadingView label={t('parents.doubts.loading')} />
      ) : doubts.data.length === 0 ? (
        <p>{t('parents.doubts.none', { name })}</p>
      ) : (
        <table className="enrollments__table parents__table">
          <caption className="visually-hidden">{t('parents.doubts.caption', { name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('parents.doubts.columns.course')}</th>
              <th scope="col">{t('parents.doubts.columns.lecture')}</th>
              <th scope="col">{t('parents.doubts.columns.asked')}</th>
              <th scope="col">{t('parents.doubts.columns.answered')}</th>
            </tr>
          </thead>
          <tbody>
            {doubts.data.map((doubt) => (
              <tr key={doubt.id} className="enrollments__row">
                <td data-label={t('parents.doubts.columns.course')}>{doubt.courseTitle}</td>
                <td data-label={t('parents.doubts.columns.lecture')}>{doubt.lectureTitle ?? t('parents.doubts.lectureRemoved')}</td>
                <td data-label={t('parents.doubts.columns.asked')}>{format.date(doubt.askedAt)}</td>
                <td data-label={t('parents.doubts.columns.answered')}>
                  {doubt.educatorAnswered ? t('parents.doubts.byEducator') : doubt.answered ? t('parents.doubts.byClassmates') : t('parents.doubts.notYet')}
                  {doubt.resolved ? ` · ${t('parents.doubts.resolved')}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {doubtsQuery.hasNextPage && (
        <button type="button" className="button button--secondary" disabled={doubtsQuery.isFetchingNextPage} onClick={() => void doubtsQuery.fetchNextPage()}>
          {t('parents.doubts.showMore')}
        </button>
      )}
    </section>
  );
}

/** /parent/child/:id: one linked child's courses, read-only. A child not linked (any more) answers 404. */
export function ChildProgressPage() {
  const { t } = useTranslation('learner');
  const taxonomy = useTaxonomyLabels();
  const format = useFormat();
  const { id = '' } = useParams();
  const { isLoading, isAuthenticated, isParent, login } = useCurrentUser();
  const progress = useChildProgress(id, isAuthenticated && isParent);
  const { getAccessTokenSilently } = usePortalAuth();
  const { apiBaseUrl } = useRuntimeConfig();
  const toast = useToast();

  if (isLoading) return <LoadingView label={t('parents.child.loading')} />;
  if (!isAuthenticated) return <LoginRequired text={t('parents.child.loginText')} onLogin={() => void login(`/parent/child/${id}`)} />;
  if (!isParent) return <NotAParent />;

  const certificate = async (path: string) => {
    try {
      await downloadCertificateAt(apiBaseUrl, (await getAccessTokenSilently()) ?? '', path);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  if (progress.status === 'loading') return <LoadingView label={t('parents.child.loading')} />;
  if (progress.status === 'error') {
    return (
      <div className="parents">
        <h1>{t('parents.child.titleUnknown')}</h1>
        {progress.httpStatus === 404 ? (
          <p role="alert">
            {progress.message}. <Link to="/parent">{t('parents.child.back')}</Link>
          </p>
        ) : (
          <ErrorPanel message={progress.message} onRetry={progress.reload} />
        )}
      </div>
    );
  }
  const { child, courses } = progress.data;
  return (
    <div className="parents">
      <p>
        <Link to="/parent">{t('parents.myChildren')}</Link>
      </p>
      <h1>{t('parents.child.title', { name: child.name })}</h1>
      {child.schoolClass ? (
        <p className="child-progress__class">
          {t('parents.child.schoolClass', { schoolClass: child.schoolClass })}
          {child.board ? ` · ${taxonomy.board(child.board)}` : ''}
        </p>
      ) : null}
      <p>
        {t('parents.child.readOnly', { name: child.name, date: format.date(child.linkedAt) })}
      </p>
      {courses.length === 0 ? (
        <p>
          <Trans t={t} i18nKey="parents.notEnrolledYet" values={{ name: child.name }} components={{ pageLink: <Link to="/course-list" /> }} />
        </p>
      ) : (
        <table className="enrollments__table parents__table">
          <caption className="visually-hidden">{t('parents.child.caption', { name: child.name })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('parents.child.columns.course')}</th>
              <th scope="col">{t('parents.child.columns.completed')}</th>
              <th scope="col">{t('parents.child.columns.status')}</th>
              <th scope="col">{t('parents.child.columns.lastActivity')}</th>
              <th scope="col">{t('parents.child.columns.rating')}</th>
              <th scope="col">{t('parents.child.columns.quizScores')}</th>
              <th scope="col">{t('parents.child.columns.assignments')}</th>
              <th scope="col">{t('parents.child.columns.certificate')}</th>
            </tr>
          </thead>
          <tbody>
            {courses.map((course) => (
              <CourseRow key={course.courseId} course={course} onCertificate={(path) => void certificate(path)} />
            ))}
          </tbody>
        </table>
      )}
      <AskTheEducator childId={child.id} childName={child.name} courses={courses} />
      <ChildDoubts childId={child.id} name={child.name} />
      <LiveAttendanceList childId={child.id} name={child.name} />
    </div>
  );
}
