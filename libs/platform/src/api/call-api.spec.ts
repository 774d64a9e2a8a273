import { apiPath, coursesListRoute, type ApiRoute } from '@academy/contracts';
import { createApiClient } from './api-client';
import { callApi } from './call-api';

function recordingClient() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body });
    return { ok: true, status: 200, text: async () => JSON.stringify({ success: true, echo: String(url) }) } as unknown as Response;
  });
  return { api: createApiClient({ baseUrl: '/api', getToken: async () => null, fetchImpl }), calls };
}

describe('apiPath', () => {
  it('fills and encodes path parameters and drops empty query values', () => {
    const route = { method: 'GET', path: '/api/doubts/:courseId/:doubtId' } as const;
    expect(apiPath(route, { params: { courseId: 'c 1', doubtId: 'd/2' }, query: { q: 'atoms & ions', page: undefined, empty: '' } })).toBe(
      '/api/doubts/c%201/d%2F2?q=atoms+%26+ions',
    );
    expect(apiPath({ path: '/media/*path' }, { params: { path: 'thumbnails/a b.png' } })).toBe('/media/thumbnails/a%20b.png');
  });

  it('refuses a route whose parameter is missing rather than calling a wrong path', () => {
    expect(() => apiPath({ path: '/api/course/:id' })).toThrow('/api/course/:id needs the parameter id');
  });
});

describe('callApi', () => {
  it('calls a generated route with its method, path and query', async () => {
    const { api, calls } = recordingClient();
    await callApi(api, coursesListRoute, { query: { search: 'algebra', class: 8 } });
    expect(calls).toEqual([{ url: '/api/course/all?search=algebra&class=8', method: 'GET', body: undefined }]);
  });

  it('sends a JSON body, or the form of a multipart route', async () => {
    const { api, calls } = recordingClient();
    const rate: ApiRoute<{ params: { courseId: string }; body: { rating: number } }, unknown> = { method: 'POST', path: '/api/ratings/:courseId' };
    await callApi(api, rate, { params: { courseId: 'c1' }, body: { rating: 4 } });
    const form = new FormData();
    const upload: ApiRoute<{ form: FormData }, unknown> = { method: 'PUT', path: '/api/files', multipart: true };
    await callApi(api, upload, { form });
    expect(calls).toEqual([
      { url: '/api/ratings/c1', method: 'POST', body: '{"rating":4}' },
      { url: '/api/files', method: 'PUT', body: form },
    ]);
  });
});
