import pagesFile from '../pages.json';

/** Links inside the educator area: its own pages (`pages.json`), and the edit page of one course. */
export const educatorPaths = {
  ...pagesFile.pages,
  editCourse: (courseId: string) => pagesFile.pages.editCourse.replace(':courseId', encodeURIComponent(courseId)),
} as const;
