import type { EducatorCourse } from '@academy/contracts';
import { errorMessage, queryKeys, Trans, useApi, useFormat, useToast, useTranslation } from '@academy/platform';
import { ConfirmDialog, ErrorPanel, LoadingView } from '@academy/ui';
import { useState } from 'react';
import { Link } from '@academy/routing';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCoursesWithEarnings, setCoursePublished } from './data/myCoursesApi';
import './my-courses.css';
import { TableScroll } from '../common/TableScroll';

/** /educator/my-courses: the educator's courses with earnings, students and date, plus edit and (un)publish. */
export function MyCoursesPage() {
  const { state, reload, setData } = useRemoteData(queryKeys.educator.myCoursesWithEarnings(), fetchMyCoursesWithEarnings);
  const api = useApi();
  const toast = useToast();
  const { t } = useTranslation('educator');
  const format = useFormat();
  const [busyId, setBusyId] = useState<string | null>(null);
  /** The course whose Unpublish was pressed: it waits for the confirmation. */
  const [confirming, setConfirming] = useState<EducatorCourse | null>(null);

  const togglePublished = async (course: EducatorCourse) => {
    setBusyId(course._id);
    try {
      const result = await setCoursePublished(api, course._id, !course.isPublished);
      setData((courses) => courses.map((c) => (c._id === course._id ? { ...c, isPublished: result.isPublished } : c)));
      toast.success(result.message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="my-courses">
      <h1 className="page-title">{t('myCourses.title')}</h1>
      {state.status === 'loading' && <LoadingView label={t('myCourses.loading')} />}
      {state.status === 'error' && <ErrorPanel title={t('myCourses.loadFailed')} message={state.message} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p>
            <Trans t={t} i18nKey="myCourses.empty" components={{ add: <Link to={educatorPaths.addCourse} /> }} />
          </p>
        ) : (
          <TableScroll label={t('myCourses.tableLabel')}>
            <table className="data-table data-table--cards">
              <thead>
                <tr>
                  <th scope="col">{t('myCourses.columns.allCourses')}</th>
                  <th scope="col">{t('myCourses.columns.earnings')}</th>
                  <th scope="col">{t('myCourses.columns.students')}</th>
                  <th scope="col">{t('myCourses.columns.publishedOn')}</th>
                  <th scope="col"><span className="visually-hidden">{t('myCourses.columns.actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((course) => {
                  const title = course.courseTitle || t('myCourses.untitledDraft');
                  return (
                    <tr key={course._id}>
                      <th scope="row" className="my-courses__course">
                        {course.courseThumbnail ? (
                          <img src={course.courseThumbnail} alt="" width={64} height={36} loading="lazy" />
                        ) : (
                          <span className="my-courses__no-thumbnail" aria-hidden="true" />
                        )}
                        <span>
                          {title}
                          {course.isDraft ? (
                            <span className="my-courses__badge">{t('myCourses.draft')}</span>
                          ) : (
                            !course.isPublished && <span className="my-courses__badge">{t('myCourses.unpublished')}</span>
                          )}
                        </span>
                      </th>
                      <td data-label={t('myCourses.columns.earnings')}>{format.price(course.earnings)}</td>
                      <td data-label={t('myCourses.columns.students')}>{format.count(course.studentCount)}</td>
                      <td data-label={t('myCourses.columns.publishedOn')}>
                        {course.isDraft ? t('myCourses.notYet') : <time dateTime={course.createdAt}>{format.date(course.createdAt)}</time>}
                      </td>
                      {course.isDraft ? (
                        <td className="my-courses__actions data-table__actions">
                          <Link className="my-courses__action" to={educatorPaths.continueDraft(course._id)} aria-label={t('myCourses.continueEditingOf', { title })}>
                            {t('myCourses.continueEditing')}
                          </Link>
                          <Link className="my-courses__action" to={educatorPaths.previewCourse(course._id)} aria-label={t('myCourses.previewOf', { title })}>
                            {t('myCourses.preview')}
                          </Link>
                        </td>
                      ) : (
                      <td className="my-courses__actions data-table__actions">
                        <Link className="my-courses__action" to={educatorPaths.editCourse(course._id)} aria-label={t('myCourses.editOf', { title: course.courseTitle })}>
                          {t('myCourses.edit')}
                        </Link>
                        <Link
                          className="my-courses__action"
                          to={educatorPaths.quizResults(course._id)}
                          aria-label={t('myCourses.quizResultsOf', { title: course.courseTitle })}
                        >
                          {t('myCourses.quizResults')}
                        </Link>
                        <button
                          type="button"
                          className="my-courses__action"
                          disabled={busyId === course._id}
                          aria-label={
                            course.isPublished
                              ? t('myCourses.unpublishOf', { title: course.courseTitle })
                              : t('myCourses.republishOf', { title: course.courseTitle })
                          }
                          // Unpublishing asks first (it hides the course from the catalogue); republishing does not.
                          onClick={() => (course.isPublished ? setConfirming(course) : void togglePublished(course))}
                        >
                          {course.isPublished ? t('myCourses.unpublish') : t('myCourses.republish')}
                        </button>
                      </td>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        ))}
      {confirming && (
        <ConfirmDialog
          title={t('myCourses.confirmTitle', { title: confirming.courseTitle })}
          confirmLabel={t('myCourses.unpublish')}
          destructive
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const course = confirming;
            setConfirming(null);
            void togglePublished(course);
          }}
        >
          <p>{t('myCourses.leavesCatalogue')}</p>
          <p>
            {confirming.studentCount > 0
              ? t('myCourses.enrolledKeepAccess', { count: confirming.studentCount, formatted: format.count(confirming.studentCount) })
              : t('myCourses.noLearner')}{' '}
            {t('myCourses.canRepublish')}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
