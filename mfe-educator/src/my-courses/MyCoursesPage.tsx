import { formatDate, formatPrice, pluralize, type EducatorCourse } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useToast } from '@academy/platform';
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
      <h1 className="page-title">My Courses</h1>
      {state.status === 'loading' && <LoadingView label="Loading your courses" />}
      {state.status === 'error' && <ErrorPanel title="Your courses could not be loaded" message={state.message} onRetry={reload} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <p>
            You have no courses yet. <Link to={educatorPaths.addCourse}>Add your first course</Link>.
          </p>
        ) : (
          <TableScroll label="My courses">
            <table className="data-table data-table--cards">
              <thead>
                <tr>
                  <th scope="col">All Courses</th>
                  <th scope="col">Earnings</th>
                  <th scope="col">Students</th>
                  <th scope="col">Published On</th>
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((course) => (
                  <tr key={course._id}>
                    <th scope="row" className="my-courses__course">
                      {course.courseThumbnail ? (
                        <img src={course.courseThumbnail} alt="" width={64} height={36} loading="lazy" />
                      ) : (
                        <span className="my-courses__no-thumbnail" aria-hidden="true" />
                      )}
                      <span>
                        {course.courseTitle || 'Untitled draft'}
                        {course.isDraft ? (
                          <span className="my-courses__badge">Draft</span>
                        ) : (
                          !course.isPublished && <span className="my-courses__badge">Unpublished</span>
                        )}
                      </span>
                    </th>
                    <td data-label="Earnings">{formatPrice(course.earnings)}</td>
                    <td data-label="Students">{course.studentCount}</td>
                    <td data-label="Published On">
                      {course.isDraft ? 'Not yet' : <time dateTime={course.createdAt}>{formatDate(course.createdAt)}</time>}
                    </td>
                    {course.isDraft ? (
                      <td className="my-courses__actions data-table__actions">
                        <Link
                          className="my-courses__action"
                          to={educatorPaths.continueDraft(course._id)}
                          aria-label={`Continue editing ${course.courseTitle || 'Untitled draft'}`}
                        >
                          Continue editing
                        </Link>
                        <Link className="my-courses__action" to={educatorPaths.previewCourse(course._id)} aria-label={`Preview ${course.courseTitle || 'Untitled draft'}`}>
                          Preview
                        </Link>
                      </td>
                    ) : (
                    <td className="my-courses__actions data-table__actions">
                      <Link className="my-courses__action" to={educatorPaths.editCourse(course._id)} aria-label={`Edit ${course.courseTitle}`}>
                        Edit
                      </Link>
                      <Link className="my-courses__action" to={educatorPaths.quizResults(course._id)} aria-label={`Quiz results of ${course.courseTitle}`}>
                        Quiz results
                      </Link>
                      <button
                        type="button"
                        className="my-courses__action"
                        disabled={busyId === course._id}
                        aria-label={`${course.isPublished ? 'Unpublish' : 'Republish'} ${course.courseTitle}`}
                        // Unpublishing asks first (it hides the course from the catalogue); republishing does not.
                        onClick={() => (course.isPublished ? setConfirming(course) : void togglePublished(course))}
                      >
                        {course.isPublished ? 'Unpublish' : 'Republish'}
                      </button>
                    </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}
      {confirming && (
        <ConfirmDialog
          title={`Unpublish '${confirming.courseTitle}'?`}
          confirmLabel="Unpublish"
          destructive
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const course = confirming;
            setConfirming(null);
            void togglePublished(course);
          }}
        >
          <p>The course leaves the catalogue at once: nobody new can find it or enrol.</p>
          <p>
            {confirming.studentCount > 0
              ? `${pluralize(confirming.studentCount, 'learner')} already enrolled ${confirming.studentCount === 1 ? 'keeps' : 'keep'} full access: their lectures, quizzes, progress and certificates stay as they are.`
              : 'No learner is enrolled yet.'}{' '}
            You can republish it at any time.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
