// Test kit of the educator app: a fake server at the network boundary (window.fetch) and a harness that renders
// the whole App at a path for a signed-in educator, so tests go through routing, the gate and the real API client.
import type { UserData } from '@academy/contracts';
import { useUserStore } from '@academy/platform';
import { fakeAuth0, fakeServer as platformFakeServer, TestPlatformProviders, type FakeRequest } from '@academy/platform/testing';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from '@academy/routing';
import App from '../App';

export const meera: UserData = {
  _id: 'sandbox|educator-meera',
  name: 'Meera Iyer',
  email: 'meera@demo.academy',
  imageUrl: '',
  enrolledCourses: [],
  publicMetadata: { role: 'educator' },
};

export interface Reply {
  status: number;
  body: unknown;
}
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
/** Answers one request (or undefined to let the next route try). */
export type FakeRoute = (request: SeenRequest) => Reply | undefined | Promise<Reply | undefined>;

export const ok = (body: object = {}): Reply => ({ status: 200, body: { success: true, ...body } });
export const failure = (status: number, message: string): Reply => ({ status, body: { success: false, message } });

/** `on('GET', '/api/educator/dashboard', reply)`: exact method and path (query included when given). */
export function on(method: string, path: string, reply: Reply | ((request: SeenRequest) => Reply | Promise<Reply>)): FakeRoute {
  return (request) => {
    const pathOnly = path.includes('?') ? request.path : request.path.split('?')[0];
    if (request.method !== method || pathOnly !== path) return undefined;
    return typeof reply === 'function' ? reply(request) : reply;
  };
}

/**
 * The browser's XMLHttpRequest as far as the API client uses it (form posts with upload progress), sending through
 * window.fetch so the fake server sees every request: half the body is reported sent, then all of it once answered.
 */
class FetchBackedXhr {
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: BodyInit) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    window.fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (response) => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

/** The request as educator tests read it: the path with its query, the body as sent. */
const seenOf = (request: FakeRequest): SeenRequest => ({ method: request.method, path: `${request.path}${request.search}`, body: request.rawBody, headers: request.headers });

/** The platform's fake network (`fakeServer` in @academy/platform/testing), with form posts through fetch; unknown requests get 404. Returns the requests seen, in order. */
export function fakeServer(...routes: FakeRoute[]): SeenRequest[] {
  const seen: SeenRequest[] = [];
  window.XMLHttpRequest = FetchBackedXhr as unknown as typeof XMLHttpRequest;
  platformFakeServer(
    (request) => void seen.push(seenOf(request)),
    ...routes.map((route) => (request: FakeRequest) => route(seenOf(request))),
  );
  return seen;
}

function CurrentLocation() {
  return <span data-testid="location">{useLocation().pathname}</span>;
}

/** Renders the educator App at `path` with `user` signed in (an educator by default); `auth` replaces Auth0 methods. */
export function renderEducatorApp(path: string, user: UserData = meera, auth: Parameters<typeof fakeAuth0>[0] = {}) {
  useUserStore.setState({ user, isEducator: user.publicMetadata.role === 'educator', status: 'ready', error: null });
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <TestPlatformProviders auth={fakeAuth0({ user: { sub: user._id, name: user.name }, ...auth })}>
        <App />
        <CurrentLocation />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
  return { ...view, location: () => view.getByTestId('location').textContent };
}
