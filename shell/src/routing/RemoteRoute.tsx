import { matchRemote, REMOTE_UNAVAILABLE_MESSAGE, RemoteModule, type RemoteLoader } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useLocation } from '@academy/routing';
import { NotFound } from './NotFound';

/** Renders the App of the remote that owns the current path (remoteRoutes), or the not-found page. */
export function RemoteRoute({ loader }: { loader?: RemoteLoader }) {
  const { pathname } = useLocation();
  const match = matchRemote(pathname);
  if (!match) return <NotFound />;
  return (
    <main className="shell-main" id="main-content">
      {/* keyed by remote: moving between two pages of one remote keeps it mounted */}
      <RemoteModule
        key={match.remote}
        id={match.moduleId}
        loader={loader}
        loading={<LoadingView />}
        renderError={({ retry }) => (
          <ErrorPanel
            title={REMOTE_UNAVAILABLE_MESSAGE}
            message="The rest of the portal still works. Please try again in a moment."
            onRetry={retry}
          />
        )}
      />
    </main>
  );
}
