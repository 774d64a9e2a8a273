import { useRemoteOfPath, type RemoteLoader } from '@academy/platform';
import { Route, Routes, useLocation } from '@academy/routing';
import { useTranslation } from 'react-i18next';
import { Footer } from './chrome/Footer';
import { Navbar } from './chrome/Navbar';
import { WhatsAppBox } from './chrome/WhatsAppBox';
import { OfflineBanner } from './offline/OfflineBanner';
import { LoadingRedirect } from './routing/LoadingRedirect';
import { RemoteRoute } from './routing/RemoteRoute';
import { useHeadingAsTitle } from './routing/useHeadingAsTitle';

/** Chrome around the routed page. `remoteLoader` is a test seam; the federation runtime loads remotes otherwise. */
export function ShellApp({ remoteLoader }: { remoteLoader?: RemoteLoader }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const match = useRemoteOfPath(pathname);
  // Shown while the remotes' pages are still unknown, so the first paint does not wait for their manifests.
  const showChrome = !(match.status === 'found' && match.ownChrome);
  useHeadingAsTitle(pathname);
  return (
    <div className="shell">
      {showChrome && (
        <a className="skip-link" href="#main-content">
          {t('shellApp.skipToContent')}
        </a>
      )}
      {showChrome && <Navbar />}
      <Routes>
        <Route path="/loading/*" element={<LoadingRedirect />} />
        <Route path="*" element={<RemoteRoute match={match} loader={remoteLoader} />} />
      </Routes>
      {showChrome && <Footer />}
      {showChrome && <WhatsAppBox />}
      <OfflineBanner />
    </div>
  );
}
