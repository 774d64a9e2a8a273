import type { CourseDraftContentInput } from '@academy/contracts';
import {
  ApiError,
  queryKeys,
  Trans,
  useApi,
  useCurrentUser,
  useFormat,
  useQueryClient,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { Link, useLocation, useNavigate, useParams } from '@academy/routing';
import { useRef, useState } from 'react';
import { educatorPaths } from '../common/educatorPaths';
import { UnsavedChangesGuard } from '../common/UnsavedChangesGuard';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { QuizInsight } from '../quiz-insight/QuizInsight';
import { CourseForm } from './components/CourseForm';
import { fetchCourseForEditing, updateCourse } from './data/authoringApi';
import { draftFromCourse, formFromDraft } from './data/courseDraft';
import { uploadLectureFile } from './data/draftApi';
import { clearUnsavedEdits, readUnsavedEdits, writeUnsavedEdits } from './data/editStorage';
import './add-course.css';

/** Sign-in that could not be renewed silently (the refresh token expired or was revoked), or a 401 from the API. */
function isExpiredSignIn(failure: unknown): boolean {
  if (failure instanceof ApiError && failure.status === 401) return true;
  const code = (failure as { error?: unknown } | null)?.error;
  return typeof code === 'string' && ['login_required', 'missing_refresh_token', 'invalid_grant', 'consent_required'].includes(code);
}

/**
 * /educator/edit-course/:courseId (beyond the spec): the add-course form, prefilled; saving goes back to My Courses.
 * Unsaved edits are kept in this tab and offered again (an expired sign-in keeps them through signing in), and
 * leaving with unsaved edits asks first.
 */
export function EditCoursePage() {
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const toast = useToast();
  const { t } = useTranslation('educator');
  const format = useFormat();
  const signInExpired = t('addCourse.edit.signInExpired');
  const api = useApi();
  const { login } = useCurrentUser();
  const queryClient = useQueryClient();
  const { state, reload } = useRemoteData(queryKeys.educator.courseForEditing(courseId), (api) => fetchCourseForEditing(api, courseId));
  // Enrolled learners, for the warning before a delete (the same cached list as My Courses).
  const { state: myCourses } = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const enrolledCount = myCourses.status === 'ready' ? (myCourses.data.find((course) => course._id === courseId)?.studentCount ?? 0) : 0;

  // Edits kept from an earlier visit of this tab, read once; "Discard" remounts the form from the server's copy.
  const [restored, setRestored] = useState(() => readUnsavedEdits(courseId));
  const [formGeneration, setFormGeneration] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [sessionExpired, setSessionExpired] = useState(false);
  const [leavingToSignIn, setLeavingToSignIn] = useState(false);
  const dirtyRef = useRef(false);
  const contentRef = useRef<CourseDraftContentInput | null>(null);

  const onContentChange = (content: CourseDraftContentInput) => {
    contentRef.current = content;
    if (dirtyRef.current) writeUnsavedEdits(courseId, content);
  };
  const onDirtyChange = (isDirty: boolean) => {
    dirtyRef.current = isDirty;
    setDirty(isDirty);
    if (!isDirty) clearUnsavedEdits(courseId);
    else if (contentRef.current) writeUnsavedEdits(courseId, contentRef.current);
  };

  const discardRestored = () => {
    clearUnsavedEdits(courseId);
    setRestored(null);
    contentRef.current = null;
    setFormGeneration((n) => n + 1);
  };

  const signInAgain = () => {
    setLeavingToSignIn(true); // the edits are in session storage: no "leave the page?" question on the way out
    setTimeout(() => void login(pathname), 0);
  };

  return (
    <div className="add-course">
      <h1 className="page-title">{t('addCourse.edit.title')}</h1>
      {state.status === 'loading' && <LoadingView label={t('addCourse.edit.loading')} />}
      {state.status === 'error' && (
        <ErrorPanel title={t('addCourse.edit.loadFailed')} message={state.message} onRetry={reload} />
      )}
      {state.status === 'error' && <Link to={educatorPaths.myCourses}>{t('addCourse.page.backToMyCourses')}</Link>}
      {state.status === 'ready' && (
        <p>
          <Trans t={t} i18nKey="addCourse.edit.previewHint" components={{ preview: <Link to={educatorPaths.previewCourse(courseId)} /> }} />
        </p>
      )}
      {sessionExpired && (
        <div className="edit-course__notice edit-course__notice--warning" role="alert">
          <p>{signInExpired}</p>
          <button type="button" className="button" onClick={signInAgain}>
            {t('addCourse.edit.signInAgain')}
          </button>
        </div>
      )}
      {state.status === 'ready' && restored && (
        <div className="edit-course__notice" role="status">
          <p>{t('addCourse.edit.restored', { date: format.date(restored.changedAt) })}</p>
          <button type="button" className="button button--secondary" onClick={discardRestored}>
            {t('addCourse.edit.discard')}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <CourseForm
          key={`${state.data._id}-${formGeneration}`}
          initial={{ ...(restored ? formFromDraft(restored.content) : draftFromCourse(state.data)), thumbnailUrl: state.data.courseThumbnail }}
          startsDirty={restored !== null}
          submitLabel={t('addCourse.edit.submit')}
          busyLabel={t('addCourse.edit.saving')}
          submit={async (form, onUploadProgress) => {
            try {
              const result = await updateCourse(api, courseId, form, onUploadProgress);
              setSessionExpired(false);
              return result;
            } catch (failure) {
              if (!isExpiredSignIn(failure)) throw failure;
              setSessionExpired(true);
              throw new Error(signInExpired, { cause: failure });
            }
          }}
          lectureFiles={async (file, onUploadProgress) => {
            const stored = await uploadLectureFile(api, courseId, file, onUploadProgress);
            return { url: stored.url, fileName: file.name };
          }}
          enrolledCount={enrolledCount}
          saveWhenQuizSaved
          onContentChange={onContentChange}
          onDirtyChange={onDirtyChange}
          onSuccess={(result, _reset, { stay }) => {
            clearUnsavedEdits(courseId);
            setRestored(null);
            void queryClient.invalidateQueries({ queryKey: queryKeys.educator.all });
            if (stay) {
              toast.success(t('addCourse.edit.quizSaved'));
              return;
            }
            toast.success(result.message);
            // My Courses, the dashboard and this form show the course: all load it afresh.
            dirtyRef.current = false;
            setDirty(false);
            navigate(educatorPaths.myCourses);
          }}
        />
      )}
      <UnsavedChangesGuard when={dirty && !leavingToSignIn} what={t('addCourse.edit.unsavedWhat')} onLeave={() => clearUnsavedEdits(courseId)} />
      {state.status === 'ready' && <QuizInsight courseId={courseId} />}
    </div>
  );
}
