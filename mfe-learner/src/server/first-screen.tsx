// The learner's server module (built to dist/.server/first-screen.cjs): the public catalogue pages rendered on the
// edge, with their first API answers, so a new visitor's phone paints them from the HTML; and My Enrollments for the
// signed-in learner the edge names (`viewer`, from their first-screen session), with their own data. Other signed-in
// pages are the browser's to render.
import { matchRoutePattern, type RemoteFirstScreenModule } from '@academy/contracts';
import { renderOnServer } from '@academy/platform/server';
import platformEn from '@academy/platform/locales/en.json';
import platformHi from '@academy/platform/locales/hi.json';
import uiEn from '@academy/ui/locales/en.json';
import uiHi from '@academy/ui/locales/hi.json';
import App from '../App';
import learnerEn from '../locales/en.json';
import learnerHi from '../locales/hi.json';
import pagesFile from '../pages.json';

const translations = {
  learner: { en: learnerEn, hi: learnerHi },
  platform: { en: platformEn, hi: platformHi },
  ui: { en: uiEn, hi: uiHi },
};

type PageName = keyof typeof pagesFile.pages;

/** The pages rendered on the server for an anonymous visitor: what they land on from a search or a shared link. */
const PUBLIC_PAGES: PageName[] = ['home', 'courseList', 'courseSearch', 'course'];
/** The pages rendered for a signed-in learner (pages.json marks them `signedIn`): the one a returning learner opens. */
const SIGNED_IN_PAGES: PageName[] = ['myEnrollments'];

export const renderPage: RemoteFirstScreenModule['renderPage'] = async (request) => {
  const pathname = new URL(request.url, 'http://edge.invalid').pathname;
  const pages = request.viewer ? SIGNED_IN_PAGES : PUBLIC_PAGES;
  const rendered = pages.some((page) => matchRoutePattern(pagesFile.pages[page], pathname) !== null);
  return rendered ? renderOnServer({ request, translations, element: <App /> }) : null;
};
