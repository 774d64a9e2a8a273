import { createElement, type ComponentType } from 'react';
import { matchPath, Route } from '@academy/routing';
import type { RemoteName } from '../config/runtime-config';

/**
 * Every page of every remote, by name: the one route table. Each remote's App declares exactly these pages
 * (`remotePageRoutes` makes a missing or extra page a type error) and the shell routes by them.
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
  // Parents (issue 14): a parent's children, one child's progress; a student's linked parents and link codes.
  parentHome: '/parent',
  parentChild: '/parent/child/:id',
  parentAccess: '/parent-access',
  // The learner's class and board (asked once after the first sign-in on the home page; changed here).
  myClass: '/my-class',
} as const;

export const educatorPaths = {
  dashboard: '/educator',
  addCourse: '/educator/add-course',
  myCourses: '/educator/my-courses',
  studentsEnrolled: '/educator/students-enrolled',
  editCourse: '/educator/edit-course/:courseId',
  inbox: '/educator/inbox',
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

/** What the shell matches: each remote's pages; the educator area also owns the rest of /educator (its not-found page). */
export const remoteRoutes: Readonly<Record<RemoteName, readonly string[]>> = {
  learner: Object.values(learnerPaths),
  educator: [...Object.values(educatorPaths), '/educator/*'],
  info: Object.values(infoPaths),
};

/** One `<Route>` per named page of a remote, in the table's order. */
export function remotePageRoutes<Paths extends Record<string, string>>(paths: Paths, pages: { [Page in keyof Paths]: ComponentType }) {
  return Object.entries(paths).map(([page, path]) => createElement(Route, { key: page, path, element: createElement(pages[page as keyof Paths]) }));
}

export interface RemoteMatch {
  remote: RemoteName;
  /** Federation id of the remote's routes, e.g. `learner/App`. */
  moduleId: string;
  pattern: string;
}

/** The remote that owns `pathname`, or null (the shell then shows its not-found page). */
export function matchRemote(pathname: string): RemoteMatch | null {
  for (const [remote, patterns] of Object.entries(remoteRoutes) as [RemoteName, readonly string[]][]) {
    for (const pattern of patterns) {
      if (matchPath({ path: pattern, end: true, caseSensitive: false }, pathname)) {
        return { remote, moduleId: `${remote}/App`, pattern };
      }
    }
  }
  return null;
}

/** The educator area brings its own header, side menu and footer instead of the shell's chrome. */
export function isEducatorArea(pathname: string): boolean {
  return matchRemote(pathname)?.remote === 'educator';
}
