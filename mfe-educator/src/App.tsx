import './i18n';
import { remotePageRoutes, Trans, useTranslation } from '@academy/platform';
import { Link, Route, Routes } from '@academy/routing';
import { AddCoursePage } from './add-course/AddCoursePage';
import { AnalyticsPage } from './analytics/AnalyticsPage';
import { EditCoursePage } from './add-course/EditCoursePage';
import { PreviewCoursePage } from './add-course/PreviewCoursePage';
import { CouponsPage } from './coupons/CouponsPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { InboxPage } from './inbox/InboxPage';
import { GoLivePage } from './live-classes/GoLivePage';
import { LiveClassesPage } from './live-classes/LiveClassesPage';
import { AssignmentsPage } from './assignments/AssignmentsPage';
import { EducatorGate } from './layout/EducatorGate';
import { educatorPaths } from './common/educatorPaths';
import pagesFile from './pages.json';
import { MyCoursesPage } from './my-courses/MyCoursesPage';
import { PayoutsPage } from './payouts/PayoutsPage';
import { SettingsPage } from './settings/SettingsPage';
import { QuizResultsPage } from './quiz-insight/QuizResultsPage';
import { ReportedReviewsPage } from './reported-reviews/ReportedReviewsPage';
import { StudentsEnrolledPage } from './students/StudentsEnrolledPage';

function EducatorPageNotFound() {
  const { t } = useTranslation('educator');
  return (
    <section>
      <h1 className="page-title">{t('app.notFound.title')}</h1>
      <p>
        <Trans t={t} i18nKey="app.notFound.text" components={{ dashboard: <Link to={educatorPaths.dashboard} /> }} />
      </p>
    </section>
  );
}

/**
 * The educator area, at the paths this remote lists in `pages.json` (its manifest publishes them to the shell,
 * with `/educator/*` for its own not-found page), behind its gate.
 */
export default function App() {
  return (
    <Routes>
      <Route path={educatorPaths.dashboard} element={<EducatorGate />}>
        {remotePageRoutes(pagesFile.pages, {
          dashboard: DashboardPage,
          addCourse: AddCoursePage,
          myCourses: MyCoursesPage,
          studentsEnrolled: StudentsEnrolledPage,
          editCourse: EditCoursePage,
          previewCourse: PreviewCoursePage,
          coupons: CouponsPage,
          inbox: InboxPage,
          assignments: AssignmentsPage,
          analytics: AnalyticsPage,
          reportedReviews: ReportedReviewsPage,
          payouts: PayoutsPage,
          settings: SettingsPage,
          quizResults: QuizResultsPage,
          liveClasses: LiveClassesPage,
          goLive: GoLivePage,
        })}
        <Route path="*" element={<EducatorPageNotFound />} />
      </Route>
    </Routes>
  );
}
