// Public surface of the catalogue feature: the three pages the learner app routes to. Nothing else is imported
// from outside this folder.
export { HomePage } from './pages/HomePage';
export { CourseListPage } from './pages/CourseListPage';
export { CourseDetailPage } from './pages/CourseDetailPage';
