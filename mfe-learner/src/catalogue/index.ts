// Public surface of the catalogue feature: the three pages the learner app routes to, and the courses suggested
// for a class (My Enrollments shows them when it is empty). Nothing else is imported from outside this folder.
export { HomePage } from './pages/HomePage';
export { CourseListPage } from './pages/CourseListPage';
export { CourseDetailPage } from './pages/CourseDetailPage';
export { CoursesForClass } from './components/CoursesForClass';
