import { SIGNED_IN_HINT_COOKIE } from '@academy/contracts';

const ONE_YEAR_S = 31_536_000;

/** Whether the hint is set now (document.cookie, so the value the edge will see on the next page load). */
export function hasSignedInHint(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

/**
 * Tells the edge, through a cookie, whether this browser keeps a signed-in session, so that the next page's HTML
 * preloads the sign-in SDK with the page's code (SIGN_IN_FILES_KEY). Written only when it changes.
 */
export function keepSignedInHint(signedIn: boolean): void {
  if (typeof document === 'undefined' || hasSignedInHint() === signedIn) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; Path=/; Max-Age=${signedIn ? ONE_YEAR_S : 0}; SameSite=Lax${secure}`;
}
