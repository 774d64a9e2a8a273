import { learnerPaths } from '@academy/contracts';
import { LanguageSwitch, NotificationBell, useCurrentUser, useTranslation } from '@academy/platform';
import { Link, Outlet } from '@academy/routing';
import { EducatorUserMenu } from './EducatorUserMenu';
import { MenuDrawer, SideMenu } from './SideMenu';
import { useState } from 'react';
import '../common/tables.css';
import './EducatorLayout.css';

/** Header (logo, greeting, language, user menu), side menu (educators only), the page, and the footer of the educator area. */
export function EducatorLayout({ withSideMenu = true }: { withSideMenu?: boolean }) {
  const { t } = useTranslation('educator');
  const { displayName, user, logout } = useCurrentUser();
  const name = displayName || t('layout.fallbackName');
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="educator-layout">
      <a className="educator-layout__skip" href="#educator-main">
        {t('layout.skipToContent')}
      </a>
      <header className="educator-header">
        {withSideMenu && (
          <button type="button" className="educator-header__menu" aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
            </svg>
            <span>{t('layout.menu')}</span>
          </button>
        )}
        <Link to={learnerPaths.home} className="educator-header__logo">
          <span aria-hidden="true" className="educator-header__logo-mark">A</span>
          <span className="educator-header__logo-text">{t('layout.brand')}</span>
        </Link>
        <div className="educator-header__end">
          <p className="educator-header__greeting">{t('layout.greeting', { name })}</p>
          {/* The area has its own chrome, so its own switch; phones find the other language in the user menu. */}
          <LanguageSwitch className="educator-header__language" />
          <NotificationBell />
          <EducatorUserMenu name={name} imageUrl={user?.imageUrl} onSignOut={() => void logout()} />
        </div>
      </header>
      <div className="educator-layout__body">
        {withSideMenu && <SideMenu />}
        {withSideMenu && menuOpen && <MenuDrawer onClose={() => setMenuOpen(false)} />}
        <div id="educator-main" className="educator-main" tabIndex={-1}>
          <Outlet />
        </div>
      </div>
      <footer className="educator-footer">
        <p>{t('layout.copyright')}</p>
      </footer>
    </div>
  );
}
