import { STUDY_NAMESPACE } from './i18n';
import i18next from 'i18next';
import { remotePageRoutes } from '@academy/platform';
import { lazy } from 'react';
import { Routes } from '@academy/routing';
import pagesFile from './pages.json';

// One chunk per route: `/` loads only the home page's code; the player, checkout and certificates load when visited.
// The first screens' chunks are named `page-<name>` (the names of pages.json's firstScreen): the edge preloads them.
const HomePage = lazy(() => import(/* webpackChunkName: "page-home" */ './catalogue/pages/HomePage').then((m) => ({ default: m.HomePage })));
const CourseListPage = lazy(() => import(/* webpackChunkName: "page-courseList" */ './catalogue/pages/CourseListPage').then((m) => ({ default: m.CourseListPage })));
const CourseDetailPage = lazy(() =>
  import(/* webpackChunkName: "page-course" */ './catalogue/pages/CourseDetailPage').then((m) => ({ default: m.CourseDetailPage })),
);
const MyEnrollmentsPage = lazy(() => import(/* webpackChunkName: "page-myEnrollments" */ './enrollments').then((m) => ({ default: m.MyEnrollmentsPage })));
const PurchaseHistoryPage = lazy(() => import('./enrollments').then((m) => ({ default: m.PurchaseHistoryPage })));
/** A study page's code and its strings, fetched at the same time rather than one after the other. */
const withStudyStrings = <Module,>(page: Promise<Module>) => Promise.all([page, i18next.loadNamespaces(STUDY_NAMESPACE)]).then(([loaded]) => loaded);
const PlayerPage = lazy(() => withStudyStrings(import('./player')).then((m) => ({ default: m.PlayerPage })));
const CertificatePage = lazy(() => withStudyStrings(import('./certificates')).then((m) => ({ default: m.CertificatePage })));
const ParentHomePage = lazy(() => import('./parents').then((m) => ({ default: m.ParentHomePage })));
const ChildProgressPage = lazy(() => import('./parents').then((m) => ({ default: m.ChildProgressPage })));
const ParentPaymentsPage = lazy(() => import('./enrollments').then((m) => ({ default: () => <m.PurchaseHistoryPage forParent /> })));
const ParentAccessPage = lazy(() => import('./parents').then((m) => ({ default: m.ParentAccessPage })));
const MyClassPage = lazy(() => import('./profile').then((m) => ({ default: m.MyClassPage })));
const LiveRoomPage = lazy(() => import('./live').then((m) => ({ default: m.LiveRoomPage })));
const EducatorPage = lazy(() => import('./educators').then((m) => ({ default: m.EducatorPage })));

/** The learner pages, at the paths this remote lists in `pages.json` (its manifest publishes them to the shell). */
export default function App() {
  // No Suspense of its own: a page still loading suspends to the shell's boundary around this remote, which shows its
  // loading view. A boundary here would commit its own (empty) fallback first, and React then holds back the page's
  // reveal for 300 ms after any fallback (its FALLBACK_THROTTLE_MS), even when the page's code is already here.
  return (
    <Routes>
      {remotePageRoutes(pagesFile.pages, {
        home: HomePage,
        courseList: CourseListPage,
        courseSearch: CourseListPage,
        course: CourseDetailPage,
        myEnrollments: MyEnrollmentsPage,
        purchaseHistory: PurchaseHistoryPage,
        player: PlayerPage,
        certificate: CertificatePage,
        parentHome: ParentHomePage,
        parentChild: ChildProgressPage,
        parentPayments: ParentPaymentsPage,
        parentAccess: ParentAccessPage,
        myClass: MyClassPage,
        educator: EducatorPage,
        liveRoom: LiveRoomPage,
      })}
    </Routes>
  );
}
