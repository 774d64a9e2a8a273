// What several journeys need besides the browser steps (@academy/infra/browser): calling the portal's API with a
// learner's token.
import { portal } from './portal.js';

/** Calls the portal's API as the browser does (a bearer token, JSON), and keeps the answer's status and body. */
export async function callApi<T>(token: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal().portalUrl}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
  return { status: response.status, body: (await response.json()) as T };
}
