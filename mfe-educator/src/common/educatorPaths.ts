import pagesFile from '../pages.json';

/** Links inside the educator area: its own pages (`pages.json`), and the pages of one course (edit, preview, its draft). */
export const educatorPaths = {
  ...pagesFile.pages,
  editCourse: (courseId: string) => pagesFile.pages.editCourse.replace(':courseId', encodeURIComponent(courseId)),
  previewCourse: (courseId: string) => pagesFile.pages.previewCourse.replace(':courseId', encodeURIComponent(courseId)),
  /** Quiz results, of one course when given (My Courses links each course's; the dashboard the page). */
  quizResults: (courseId?: string) =>
    courseId ? `${pagesFile.pages.quizResults}?${new URLSearchParams({ course: courseId }).toString()}` : pagesFile.pages.quizResults,
  /** Add Course with a draft open (My Courses' "Continue editing"). */
  continueDraft: (courseId: string) => `${pagesFile.pages.addCourse}?${new URLSearchParams({ draft: courseId }).toString()}`,
} as const;
