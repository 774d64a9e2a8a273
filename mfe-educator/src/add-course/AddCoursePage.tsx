import { queryKeys, useApi, useToast } from '@academy/platform';
import { useQueryClient } from '@tanstack/react-query';
import { CourseForm } from './components/CourseForm';
import { addCourse } from './data/authoringApi';
import './add-course.css';

/** /educator/add-course: on success the server's message shows and every field (the editor too) is cleared. */
export function AddCoursePage() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  return (
    <div className="add-course">
      <h1 className="page-title">Add Course</h1>
      <CourseForm
        submitLabel="ADD"
        busyLabel="Adding…"
        submit={(form, onUploadProgress) => addCourse(api, form, onUploadProgress)}
        onSuccess={(result, reset) => {
          toast.success(result.message);
          void queryClient.invalidateQueries({ queryKey: queryKeys.educator.all });
          reset();
        }}
      />
    </div>
  );
}
