import { boardLabel, formatDate, quizToPassText, type ChildCourseProgress } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useCurrentUser, usePortalAuth, useRuntimeConfig, useToast } from '@academy/platform';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorPanel, LoadingView, Stars } from '@academy/ui';
import { Link, useParams } from '@academy/routing';
import { downloadCertificateAt, LoginRequired } from '../../enrollments';
import { fetchChildDoubts } from '../data/parentsApi';
import { AskTheEducator } from '../components/AskTheEducator';
import { useChildProgress } from '../data/useParents';
import { NotAParent } from './ParentHomePage';
import '../../enrollments/pages/MyEnrollmentsPage.css';
import './Parents.css';

function ProgressBar({ percent, title }: { percent: number; title: string }) {
  return (
    <div className="enrollments__progress" role="progressbar" aria-label={`Progress of ${title}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="enrollments__progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** Each quiz of the course against its pass mark: passed, best score so far, or not attempted yet. */
export function QuizScores({ course }: { course: ChildCourseProgress }) {
  const attempted = course.quizScores.filter((quiz) => !course.quizzesToPass.some((open) => open.quizId === quiz.quizId));
  if (attempted.length === 0 && course.quizzesToPass.length === 0) return <span>No quizzes in this course</span>;
  return (
    <ul className="parents__quizzes">
      {attempted.map((quiz) => (
        <li key={quiz.quizId}>
          {quiz.title}: {quiz.bestPercent}%, passed (pass mark {quiz.passMark}%)
        </li>
      ))}
      {course.quizzesToPass.map((quiz) => (
        <li key={quiz.quizId}>{quizToPassText(quiz)}</li>
      ))}
    </ul>
  );
}

/** The status as text with a coloured mark: it is not a control, so it does not look like one. */
export function StatusChip({ course }: { course: ChildCourseProgress }) {
  return <span className={`parents__status parents__status--${course.status}`}>{course.statusLabel}</span>;
}

/** The course's notes and tests, for the parent to read along (links valid for a few minutes: reload for fresh ones). */
function LectureFiles({ course }: { course: ChildCourseProgress }) {
  const files = course.lectureFiles ?? [];
  if (files.length === 0) return null;
  return (
    <details className="parents__files">
      <summary>
        Notes and tests<span className="visually-hidden"> of {course.courseTitle}</span>
      </summary>
      <ul>
        {files.map((lecture) => (
          <li key={lecture.lectureId}>
            {lecture.lectureTitle}:{' '}
            {lecture.notesUrl && (
              <a href={lecture.notesUrl} target="_blank" rel="noopener noreferrer">
                Notes<span className="visually-hidden"> of {lecture.lectureTitle} (opens in a new tab)</span>
              </a>
            )}
            {lecture.notesUrl && lecture.testUrl && ' · '}
            {lecture.testUrl && (
              <a href={lecture.testUrl} target="_blank" rel="noopener noreferrer">
                Test<span className="visually-hidden"> of {lecture.lectureTitle} (opens in a new tab)</span>
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
  if (course.totalAssignments === 0) return <span>No assignments</span>;
  return (
    <>
      <span>
        {course.reviewedAssignments} / {course.totalAssignments} reviewed
      </span>
      {course.assignmentMarks.length > 0 && (
        <ul className="parents__quizzes">
          {course.assignmentMarks.map((assignment) => (
            <li key={assignment.assignmentId}>
              {assignment.title}: {assignment.marks} / {assignment.maxMarks} marks
              {assignment.file && (
                <>
                  {' '}
                  <a href={assignment.file.url} download={assignment.file.name}>
                    Download the work<span className="visually-hidden"> handed in for {assignment.title}</span>
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
  return (
    <tr className="enrollments__row">
      <td className="enrollments__course" data-label="Course">
        <img className="enrollments__thumbnail" src={course.courseThumbnail} alt="" />
        <div className="enrollments__course-text">
          <p className="enrollments__title">{course.courseTitle}</p>
          <ProgressBar percent={course.percent} title={course.courseTitle} />
          <LectureFiles course={course} />
        </div>
      </td>
      <td data-label="Completed">
        {course.completedLectures} / {course.totalLectures} <span>Lectures</span>
      </td>
      <td data-label="Status">
        <StatusChip course={course} />
      </td>
      <td data-label="Last activity">{course.lastActivityAt ? formatDate(course.lastActivityAt) : 'Not started'}</td>
      <td data-label="Rating">
        {course.rating === null ? (
          'Not rated'
        ) : (
          <span className="parents__rating">
            <Stars rating={course.rating} /> <span>{course.rating} of 5</span>
          </span>
        )}
      </td>
      <td data-label="Quiz scores">
        <QuizScores course={course} />
      </td>
      <td data-label="Assignments">
        <AssignmentMarks course={course} />
      </td>
      <td data-label="Certificate">
        {course.certificate ? (
          <button type="button" className="parents__download" onClick={() => onCertificate(course.certificate!.downloadPath)}>
            Download certificate<span className="visually-hidden"> of {course.courseTitle}</span>
          </button>
        ) : (
          course.certificateLine
        )}
      </td>
    </tr>
  );
}

/** The doubts the child asked under lectures: where, when, answered or not (newest first). */
function ChildDoubts({ childId, name }: { childId: string; name: string }) {
  const api = useApi();
  const doubts = useInfiniteQuery({
    queryKey: queryKeys.parents.childDoubts(childId),
    queryFn: ({ pageParam }) => fetchChildDoubts(api, childId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { errorToast: false },
  });
  const rows = doubts.data?.pages.flatMap((page) => page.doubts) ?? [];
  return (
    <section className="child-doubts" aria-labelledby="child-doubts-title">
      <h2 id="child-doubts-title">Doubts asked</h2>
      {doubts.isError ? (
        <ErrorPanel message={errorMessage(doubts.error)} onRetry={() => void doubts.refetch()} />
      ) : doubts.isLoading ? (
        <LoadingView label="Loading doubts" />
      ) : rows.length === 0 ? (
        <p>{name} has not asked any doubts yet.</p>
      ) : (
        <table className="enrollments__table parents__table">
          <caption className="visually-hidden">Doubts {name} asked</caption>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Lecture</th>
              <th scope="col">Asked</th>
              <th scope="col">Answered</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((doubt) => (
              <tr key={doubt.id} className="enrollments__row">
                <td data-label="Course">{doubt.courseTitle}</td>
                <td data-label="Lecture">{doubt.lectureTitle ?? 'Lecture removed'}</td>
                <td data-label="Asked">{formatDate(doubt.askedAt)}</td>
                <td data-label="Answered">
                  {doubt.educatorAnswered ? 'Yes, by the educator' : doubt.answered ? 'Yes, by classmates' : 'Not yet'}
                  {doubt.resolved ? ' · Resolved' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {doubts.hasNextPage && (
        <button type="button" className="button button--secondary" disabled={doubts.isFetchingNextPage} onClick={() => void doubts.fetchNextPage()}>
          Show more doubts
        </button>
      )}
    </section>
  );
}

/** /parent/child/:id: one linked child's courses, read-only. A child not linked (any more) answers 404. */
export function ChildProgressPage() {
  const { id = '' } = useParams();
  const { isLoading, isAuthenticated, isParent, login } = useCurrentUser();
  const progress = useChildProgress(id, isAuthenticated && isParent);
  const { getAccessTokenSilently } = usePortalAuth();
  const { apiBaseUrl } = useRuntimeConfig();
  const toast = useToast();

  if (isLoading) return <LoadingView label="Loading progress" />;
  if (!isAuthenticated) return <LoginRequired text="Please log in to see your child's progress" onLogin={() => void login(`/parent/child/${id}`)} />;
  if (!isParent) return <NotAParent />;

  const certificate = async (path: string) => {
    try {
      await downloadCertificateAt(apiBaseUrl, (await getAccessTokenSilently()) ?? '', path);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  if (progress.status === 'loading') return <LoadingView label="Loading progress" />;
  if (progress.status === 'error') {
    return (
      <div className="parents">
        <h1>Child&apos;s progress</h1>
        {progress.httpStatus === 404 ? (
          <p role="alert">
            {progress.message}. <Link to="/parent">Back to My Children</Link>
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
        <Link to="/parent">My Children</Link>
      </p>
      <h1>{child.name}&apos;s progress</h1>
      {child.schoolClass ? (
        <p className="child-progress__class">
          Class {child.schoolClass}
          {child.board ? ` · ${boardLabel(child.board)}` : ''}
        </p>
      ) : null}
      <p>
        Read-only: what {child.name} sees in My Enrollments. Linked since {formatDate(child.linkedAt)}.
      </p>
      {courses.length === 0 ? (
        <p>
          {child.name} is not enrolled in any course yet. <Link to="/course-list">Find a course</Link> and choose Enroll my child.
        </p>
      ) : (
        <table className="enrollments__table parents__table">
          <caption className="visually-hidden">Courses of {child.name}</caption>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Completed</th>
              <th scope="col">Status</th>
              <th scope="col">Last activity</th>
              <th scope="col">Rating</th>
              <th scope="col">Quiz scores</th>
              <th scope="col">Assignments</th>
              <th scope="col">Certificate</th>
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
    </div>
  );
}
