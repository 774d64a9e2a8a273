import { type RemoteLoader, useRemoteOfPath, useTranslation } from '@academy/platform';
import { Route, Routes, useLocation } from '@academy/routing';
import type { ReactNode } from 'react';
import { Footer } from './chrome/Footer';
import { Navbar } from './chrome/Navbar';
import { WhatsAppBox } from './chrome/WhatsAppBox';
import { OfflineBanner } from './offline/OfflineBanner';
import { LoadingRedirect } from './routing/LoadingRedirect';
import { RemoteRoute } from './routing/RemoteRoute';
import { useHeadingAsTitle } from './routing/useHeadingAsTitle';

/** Chrome around the routed page. `remoteLoader` is a test seam; the federation runtime loads remotes otherwise. */
export function ShellApp({ remoteLoader }: { remoteLoader?: RemoteLoader }) {
  const { pathname } = useLocation();
  const match = useRemoteOfPath(pathname);
  useHeadingAsTitle(pathname);
  return (
    // Shown while the remotes' pages are still unknown, so the first paint does not wait for their manifests.
    <ShellLayout showChrome={!(match.status === 'found' && match.ownChrome)}>
      <Routes>
        <Route path="/loading/*" element={<LoadingRedirect />} />
        <Route path="*" element={<RemoteRoute match={match} loader={remoteLoader} />} />
      </Routes>
    </ShellLayout>
  );
}

/** The portal's chrome around a page; also what the edge renders around a first screen (src/server). */
export function ShellLayout({ showChrome, children }: { showChrome: boolean; children: ReactNode }) {
  const { t } = useTranslation('shell');
  return (
    <div className="shell">
      {showChrome && (
        <a className="skip-link" href="#main-content">
          {t('shellApp.skipToContent')}
        </a>
      )}
      {showChrome && <Navbar />}
      {children}
      {showChrome && <Footer />}
      {showChrome && <WhatsAppBox />}
      <OfflineBanner />
    </div>
  );
}
