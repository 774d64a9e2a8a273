/** Paths of the catalogue pages, built in one place so links and navigation agree. */
export const COURSE_LIST_PATH = '/course-list';

/** /course-list/{text} for a search, the plain list when the text is blank. */
export function courseListPath(searchText = ''): string {
  const trimmed = searchText.trim();
  return trimmed ? `${COURSE_LIST_PATH}/${encodeURIComponent(trimmed)}` : COURSE_LIST_PATH;
}

export function courseDetailPath(courseId: string): string {
  return `/course/${encodeURIComponent(courseId)}`;
}
