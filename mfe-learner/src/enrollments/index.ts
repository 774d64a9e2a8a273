// Public surface of the enrolments feature: the page, the login-required view and the learner's API calls
// (shared with the player and certificates features).
export { MyEnrollmentsPage, LoginRequired } from './pages/MyEnrollmentsPage';
export { PurchaseHistoryPage } from './pages/PurchaseHistoryPage';
export * from './data/learningApi';
export { ContinueLearning } from './components/ContinueLearning';
