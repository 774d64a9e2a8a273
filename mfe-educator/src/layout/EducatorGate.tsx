import { learnerPaths } from '@academy/contracts';
import { useCurrentUser } from '@academy/platform';
import { LoadingView } from '@academy/ui';
import { useEffect } from 'react';
import { Link, useLocation } from '@academy/routing';
import { educatorPaths } from '../common/educatorPaths';
import { EducatorLayout } from './EducatorLayout';

/**
 * Renders the educator layout and pages only for educators: a loading view while the user loads, visitors go to
 * sign-in, students get a clear message with a link home (never a spinner forever). Reported reviews also open for
 * other signed-in accounts, without the educator's menu: the academy's administrators moderate there, and the
 * server answers anyone else that the page is not theirs.
 */
export function EducatorGate() {
  const { isLoading, isAuthenticated, isEducator, status, login } = useCurrentUser();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!isLoading && !isAuthenticated) void login(pathname);
  }, [isLoading, isAuthenticated, login, pathname]);

  if (isLoading) return <LoadingView label="Loading your account" />;
  if (!isAuthenticated) return <LoadingView label="Sending you to sign in" />;
  if (status === 'error') {
    return (
      <section className="educator-denied" role="alert">
        <h1>Your account could not be loaded</h1>
        <p>Please reload the page in a moment.</p>
      </section>
    );
  }
  if (!isEducator && pathname === educatorPaths.reportedReviews) return <EducatorLayout withSideMenu={false} />;
  if (!isEducator) {
    return (
      <section className="educator-denied">
        <h1>This area is for educators</h1>
        <p>Your account is a student account, so the educator dashboard is not available to you.</p>
        <Link to={learnerPaths.home}>Back to the home page</Link>
      </section>
    );
  }
  return <EducatorLayout />;
}
