import { NotificationBell, useCurrentUser } from '@academy/platform';
import { Link, NavLink, useLocation } from '@academy/routing';
import { UserMenu } from './UserMenu';

/** Course-list pages have a white bar; every other page a light cyan one. */
export function isCourseListPath(pathname: string): boolean {
  return pathname === '/course-list' || pathname.startsWith('/course-list/');
}

export function Navbar() {
  const { pathname } = useLocation();
  const { isAuthenticated, isLoading, isEducator, isParent, displayName, user, login, logout } = useCurrentUser();
  // A parent sees My Children instead of My Enrollments, unless they study too (enrolled in a course).
  const showEnrollments = !isParent || (user?.enrolledCourses.length ?? 0) > 0;
  const variant = isCourseListPath(pathname) ? 'course-list' : 'default';

  return (
    <header className={`navbar navbar--${variant}`}>
      <nav className="navbar__inner" aria-label="Main">
        <Link to="/" className="navbar__logo">
          <span aria-hidden="true" className="navbar__logo-mark">A</span>
          <span className="navbar__logo-text">Academy</span>
        </Link>
        <div className="navbar__actions">
          {isAuthenticated && (
            <>
              {isEducator && (
                <NavLink to="/educator" className="navbar__link navbar__link--wide-only">
                  Educator Dashboard
                </NavLink>
              )}
              {isParent && (
                <>
                  <NavLink to="/parent" end className="navbar__link navbar__link--wide-only">
                    My Children
                  </NavLink>
                  <NavLink to="/parent/payments" className="navbar__link navbar__link--wide-only">
                    Payments
                  </NavLink>
                </>
              )}
              {showEnrollments && (
                <NavLink to="/my-enrollments" className="navbar__link">
                  My Enrollments
                </NavLink>
              )}
              <NotificationBell />
              <UserMenu
                name={displayName ?? 'Account'}
                imageUrl={user?.imageUrl || undefined}
                isEducator={isEducator}
                isParent={isParent}
                onSignOut={() => void logout()}
              />
            </>
          )}
          {!isAuthenticated && !isLoading && (
            <button type="button" className="button" onClick={() => void login()}>
              Create Account
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}
