import { lazy, Suspense } from 'react';

const LoadedNotificationBell = lazy(() =>
  import(/* webpackChunkName: "notification-bell" */ './NotificationBell').then((module) => ({ default: module.NotificationBell })),
);

/** The bell's box (`.bell__button`), held while its code loads so the bar's other items do not move. */
const BELL_BOX = { display: 'inline-block', width: '2.75rem', height: '2.75rem' } as const;

/**
 * The notification bell, loaded with the first page that shows it (a signed-in one): the platform is on every first
 * page, and an anonymous visitor's does not need the bell, its panel, its live count or its email settings.
 */
export function NotificationBell() {
  return (
    <Suspense fallback={<span style={BELL_BOX} aria-hidden="true" />}>
      <LoadedNotificationBell />
    </Suspense>
  );
}
