import { matchPath } from 'react-router-dom';
import type { RemoteName } from '../config/runtime-config';

/** Which remote owns which path: the one table the shell routes by (each remote's App repeats these paths). */
export const remoteRoutes: Readonly<Record<RemoteName, readonly string[]>> = {
  learner: ['/', '/course-list', '/course-list/:input', '/course/:id', '/my-enrollments', '/player/:courseId', '/certificate/:code'],
  educator: ['/educator', '/educator/*'],
  info: [
    '/about',
    '/contact',
    '/success',
    '/testimonials',
    '/terms-conditions',
    '/privacy-policy',
    '/beyond-the-classroom',
    '/frequently-asked-questions',
  ],
};

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
