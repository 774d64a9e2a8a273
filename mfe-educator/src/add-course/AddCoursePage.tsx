import { useApi, useToast } from '@academy/platform';
import { CourseForm } from './components/CourseForm';
import { addCourse } from './data/authoringApi';
import './add-course.css';

/** /educator/add-course: on success the server's message shows and every field (the editor too) is cleared. */
export function AddCoursePage() {
  const api = useApi();
  const toast = useToast();
  return (
    <div className="add-course">
      <h1 className="page-title">Add Course</h1>
      <CourseForm
        submitLabel="ADD"
        busyLabel="Adding…"
        submit={(form) => addCourse(api, form)}
        onSuccess={(result, reset) => {
          toast.success(result.message);
          reset();
        }}
      />
    </div>
  );
}
