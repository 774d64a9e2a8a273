// Whose session this browser keeps, remembered beside it, so that a page can show that learner's copy on this device
// (My Enrollments) at once, before the sign-in SDK has loaded and restored the session: on a phone that is the SDK's
// file, its restore and the API's first answers. The SDK's word replaces it as soon as it comes.
import { useState } from 'react';
import { needsSignInAtStart, usePortalAuth } from './portal-auth';

const SESSION_USER_KEY = 'academy.session-user';

/** Remembers who the kept session belongs to (the ID token's `sub`), or forgets it (signed out, session ended). */
export function keepSessionUser(userId: string | null): void {
  if (typeof window === 'undefined') return;
  try {
    if (userId) window.localStorage.setItem(SESSION_USER_KEY, userId);
    else window.localStorage.removeItem(SESSION_USER_KEY);
  } catch {
    // Storage refused (a private mode): pages then wait for the SDK, as they would without this.
  }
}

/**
 * The user whose session this browser keeps, before the SDK confirms it: null when no session is kept, and on the
 * way back from the sign-in page (whoever signed in there may be someone else).
 */
export function keptSessionUser(storage: Pick<Storage, 'length' | 'key' | 'getItem'>, search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.has('state')) return null;
  return needsSignInAtStart(storage, search) ? storage.getItem(SESSION_USER_KEY) : null;
}

/**
 * Whose data this device may show now: the signed-in user; while the SDK restores a session kept in this browser,
 * the user it belonged to; otherwise null. What is shown for the kept user before the SDK's word must be that user's
 * own copy on this device, and must give way when the SDK answers.
 */
export function useDeviceUserId(): string | null {
  const auth = usePortalAuth();
  const [kept] = useState(() => (typeof window === 'undefined' ? null : keptSessionUser(window.localStorage, window.location.search)));
  if (auth.isAuthenticated) return auth.user?.sub ?? null;
  return auth.isLoading ? kept : null;
}
