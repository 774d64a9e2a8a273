import { NavLink } from '@academy/routing';
import { useModalDialog } from '@academy/ui';
import { useId } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@academy/platform';
import { educatorPaths } from '../common/educatorPaths';

type MenuKey =
  | 'dashboard'
  | 'addCourses'
  | 'myCourses'
  | 'studentEnrolled'
  | 'coupons'
  | 'assignments'
  | 'liveClasses'
  | 'inbox'
  | 'quizResults'
  | 'analytics'
  | 'reportedReviews'
  | 'payouts'
  | 'settings';

interface MenuItem {
  key: MenuKey;
  to: string;
  /** Active only on this exact path (the dashboard). */
  end: boolean;
  icon: string;
}

/** The spec's four entries, Coupons, Assignments, the inbox, quiz results, analytics, reported reviews, Payouts and Settings. */
export const sideMenuItems: readonly MenuItem[] = [
  { key: 'dashboard', to: educatorPaths.dashboard, end: true, icon: 'M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z' },
  { key: 'addCourses', to: educatorPaths.addCourse, end: false, icon: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6V5Z' },
  { key: 'myCourses', to: educatorPaths.myCourses, end: false, icon: 'M4 5h16v2H4V5Zm0 6h16v2H4v-2Zm0 6h16v2H4v-2Z' },
  {
    key: 'studentEnrolled',
    to: educatorPaths.studentsEnrolled,
    end: false,
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5Z',
  },
  { key: 'coupons', to: educatorPaths.coupons, end: false, icon: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4V7Zm6 2v2h2V9H9Zm4 4v2h2v-2h-2Z' },
  { key: 'assignments', to: educatorPaths.assignments, end: false, icon: 'M6 2h9l5 5v15H6V2Zm8 1.5V8h4.5L14 3.5ZM8 12v2h8v-2H8Zm0 4v2h8v-2H8Z' },
  { key: 'liveClasses', to: educatorPaths.liveClasses, end: false, icon: 'M3 6h13v12H3V6Zm14 4 4-3v10l-4-3v-4Z' },
  { key: 'inbox', to: educatorPaths.inbox, end: false, icon: 'M4 4h16v16H4V4Zm2 2v7h3l1 2h4l1-2h3V6H6Z' },
  { key: 'quizResults', to: educatorPaths.quizResults(), end: false, icon: 'M9 3h6v2h4v16H5V5h4V3Zm2 2v2h2V5h-2Zm-1.5 9.1-2-2L6 13.6l3.5 3.5L17 9.6l-1.4-1.4-6.1 5.9Z' },
  { key: 'analytics', to: educatorPaths.analytics, end: false, icon: 'M4 20V10h3v10H4Zm6.5 0V4h3v16h-3ZM17 20v-7h3v7h-3Z' },
  { key: 'reportedReviews', to: educatorPaths.reportedReviews, end: false, icon: 'M5 3h2v18H5V3Zm3 1h11l-2 4 2 4H8V4Z' },
  { key: 'payouts', to: educatorPaths.payouts, end: false, icon: 'M3 6h18v12H3V6Zm2 2v8h14V8H5Zm7 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Z' },
  { key: 'settings', to: educatorPaths.settings, end: false, icon: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm9 5v-2l-2.2-.4a7 7 0 0 0-.8-1.9l1.3-1.8-1.4-1.4-1.8 1.3a7 7 0 0 0-1.9-.8L14 3h-2l-.4 2.2a7 7 0 0 0-1.9.8L7.9 4.7 6.5 6.1l1.3 1.8a7 7 0 0 0-.8 1.9L4.8 11v2l2.2.4c.2.7.4 1.3.8 1.9l-1.3 1.8 1.4 1.4 1.8-1.3c.6.4 1.2.6 1.9.8L12 21h2l.4-2.2c.7-.2 1.3-.4 1.9-.8l1.8 1.3 1.4-1.4-1.3-1.8c.4-.6.6-1.2.8-1.9L21 13Z' },
];

/** The menu beside the page (tablet and desktop); on phones it lives in the drawer below, opened from the header. */
export function SideMenu({ className = 'side-menu', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useTranslation('educator');
  const labels: Record<MenuKey, string> = {
    dashboard: t('layout.sideMenu.dashboard'),
    addCourses: t('layout.sideMenu.addCourses'),
    myCourses: t('layout.sideMenu.myCourses'),
    studentEnrolled: t('layout.sideMenu.studentEnrolled'),
    coupons: t('layout.sideMenu.coupons'),
    assignments: t('layout.sideMenu.assignments'),
    liveClasses: t('layout.sideMenu.liveClasses'),
    inbox: t('layout.sideMenu.inbox'),
    quizResults: t('layout.sideMenu.quizResults'),
    analytics: t('layout.sideMenu.analytics'),
    reportedReviews: t('layout.sideMenu.reportedReviews'),
    payouts: t('layout.sideMenu.payouts'),
    settings: t('layout.sideMenu.settings'),
  };
  return (
    <nav className={className} aria-label={t('layout.sideMenu.label')}>
      <ul>
        {sideMenuItems.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="side-menu__link" onClick={onNavigate}>
              <svg className="side-menu__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d={item.icon} fill="currentColor" />
              </svg>
              <span className="side-menu__label">{labels[item.key]}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The side menu on a phone: a drawer with every label (WAI-ARIA modal dialog: focus moves in and stays, Escape, the
 * close button and the backdrop close it, focus returns to the Menu button); choosing a page closes it.
 */
export function MenuDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('educator');
  const { dialogRef, onKeyDown } = useModalDialog(onClose);
  const titleId = useId();
  return createPortal(
    <div className="menu-drawer-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialogRef} className="menu-drawer" role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <div className="menu-drawer__header">
          <h2 id={titleId} className="menu-drawer__title">
            {t('layout.menu')}
          </h2>
          <button type="button" className="menu-drawer__close" aria-label={t('layout.closeMenu')} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <SideMenu className="side-menu side-menu--drawer" onNavigate={onClose} />
      </div>
    </div>,
    document.body,
  );
}
