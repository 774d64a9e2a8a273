// Browser journeys' shared steps in headless Chromium (playwright-core): `@academy/infra/browser`, used by the e2e
// suite and by the production-like run through nginx.
export {
  chromiumPath,
  launchBrowser,
  openPage,
  takeUnexpectedBrowserProblems,
  waitForPortal,
  waitForSettledNetwork,
  type BrowserProblem,
  type BrowserProblemKind,
  type WatchedPage,
} from './browser.js';
export { coveredControls, type CoveredControl } from './covered-controls.js';
export { cachedAccessToken, signIn, type DemoAccount, type SignInOptions } from './auth.js';
export {
  addChapter,
  authorCourse,
  buyInSandboxCheckout,
  dashboardData,
  dashboardReaching,
  dashboardShowsSale,
  escapeRegExp,
  expandChapter,
  openEmbeddedLecture,
  standInForYouTube,
  waitForVideoLoaded,
  YOUTUBE_EMBED_HOST,
  playLecture,
  playOpenedLecture,
  videoTime,
  type CourseDraft,
  type LectureDraft,
} from './journeys.js';
