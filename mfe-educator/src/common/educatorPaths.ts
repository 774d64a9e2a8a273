/** Paths of the educator area (absolute: the shell routes /educator and /educator/* to this remote). */
export const educatorPaths = {
  dashboard: '/educator',
  addCourse: '/educator/add-course',
  myCourses: '/educator/my-courses',
  studentsEnrolled: '/educator/students-enrolled',
  editCourse: (courseId: string) => `/educator/edit-course/${encodeURIComponent(courseId)}`,
} as const;
