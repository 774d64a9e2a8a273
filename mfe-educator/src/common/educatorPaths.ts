import { educatorPaths as educatorRoutes } from '@academy/platform';

/** Links inside the educator area: the route table's paths, and the edit page of one course. */
export const educatorPaths = {
  ...educatorRoutes,
  editCourse: (courseId: string) => educatorRoutes.editCourse.replace(':courseId', encodeURIComponent(courseId)),
} as const;
