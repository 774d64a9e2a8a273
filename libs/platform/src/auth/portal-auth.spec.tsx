import { act, render, screen } from '@testing-library/react';
import { testRuntimeConfig } from '../testing';
import { handOverFirstScreen } from '../first-screen/hand-over';
import { LazySignIn } from './lazy-sign-in';
import { auth0Options } from './platform-providers';
import { needsSignInAtStart, PortalAuthContext, usePortalAuth, type PortalAuth } from './portal-auth';
import { keepSessionUser, keptSessionUser, useDeviceUserId } from './session-user';
import { hasSignedInHint, keepSignedInHint } from './signed-in-hint';

function storageWith(...keys: string[]): Pick<Storage, 'length' | 'key' | 'getItem'> {
  return { length: keys.length, key: (index: number) => keys[index] ?? null, getItem: (key) => (keys.includes(key) ? `value of ${key}` : null) };
}

describe('needsSignInAtStart', () => {
  it('is true with a kept session or on the way back from the sign-in page, false for an anonymous visitor', () => {
    expect(needsSignInAtStart(storageWith('theme', '@@auth0spajs@@::academy-portal::api::openid'), '')).toBe(true);
    expect(needsSignInAtStart(storageWith(), '?code=abc&state=xyz')).toBe(true);
    expect(needsSignInAtStart(storageWith(), '?error=access_denied&state=xyz')).toBe(true);
    expect(needsSignInAtStart(storageWith('theme'), '')).toBe(false);
    expect(needsSignInAtStart(storageWith(), '?code=abc')).toBe(false); // not a sign-in redirect without its state
  });
});

function Probe() {
  const auth = usePortalAuth();
  return <output>{`${auth.isLoading ? 'loading' : 'ready'} ${auth.isAuthenticated ? 'in' : 'out'}`}</output>;
}

const options = auth0Options(testRuntimeConfig, 'http://localhost');

describe('LazySignIn', () => {
  it('serves an anonymous visitor at once, signed out, without waiting for the sign-in SDK', () => {
    window.localStorage.clear();
    render(
      <LazySignIn options={options} onRedirectCallback={() => undefined}>
        <Probe />
      </LazySignIn>,
    );
    expect(screen.getByText('ready out')).toBeInTheDocument();
  });

  it('reports loading while a kept session is restored', () => {
    window.localStorage.setItem('@@auth0spajs@@::c::a::openid', '{}');
    render(
      <LazySignIn options={options} onRedirectCallback={() => undefined}>
        <Probe />
      </LazySignIn>,
    );
    expect(screen.getByText('loading out')).toBeInTheDocument();
    window.localStorage.clear();
  });

  it('clears the edge’s signed-in hint when no session is kept', async () => {
    window.localStorage.clear();
    keepSignedInHint(true);
    expect(document.cookie).toContain('academy.signed-in=1');
    render(
      <LazySignIn options={options} onRedirectCallback={() => undefined}>
        <Probe />
      </LazySignIn>,
    );
    await act(async () => undefined);
    expect(hasSignedInHint()).toBe(false);
  });

  it('asks the edge to forget its first-screen session when a session kept before is gone, and asks nothing of a visitor', async () => {
    const sent = jest.fn(async () => new Response(null, { status: 204 }));
    const realFetch = globalThis.fetch;
    globalThis.fetch = sent as unknown as typeof fetch;
    try {
      window.localStorage.clear();
      keepSignedInHint(true);
      const ended = render(
        <LazySignIn options={options} onRedirectCallback={() => undefined}>
          <Probe />
        </LazySignIn>,
      );
      await act(async () => undefined);
      expect(sent).toHaveBeenCalledWith('/first-screen-session', expect.objectContaining({ method: 'DELETE', credentials: 'same-origin', keepalive: true }));
      ended.unmount();

      sent.mockClear();
      render(
        <LazySignIn options={options} onRedirectCallback={() => undefined}>
          <Probe />
        </LazySignIn>,
      );
      await act(async () => undefined);
      expect(sent).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = realFetch;
    }
  });

  it('takes down a screen the edge rendered for a signed-in learner when no session is kept any more', async () => {
    window.localStorage.clear();
    keepSignedInHint(true);
    document.body.innerHTML = '<div id="first-screen" inert><main><div class="enrollments"></div></main></div><div id="root" hidden></div>';
    const root = document.getElementById('root')!;
    handOverFirstScreen(root);
    render(
      <LazySignIn options={options} onRedirectCallback={() => undefined}>
        <Probe />
      </LazySignIn>,
    );
    await act(async () => undefined);
    expect(document.getElementById('first-screen')).toBeNull();
    expect(root.hidden).toBe(false);
  });

  it('forgets whose session the device kept when none is kept any more', async () => {
    window.localStorage.clear();
    keepSessionUser('auth0|learner-1');
    render(
      <LazySignIn options={options} onRedirectCallback={() => undefined}>
        <Probe />
      </LazySignIn>,
    );
    await act(async () => undefined);
    expect(window.localStorage.getItem('academy.session-user')).toBeNull();
  });
});

describe('keptSessionUser', () => {
  const kept = '@@auth0spajs@@::academy-portal::api::openid';
  it('names the kept session’s user only while the SDK keeps a session, and not on the way back from signing in', () => {
    expect(keptSessionUser(storageWith(kept, 'academy.session-user'), '')).toBe('value of academy.session-user');
    expect(keptSessionUser(storageWith('academy.session-user'), '')).toBeNull(); // the SDK keeps no session
    expect(keptSessionUser(storageWith(kept), '')).toBeNull(); // kept before the device remembered whose it is
    expect(keptSessionUser(storageWith(kept, 'academy.session-user'), '?code=abc&state=xyz')).toBeNull();
  });
});

function DeviceUser() {
  return <output>{useDeviceUserId() ?? 'nobody'}</output>;
}

function renderDeviceUser(auth: Pick<PortalAuth, 'isLoading' | 'isAuthenticated' | 'user'>) {
  const value = { ...auth, getAccessTokenSilently: jest.fn(), loginWithRedirect: jest.fn(), logout: jest.fn() } as unknown as PortalAuth;
  return render(
    <PortalAuthContext.Provider value={value}>
      <DeviceUser />
    </PortalAuthContext.Provider>,
  );
}

describe('useDeviceUserId', () => {
  afterEach(() => window.localStorage.clear());

  it('is the kept session’s user while the SDK restores it, the SDK’s user once it has, and nobody once it says signed out', () => {
    window.localStorage.setItem('@@auth0spajs@@::c::a::openid', '{}');
    keepSessionUser('auth0|learner-1');
    const shown = (auth: Parameters<typeof renderDeviceUser>[0]) => {
      const view = renderDeviceUser(auth);
      const text = view.container.textContent;
      view.unmount();
      return text;
    };
    expect(shown({ isLoading: true, isAuthenticated: false, user: undefined })).toBe('auth0|learner-1');
    expect(shown({ isLoading: false, isAuthenticated: true, user: { sub: 'auth0|learner-2' } })).toBe('auth0|learner-2');
    expect(shown({ isLoading: false, isAuthenticated: false, user: undefined })).toBe('nobody');
  });

  it('is nobody while a session is restored that this device did not note (kept before, or no session kept)', () => {
    keepSessionUser('auth0|learner-1');
    renderDeviceUser({ isLoading: true, isAuthenticated: false, user: undefined });
    expect(screen.getByText('nobody')).toBeInTheDocument();
  });
});
