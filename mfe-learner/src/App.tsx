import { Route, Routes } from 'react-router-dom';
import { CourseDetailPage, CourseListPage, HomePage } from './catalogue';

/** The learner pages, with the absolute paths the shell routes to this remote (remoteRoutes in @academy/platform). */
export default function App() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/course-list" element={<CourseListPage />} />
      <Route path="/course-list/:input" element={<CourseListPage />} />
      <Route path="/course/:id" element={<CourseDetailPage />} />
    </Routes>
  );
}
