import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';

// One chunk per route: `/` loads only the home page's code; the player, checkout and certificates load when visited.
const HomePage = lazy(() => import('./catalogue/pages/HomePage').then((m) => ({ default: m.HomePage })));
const CourseListPage = lazy(() => import('./catalogue/pages/CourseListPage').then((m) => ({ default: m.CourseListPage })));
const CourseDetailPage = lazy(() =>
  import('./catalogue/pages/CourseDetailPage').then((m) => ({ default: m.CourseDetailPage })),
);
const MyEnrollmentsPage = lazy(() => import('./enrollments').then((m) => ({ default: m.MyEnrollmentsPage })));
const PlayerPage = lazy(() => import('./player').then((m) => ({ default: m.PlayerPage })));
const CertificatePage = lazy(() => import('./certificates').then((m) => ({ default: m.CertificatePage })));

/** The learner pages, with the absolute paths the shell routes to this remote (remoteRoutes in @academy/platform). */
export default function App() {
  return (
    // The shell reserves the region's space, so an empty fallback does not shift the layout.
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/course-list" element={<CourseListPage />} />
        <Route path="/course-list/:input" element={<CourseListPage />} />
        <Route path="/course/:id" element={<CourseDetailPage />} />
        <Route path="/my-enrollments" element={<MyEnrollmentsPage />} />
        <Route path="/player/:courseId" element={<PlayerPage />} />
        <Route path="/certificate/:code" element={<CertificatePage />} />
      </Routes>
    </Suspense>
  );
}
