import {
  educatorCoursesChecklistRoute,
  educatorCoursesDraftRoute,
  educatorCoursesPublishRoute,
  educatorCoursesSaveDraftRoute,
  educatorCoursesThumbnailRoute,
  educatorCoursesUploadLectureFileRoute,
  type CourseChecklistItem,
  type CourseDraftContentInput,
  type CourseDraftDto,
  type CourseDraftSaved,
  type CoursePublicationResult,
  type LectureFileUploaded,
} from '@academy/contracts';
import { callApi, type ApiClient, type UploadProgress } from '@academy/platform';

/** GET …/draft: the draft as last saved (404 once published or when it is not the caller's). */
export function fetchDraft(api: ApiClient, courseId: string): Promise<CourseDraftDto> {
  return callApi(api, educatorCoursesDraftRoute, { params: { id: courseId } });
}

/** PUT …/draft: version 0 creates the draft under this id; a stale version answers 409. */
export function saveDraft(api: ApiClient, courseId: string, baseVersion: number, draft: CourseDraftContentInput): Promise<CourseDraftSaved> {
  return callApi(api, educatorCoursesSaveDraftRoute, { params: { id: courseId }, body: { baseVersion, draft } });
}

/** PUT …/thumbnail: stored at once, so a draft keeps its image across reloads. */
export async function uploadThumbnail(api: ApiClient, courseId: string, image: File, onUploadProgress?: (progress: UploadProgress) => void): Promise<string> {
  const form = new FormData();
  form.append('image', image);
  const { thumbnailUrl } = await callApi(api, educatorCoursesThumbnailRoute, { params: { id: courseId }, form }, { onUploadProgress });
  return thumbnailUrl;
}

/** POST …/lecture-files: a notes or test PDF, stored as a paid file; the answer's link is signed for the educator. */
export function uploadLectureFile(api: ApiClient, courseId: string, file: File, onUploadProgress?: (progress: UploadProgress) => void): Promise<LectureFileUploaded> {
  const form = new FormData();
  form.append('file', file);
  return callApi(api, educatorCoursesUploadLectureFileRoute, { params: { id: courseId }, form }, { onUploadProgress });
}

export async function fetchChecklist(api: ApiClient, courseId: string): Promise<CourseChecklistItem[]> {
  return (await callApi(api, educatorCoursesChecklistRoute, { params: { id: courseId } })).missing;
}

export function publishCourse(api: ApiClient, courseId: string): Promise<CoursePublicationResult> {
  return callApi(api, educatorCoursesPublishRoute, { params: { id: courseId } });
}
