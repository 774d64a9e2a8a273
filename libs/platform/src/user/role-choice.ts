// "I'm a parent", chosen on the portal before the sign-in page: carried through the provider's redirect in the
// sign-in's appState, kept in this tab's session storage until progress has recorded it (PUT /api/user/data/role).
import { PARENT_ROLE, userDataRoute, userRoleRoute, type UserData } from '@academy/contracts';
import type { ApiClient } from '../api/api-client';
import { callApi } from '../api/call-api';

export type ChosenRole = typeof PARENT_ROLE;

const ROLE_KEY = 'academy.chosenRole';
const LANDING_KEY = 'academy.landAfterSignIn';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the choice is lost, the account stays a learner's
  }
}

export function rememberRoleChoice(role: ChosenRole): void {
  storage()?.setItem(ROLE_KEY, role);
}

export function pendingRoleChoice(): ChosenRole | null {
  return storage()?.getItem(ROLE_KEY) === PARENT_ROLE ? PARENT_ROLE : null;
}

/** After a sign-in that came back to the home page: a parent is taken to the parent's home instead (once). */
export function rememberLandingCheck(): void {
  storage()?.setItem(LANDING_KEY, '1');
}

export function takeLandingCheck(): boolean {
  const store = storage();
  if (store?.getItem(LANDING_KEY) !== '1') return false;
  store.removeItem(LANDING_KEY);
  return true;
}

/**
 * The signed-in user's data; first records a pending role choice with progress. A refused choice (an account that
 * already learns or teaches) is dropped: the account stays what it was.
 */
export async function fetchUserRecordingChoice(api: ApiClient): Promise<{ user: UserData }> {
  const choice = pendingRoleChoice();
  if (choice) {
    try {
      const answer = await callApi(api, userRoleRoute, { body: { role: choice } });
      storage()?.removeItem(ROLE_KEY);
      return answer;
    } catch (error) {
      // A 4xx is the server's answer (keep the account as it is); a network failure or 5xx tries again on the next load.
      const status = (error as { status?: number }).status;
      if (status !== undefined && status >= 400 && status < 500) storage()?.removeItem(ROLE_KEY);
      else throw error;
    }
  }
  return callApi(api, userDataRoute);
}
