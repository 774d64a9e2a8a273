import { learnerPaths, remotePageRoutes } from '@academy/platform';
import { Routes } from 'react-router-dom';
import { CourseDetailPage, CourseListPage, HomePage } from './catalogue';
import { CertificatePage } from './certificates';
import { MyEnrollmentsPage } from './enrollments';
import { PlayerPage } from './player';

/** The learner pages, at the paths of the one route table (`learnerPaths` in @academy/platform). */
export default function App() {
  return (
    <Routes>
      {remotePageRoutes(learnerPaths, {
        home: HomePage,
        courseList: CourseListPage,
        courseSearch: CourseListPage,
        course: CourseDetailPage,
        myEnrollments: MyEnrollmentsPage,
        player: PlayerPage,
        certificate: CertificatePage,
      })}
    </Routes>
  );
}
