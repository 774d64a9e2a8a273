// The learner's server module (built to dist/.server/first-screen.cjs): the public catalogue pages rendered on the
// edge, with their first API answers, so a new visitor's phone paints them from the HTML. The pages a visitor
// sees only signed in are not rendered here: the session lives in the browser.
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

/** The pages rendered on the server: what an anonymous visitor lands on from a search or a shared link. */
const SERVER_RENDERED_PAGES: (keyof typeof pagesFile.pages)[] = ['home', 'courseList', 'courseSearch', 'course'];

export const renderPage: RemoteFirstScreenModule['renderPage'] = async (request) => {
  const pathname = new URL(request.url, 'http://edge.invalid').pathname;
  const rendered = SERVER_RENDERED_PAGES.some((page) => matchRoutePattern(pagesFile.pages[page], pathname) !== null);
  return rendered ? renderOnServer({ request, translations, element: <App /> }) : null;
};
