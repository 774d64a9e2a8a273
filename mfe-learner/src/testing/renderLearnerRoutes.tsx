// The one way learner tests render pages: test platform providers, a signed-in user (or none) in the user store,
// the given routes, and a probe of the current location.
import type { UserData } from '@academy/contracts';
import { useUserStore } from '@academy/platform';
import { TestPlatformProviders, fakeAuth0 } from '@academy/platform/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '@academy/routing';

function CurrentLocation() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

export interface LearnerRenderOptions {
  /** Signed-in user (enrolledCourses etc.); signed out when absent. */
  user?: UserData;
  /** Stands in for the SDK's loginWithRedirect. */
  login?: jest.Mock;
  /** When the user's data was loaded (Date.now() when absent). */
  userLoadedAt?: number;
}

/** Renders `routes` at `path`; `location()` reads where navigation went (path and query). */
export function renderLearnerRoutes(path: string, routes: ReactElement, { user, login, userLoadedAt = Date.now() }: LearnerRenderOptions = {}) {
  useUserStore.setState(
    user
      ? { user, status: 'ready', isEducator: false, isParent: user.publicMetadata.role === 'parent', error: null, loadedAt: userLoadedAt }
      : { user: null, status: 'idle', isEducator: false, isParent: false, error: null, loadedAt: null },
  );
  const auth = fakeAuth0({ ...(user ? { user: { sub: user._id, name: user.name } } : {}), ...(login ? { loginWithRedirect: login } : {}) });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <TestPlatformProviders auth={auth}>
        <Routes>
          {routes}
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <CurrentLocation />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
  return { ...view, location: () => view.getByTestId('location').textContent };
}
