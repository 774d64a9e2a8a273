import { educatorCoursesAddCourseRoute, educatorCoursesCourseRoute, educatorCoursesUpdateCourseRoute, type EducatorCourseDetail } from '@academy/contracts';
import { ApiError, callApi, type ApiClient, type UploadProgress } from '@academy/platform';

export interface AuthoringResult {
  message: string;
  /** PUT /api/educator/courses/:id answers with the course as saved (new chapters' and lectures' ids). */
  course?: EducatorCourseDetail;
}

/** Largest thumbnail the catalogue accepts (it answers 413 above this). */
export const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
export const THUMBNAIL_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function courseForm(courseData: object, image: File | null): FormData {
  const form = new FormData();
  form.append('courseData', JSON.stringify(courseData));
  if (image) form.append('image', image);
  return form;
}

/** POST /api/educator/add-course: multipart `courseData` (JSON) and `image`. */
export function addCourse(api: ApiClient, form: FormData, onUploadProgress?: (progress: UploadProgress) => void): Promise<AuthoringResult> {
  return callApi(api, educatorCoursesAddCourseRoute, { form }, { onUploadProgress });
}

/** GET /api/educator/courses/:id: the owner's full course (404 otherwise). */
export async function fetchCourseForEditing(api: ApiClient, courseId: string): Promise<EducatorCourseDetail> {
  // Read as partial: a success without the course would otherwise crash the form far from the cause.
  const { course }: { course?: EducatorCourseDetail } = await callApi(api, educatorCoursesCourseRoute, { params: { id: courseId } });
  if (!course) throw new ApiError('The server sent no course');
  return course;
}

/** PUT /api/educator/courses/:id with the same multipart body; `image` only when a new thumbnail was chosen. */
export function updateCourse(
  api: ApiClient,
  courseId: string,
  form: FormData,
  onUploadProgress?: (progress: UploadProgress) => void,
): Promise<AuthoringResult> {
  return callApi(api, educatorCoursesUpdateCourseRoute, { params: { id: courseId }, form }, { onUploadProgress });
}

