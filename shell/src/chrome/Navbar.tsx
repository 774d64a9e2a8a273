import { LanguageSwitch, NotificationBell, useCurrentUser, useTranslation } from '@academy/platform';
import { Link, NavLink, useLocation } from '@academy/routing';
import { UserMenu } from './UserMenu';

/** Course-list pages have a white bar; every other page a light cyan one. */
export function isCourseListPath(pathname: string): boolean {
  return pathname === '/course-list' || pathname.startsWith('/course-list/');
}

export function Navbar() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { isAuthenticated, isLoading, isEducator, isParent, displayName, user, login, logout } = useCurrentUser();
  // A parent sees My Children instead of My Enrollments, unless they study too (enrolled in a course).
  const showEnrollments = !isParent || (user?.enrolledCourses.length ?? 0) > 0;
  const variant = isCourseListPath(pathname) ? 'course-list' : 'default';

  return (
    <header className={`navbar navbar--${variant}`}>
      <nav className="navbar__inner" aria-label={t('nav.main')}>
        <Link to="/" className="navbar__logo">
          <span aria-hidden="true" className="navbar__logo-mark">A</span>
          <span className="navbar__logo-text">{t('nav.brand')}</span>
        </Link>
        <div className="navbar__actions">
          {/* Signed in, phones find it in the user menu; visitors always have it in the bar. */}
          <LanguageSwitch className={isAuthenticated ? 'navbar__link--wide-only' : undefined} />
          {isAuthenticated && (
            <>
              {isEducator && (
                <NavLink to="/educator" className="navbar__link navbar__link--wide-only">
                  {t('nav.educatorDashboard')}
                </NavLink>
              )}
              {isParent && (
                <>
                  <NavLink to="/parent" end className="navbar__link navbar__link--wide-only">
                    {t('nav.myChildren')}
                  </NavLink>
                  <NavLink to="/parent/payments" className="navbar__link navbar__link--wide-only">
                    {t('nav.payments')}
                  </NavLink>
                </>
              )}
              {showEnrollments && (
                <NavLink to="/my-enrollments" className="navbar__link">
                  {t('nav.myEnrollments')}
                </NavLink>
              )}
              <NotificationBell />
              <UserMenu
                name={displayName ?? t('nav.account')}
                imageUrl={user?.imageUrl || undefined}
                isEducator={isEducator}
                isParent={isParent}
                onSignOut={() => void logout()}
              />
            </>
          )}
          {!isAuthenticated && !isLoading && (
            <button type="button" className="button" onClick={() => void login()}>
              {t('nav.createAccount')}
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}
