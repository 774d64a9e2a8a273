import { learnerPaths } from '@academy/contracts';
import { NotificationBell, useCurrentUser } from '@academy/platform';
import { Link, Outlet } from '@academy/routing';
import { EducatorUserMenu } from './EducatorUserMenu';
import { SideMenu } from './SideMenu';
import '../common/tables.css';
import './EducatorLayout.css';

export const COPYRIGHT_LINE = '© 2025 Academy. All Rights Reserved.';

/** Header (logo, greeting, user menu), side menu (educators only), the page, and the footer of the educator area. */
export function EducatorLayout({ withSideMenu = true }: { withSideMenu?: boolean }) {
  const { displayName, user, logout } = useCurrentUser();
  const name = displayName || 'Developers';
  return (
    <div className="educator-layout">
      <a className="educator-layout__skip" href="#educator-main">
        Skip to content
      </a>
      <header className="educator-header">
        <Link to={learnerPaths.home} className="educator-header__logo">
          <span aria-hidden="true" className="educator-header__logo-mark">A</span>
          <span className="educator-header__logo-text">Academy</span>
        </Link>
        <div className="educator-header__end">
          <p className="educator-header__greeting">Hi! {name}</p>
          <NotificationBell />
          <EducatorUserMenu name={name} imageUrl={user?.imageUrl} onSignOut={() => void logout()} />
        </div>
      </header>
      <div className="educator-layout__body">
        {withSideMenu && <SideMenu />}
        <div id="educator-main" className="educator-main" tabIndex={-1}>
          <Outlet />
        </div>
      </div>
      <footer className="educator-footer">
        <p>{COPYRIGHT_LINE}</p>
      </footer>
    </div>
  );
}
