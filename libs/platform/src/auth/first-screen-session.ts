// The edge's first-screen session (FIRST_SCREEN_SESSION_URL in contracts): with it, the next load of the learner's
// own page (My Enrollments) comes rendered in the HTML with their data. The edge keeps the token in an HttpOnly
// cookie that this code can neither read nor clear itself, so it asks the edge to.
import { FIRST_SCREEN_SESSION_URL } from '@academy/contracts';

let sentToken: string | null = null;

function send(init: RequestInit): void {
  if (typeof fetch !== 'function') return;
  // Never in the way of the page: low priority, kept alive across a navigation (sign-out leaves the page at once),
  // and a failure only means the next page is rendered by the browser, as it would be without the session.
  fetch(FIRST_SCREEN_SESSION_URL, { ...init, credentials: 'same-origin', keepalive: true, priority: 'low' } as RequestInit).catch(() => undefined);
}

/** Hands the edge this access token as the session (once per token and page load). */
export function keepFirstScreenSession(accessToken: string): void {
  if (accessToken === sentToken) return;
  sentToken = accessToken;
  send({ method: 'PUT', headers: { Authorization: `Bearer ${accessToken}` } });
}

/** Asks the edge to forget the session: signed out, or no session kept any more. */
export function forgetFirstScreenSession(): void {
  sentToken = null;
  send({ method: 'DELETE' });
}
