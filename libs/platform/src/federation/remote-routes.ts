import { createElement, type ComponentType } from 'react';
import { matchPath, Route } from '@academy/routing';
import type { RemoteRouteTable } from '@academy/contracts';
import { REMOTE_NAMES, type RemoteName } from '../config/runtime-config';

/**
 * Paths that other apps link to (the navbar to the course page, the educator area to a learner page), typed in one
 * place so a link cannot point at a page no remote serves. This is not the routing: each remote lists the pages it
 * serves in its own `src/pages.json` and publishes them in its manifest; the shell learns them at run time
 * (remote-route-tables.ts). Each remote's tests check that every path here into it is one of its pages.
 */
export const learnerPaths = {
  home: '/',
  courseList: '/course-list',
  courseSearch: '/course-list/:input',
  course: '/course/:id',
  myEnrollments: '/my-enrollments',
  purchaseHistory: '/purchase-history',
  player: '/player/:courseId',
  certificate: '/certificate/:code',
  // Parents: a parent's children, one child's progress; a student's linked parents and link codes.
  parentHome: '/parent',
  parentChild: '/parent/child/:id',
  parentAccess: '/parent-access',
  // The learner's class and board (asked once after the first sign-in on the home page; changed here).
  myClass: '/my-class',
  // An educator's public page: profile and published courses (the course page's byline links here).
  educator: '/educators/:educatorId',
  // A live class: its video, then what happens in the class (the course page and the player link here).
  liveRoom: '/live/:classId',
} as const;

export const educatorPaths = {
  dashboard: '/educator',
  addCourse: '/educator/add-course',
  myCourses: '/educator/my-courses',
  studentsEnrolled: '/educator/students-enrolled',
  editCourse: '/educator/edit-course/:courseId',
  coupons: '/educator/coupons',
  inbox: '/educator/inbox',
  assignments: '/educator/assignments',
  payouts: '/educator/payouts',
  settings: '/educator/settings',
} as const;

export const infoPaths = {
  about: '/about',
  contact: '/contact',
  success: '/success',
  testimonials: '/testimonials',
  terms: '/terms-conditions',
  privacy: '/privacy-policy',
  enrichment: '/beyond-the-classroom',
  faq: '/frequently-asked-questions',
} as const;

export const remotePaths = { learner: learnerPaths, educator: educatorPaths, info: infoPaths } as const satisfies Record<
  RemoteName,
  Record<string, string>
>;

/** One `<Route>` per named page of a remote (its `pages.json`), in the file's order. */
export function remotePageRoutes<Paths extends Record<string, string>>(paths: Paths, pages: { [Page in keyof Paths]: ComponentType }) {
  return Object.entries(paths).map(([page, path]) => createElement(Route, { key: page, path, element: createElement(pages[page as keyof Paths]) }));
}

/** What the shell knows of one remote's pages: its manifest is on its way, arrived, or could not be read. */
export type RouteTableState =
  | { status: 'loading' }
  | { status: 'loaded'; table: RemoteRouteTable }
  | { status: 'failed'; message: string };

export type RouteTables = Readonly<Record<RemoteName, RouteTableState>>;

export type RemoteOfPath =
  | {
      status: 'found';
      remote: RemoteName;
      /** Federation id of the remote's routes, e.g. `learner/App`. */
      moduleId: string;
      pattern: string;
      /** The remote brings its own header and footer (the shell hides its chrome). */
      ownChrome: boolean;
    }
  /** A remote that may serve the path has not published its pages yet. */
  | { status: 'pending' }
  /** Every remote answered and none serves the path: the shell's not-found page. */
  | { status: 'none' }
  /** No remote that answered serves the path, and these could not be asked. */
  | { status: 'unavailable'; remotes: RemoteName[] };

function matches(pattern: string, pathname: string): boolean {
  return matchPath({ path: pattern, end: true, caseSensitive: false }, pathname) !== null;
}

/**
 * The remote that serves `pathname`, from what the remotes have published so far. A page of a remote that
 * answered wins at once; a fallback (`/educator/*`) only once every remote has answered, as a later one may have
 * the page itself.
 */
export function matchRemote(pathname: string, tables: RouteTables): RemoteOfPath {
  const loaded = REMOTE_NAMES.flatMap((remote) => {
    const state = tables[remote];
    return state.status === 'loaded' ? [{ remote, table: state.table }] : [];
  });
  const found = (remote: RemoteName, pattern: string, table: RemoteRouteTable): RemoteOfPath => ({
    status: 'found',
    remote,
    moduleId: `${remote}/App`,
    pattern,
    ownChrome: table.ownChrome,
  });
  for (const { remote, table } of loaded) {
    const pattern = table.pages.find((page) => matches(page, pathname));
    if (pattern) return found(remote, pattern, table);
  }
  if (REMOTE_NAMES.some((remote) => tables[remote].status === 'loading')) return { status: 'pending' };
  for (const { remote, table } of loaded) {
    const pattern = table.fallbacks.find((fallback) => matches(fallback, pathname));
    if (pattern) return found(remote, pattern, table);
  }
  const failed = REMOTE_NAMES.filter((remote) => tables[remote].status === 'failed');
  return failed.length > 0 ? { status: 'unavailable', remotes: failed } : { status: 'none' };
}
