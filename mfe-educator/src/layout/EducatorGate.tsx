import { learnerPaths } from '@academy/contracts';
import { useCurrentUser, useTranslation } from '@academy/platform';
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
  const { t } = useTranslation('educator');
  const { isLoading, isAuthenticated, isEducator, status, login } = useCurrentUser();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!isLoading && !isAuthenticated) void login(pathname);
  }, [isLoading, isAuthenticated, login, pathname]);

  if (isLoading) return <LoadingView label={t('layout.gate.loadingAccount')} />;
  if (!isAuthenticated) return <LoadingView label={t('layout.gate.sendingToSignIn')} />;
  if (status === 'error') {
    return (
      <section className="educator-denied" role="alert">
        <h1>{t('layout.gate.accountFailedTitle')}</h1>
        <p>{t('layout.gate.accountFailedText')}</p>
      </section>
    );
  }
  if (!isEducator && pathname === educatorPaths.reportedReviews) return <EducatorLayout withSideMenu={false} />;
  if (!isEducator) {
    return (
      <section className="educator-denied">
        <h1>{t('layout.gate.deniedTitle')}</h1>
        <p>{t('layout.gate.deniedText')}</p>
        <Link to={learnerPaths.home}>{t('layout.gate.backHome')}</Link>
      </section>
    );
  }
  return <EducatorLayout />;
}
