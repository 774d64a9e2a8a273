import { useOnline } from '@academy/platform';
import './OfflineBanner.css';

/** Says, while there is no network, what still works and what waits for it. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <aside className="offline-banner" role="status" aria-label="Offline">
      <p>
        <strong>You are offline.</strong> My Enrollments, your courses&rsquo; outlines and the notes and tests you kept
        offline still open. Lectures you mark complete and quiz answers are sent when you are back online. Videos need a
        connection.
      </p>
    </aside>
  );
}
