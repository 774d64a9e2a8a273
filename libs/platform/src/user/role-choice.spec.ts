import type { UserData } from '@academy/contracts';
import { createApiClient } from '../api/api-client';
import { fetchUserRecordingChoice, pendingRoleChoice, rememberLandingCheck, rememberRoleChoice, takeLandingCheck } from './role-choice';

const user = (role: UserData['publicMetadata']['role']): UserData => ({
  _id: 'auth0|new', name: 'Rekha Verma', email: 'rekha@example.test', imageUrl: '', enrolledCourses: [], publicMetadata: { role },
});

/** The API client over a scripted server: each call answers the next status and body, and is recorded. */
function clientAnswering(...answers: [number, object][]) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const api = createApiClient({
    baseUrl: '/api',
    getToken: async () => 'token',
    fetchImpl: async (url, init) => {
      calls.push({ method: String(init?.method), url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const [status, body] = answers.shift()!;
      return { ok: status < 400, status, text: async () => JSON.stringify(body) } as Response;
    },
  });
  return { api, calls };
}

describe("recording \"I'm a parent\" after sign-in", () => {
  beforeEach(() => window.sessionStorage.clear());

  it('without a choice: only the user data', async () => {
    const { api, calls } = clientAnswering([200, { success: true, user: user('student') }]);
    expect((await fetchUserRecordingChoice(api)).user.publicMetadata.role).toBe('student');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/user/data']);
  });

  it('with a choice: records it once with progress, which answers the user as a parent', async () => {
    rememberRoleChoice('parent');
    const { api, calls } = clientAnswering([200, { success: true, user: user('parent') }], [200, { success: true, user: user('parent') }]);
    expect((await fetchUserRecordingChoice(api)).user.publicMetadata.role).toBe('parent');
    expect(calls[0]).toEqual({ method: 'PUT', url: '/api/user/data/role', body: { role: 'parent' } });
    expect(pendingRoleChoice()).toBeNull();
    await fetchUserRecordingChoice(api);
    expect(calls[1]!.method).toBe('GET');
  });

  it('a refused choice (409) is dropped and the account loads as it is; a server failure keeps the choice for the next load', async () => {
    rememberRoleChoice('parent');
    const refused = clientAnswering([409, { success: false, message: 'This account already learns or teaches here.' }], [200, { success: true, user: user('student') }]);
    expect((await fetchUserRecordingChoice(refused.api)).user.publicMetadata.role).toBe('student');
    expect(pendingRoleChoice()).toBeNull();

    rememberRoleChoice('parent');
    const down = clientAnswering([503, { success: false, message: 'Service unavailable' }]);
    await expect(fetchUserRecordingChoice(down.api)).rejects.toThrow('Service unavailable');
    expect(pendingRoleChoice()).toBe('parent');
  });

  it('the landing check is taken once', () => {
    expect(takeLandingCheck()).toBe(false);
    rememberLandingCheck();
    expect(takeLandingCheck()).toBe(true);
    expect(takeLandingCheck()).toBe(false);
  });
});
