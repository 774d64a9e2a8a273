import { Route, Routes } from 'react-router-dom';
import { CourseDetailPage, CourseListPage, HomePage } from './catalogue';
import { CertificatePage } from './certificates';
import { MyEnrollmentsPage } from './enrollments';
import { PlayerPage } from './player';

/** The learner pages, with the absolute paths the shell routes to this remote (remoteRoutes in @academy/platform). */
export default function App() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/course-list" element={<CourseListPage />} />
      <Route path="/course-list/:input" element={<CourseListPage />} />
      <Route path="/course/:id" element={<CourseDetailPage />} />
      <Route path="/my-enrollments" element={<MyEnrollmentsPage />} />
      <Route path="/player/:courseId" element={<PlayerPage />} />
      <Route path="/certificate/:code" element={<CertificatePage />} />
    </Routes>
  );
}
