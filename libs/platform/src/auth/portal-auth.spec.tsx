import { act, render, screen } from '@testing-library/react';
import { testRuntimeConfig } from '../testing';
import { LazySignIn } from './lazy-sign-in';
import { auth0Options } from './platform-providers';
import { needsSignInAtStart, usePortalAuth } from './portal-auth';
import { hasSignedInHint, keepSignedInHint } from './signed-in-hint';

function storageWith(...keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
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
});
