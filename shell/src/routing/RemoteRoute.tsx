import {
  type RemoteLoader,
  RemoteModule,
  type RemoteOfPath,
  retryRemoteRoutes,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import type { ReactNode } from 'react';
import { NotFound } from './NotFound';

/**
 * Renders the App of the remote that serves the current path (as the remotes' manifests say), the not-found page
 * when none does, or the "not available" panel when a remote that might could not be asked.
 */
export function RemoteRoute({ match, loader }: { match: RemoteOfPath; loader?: RemoteLoader }) {
  const { t } = useTranslation('shell');
  if (match.status === 'none') return <NotFound />;
  return (
    <PageMain>
      {match.status === 'pending' && <LoadingView />}
      {match.status === 'unavailable' && (
        <ErrorPanel
          title={t('platform:federation.unavailable')}
          message={t('routing.remoteUnavailable')}
          onRetry={retryRemoteRoutes}
        />
      )}
      {match.status === 'found' && (
        // keyed by remote: moving between two pages of one remote keeps it mounted
        <RemoteModule
          key={match.remote}
          id={match.moduleId}
          loader={loader}
          loading={<LoadingView />}
          renderError={({ retry }) => (
            <ErrorPanel
              title={t('platform:federation.unavailable')}
              message={t('routing.remoteUnavailable')}
              onRetry={retry}
            />
          )}
        />
      )}
    </PageMain>
  );
}

/** The page's landmark, which the skip link leads to; also around the first screen the edge renders (src/server). */
export function PageMain({ children }: { children: ReactNode }) {
  return (
    <main className="shell-main" id="main-content">
      {children}
    </main>
  );
}
