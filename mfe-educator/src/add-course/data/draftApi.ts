import type {
  CourseChecklistAnswer,
  CourseChecklistItem,
  CourseDraftContentInput,
  CourseDraftDto,
  CourseDraftSaved,
  CoursePublicationResult,
  LectureFileUploaded,
} from '@academy/contracts';
import type { ApiClient, UploadProgress } from '@academy/platform';

const coursePath = (courseId: string) => `/educator/courses/${encodeURIComponent(courseId)}`;

/** GET …/draft: the draft as last saved (404 once published or when it is not the caller's). */
export function fetchDraft(api: ApiClient, courseId: string): Promise<CourseDraftDto> {
  return api.get<CourseDraftDto>(`${coursePath(courseId)}/draft`);
}

/** PUT …/draft: version 0 creates the draft under this id; a stale version answers 409. */
export function saveDraft(api: ApiClient, courseId: string, baseVersion: number, draft: CourseDraftContentInput): Promise<CourseDraftSaved> {
  return api.put<CourseDraftSaved>(`${coursePath(courseId)}/draft`, { baseVersion, draft });
}

/** PUT …/thumbnail: stored at once, so a draft keeps its image across reloads. */
export async function uploadThumbnail(api: ApiClient, courseId: string, image: File, onUploadProgress?: (progress: UploadProgress) => void): Promise<string> {
  const form = new FormData();
  form.append('image', image);
  const { thumbnailUrl } = await api.putForm<{ thumbnailUrl: string }>(`${coursePath(courseId)}/thumbnail`, form, { onUploadProgress });
  return thumbnailUrl;
}

/** POST …/lecture-files: a notes or test PDF, stored as a paid file; the answer's link is signed for the educator. */
export function uploadLectureFile(api: ApiClient, courseId: string, file: File, onUploadProgress?: (progress: UploadProgress) => void): Promise<LectureFileUploaded> {
  const form = new FormData();
  form.append('file', file);
  return api.postForm<LectureFileUploaded>(`${coursePath(courseId)}/lecture-files`, form, { onUploadProgress });
}

export async function fetchChecklist(api: ApiClient, courseId: string): Promise<CourseChecklistItem[]> {
  return (await api.get<CourseChecklistAnswer>(`${coursePath(courseId)}/checklist`)).missing;
}

export function publishCourse(api: ApiClient, courseId: string): Promise<CoursePublicationResult> {
  return api.post<CoursePublicationResult>(`${coursePath(courseId)}/publish`);
}
