import { ApiError, apiUrl, createApiClient } from './api-client';

function respond(status: number, body: unknown) {
  return jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => ({
    ok: status < 400,
    status,
    text: async () => (typeof body === 'string' ? body : JSON.stringify(body)),
  }) as unknown as Response);
}

describe('apiUrl', () => {
  it.each([
    ['/api', '/course/all', '/api/course/all'],
    ['/api', 'course/all', '/api/course/all'],
    ['/api/', '/user/data', '/api/user/data'],
    ['/api', '/api/course/all', '/api/course/all'],
    ['https://api.example.com/api', '/course/1', 'https://api.example.com/api/course/1'],
  ])('%s + %s = %s', (base, path, expected) => {
    expect(apiUrl(base, path)).toBe(expected);
  });
});

describe('createApiClient', () => {
  it('sends the bearer token when there is one and returns the body', async () => {
    const fetchImpl = respond(200, { success: true, courses: [] });
    const api = createApiClient({ baseUrl: '/api', getToken: async () => 'token-1', fetchImpl });
    await expect(api.get('/course/all')).resolves.toEqual({ success: true, courses: [] });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/course/all');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchImpl = respond(200, { success: true });
    await createApiClient({ baseUrl: '/api', getToken: async () => null, fetchImpl }).get('/course/all');
    expect(fetchImpl.mock.calls[0]![1]!.headers).not.toHaveProperty('Authorization');
  });

  it('posts JSON', async () => {
    const fetchImpl = respond(200, { success: true, message: 'Rated' });
    await createApiClient({ baseUrl: '/api', getToken: async () => null, fetchImpl }).post('/user/add-rating', { courseId: 'c1', rating: 4 });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"courseId":"c1","rating":4}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it.each([
    ['postForm', 'POST'],
    ['putForm', 'PUT'],
  ] as const)('%s sends multipart with %s and leaves the boundary header to the browser', async (call, method) => {
    const fetchImpl = respond(200, { success: true, message: 'Saved' });
    const form = new FormData();
    form.append('courseData', '{}');
    await createApiClient({ baseUrl: '/api', getToken: async () => 'token-1', fetchImpl })[call]('/educator/courses/c1', form);
    const init = fetchImpl.mock.calls[0]![1]!;
    expect(init.method).toBe(method);
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('turns success:false into an error with the server message', async () => {
    const api = createApiClient({ baseUrl: '/api', getToken: async () => null, fetchImpl: respond(200, { success: false, message: 'Course not found' }) });
    await expect(api.get('/course/x')).rejects.toEqual(new ApiError('Course not found'));
  });

  it('turns an HTTP error into an error with the server message and status', async () => {
    const api = createApiClient({ baseUrl: '/api', getToken: async () => null, fetchImpl: respond(403, { success: false, message: 'Educators only' }) });
    const failure = await api.get('/educator/courses').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Educators only');
    expect((failure as ApiError).status).toBe(403);
  });

  it('describes an HTTP error without a JSON body', async () => {
    const api = createApiClient({ baseUrl: '/api', getToken: async () => null, fetchImpl: respond(502, '<html>Bad gateway</html>') });
    await expect(api.get('/course/all')).rejects.toThrow('Request failed (HTTP 502)');
  });

  it('reports a network failure', async () => {
    const fetchImpl = jest.fn(async () => { throw new TypeError('Failed to fetch'); });
    const api = createApiClient({ baseUrl: '/api', getToken: async () => null, fetchImpl });
    await expect(api.get('/course/all')).rejects.toThrow('Failed to fetch');
  });
});

/** Stands in for the browser's XMLHttpRequest: reports the body going out in two steps, then answers. */
class ScriptedXhr {
  static last: ScriptedXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor(private readonly answer: { status: number; body: unknown } | 'network-error') {
    ScriptedXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    setTimeout(() => {
      if (this.answer === 'network-error') return this.onerror?.();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 500, total: 1000 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1000, total: 1000 });
      this.status = this.answer.status;
      this.responseText = JSON.stringify(this.answer.body);
      this.onload?.();
    }, 0);
  }
}

describe('form posts with upload progress', () => {
  const client = (answer: ConstructorParameters<typeof ScriptedXhr>[0]) => {
    const fetchImpl = jest.fn();
    const api = createApiClient({
      baseUrl: '/api',
      getToken: async () => 'token-1',
      fetchImpl,
      xhrFactory: () => new ScriptedXhr(answer) as unknown as XMLHttpRequest,
    });
    return { api, fetchImpl };
  };

  it('reports the bytes sent and returns the answer, with the bearer token and no Content-Type', async () => {
    const { api, fetchImpl } = client({ status: 201, body: { success: true, message: 'Course Added' } });
    const progress = jest.fn();
    const form = new FormData();
    await expect(api.postForm('/educator/add-course', form, { onUploadProgress: progress })).resolves.toEqual({ success: true, message: 'Course Added' });
    expect(progress.mock.calls).toEqual([[{ loaded: 500, total: 1000 }], [{ loaded: 1000, total: 1000 }]]);
    expect(ScriptedXhr.last).toMatchObject({ method: 'POST', url: '/api/educator/add-course', body: form });
    expect(ScriptedXhr.last.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-1' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('turns an HTTP error and a network failure into ApiError like fetch does', async () => {
    const refused = await client({ status: 413, body: { success: false, message: 'Thumbnail too large' } })
      .api.putForm('/educator/courses/c1', new FormData(), { onUploadProgress: () => undefined })
      .catch((error: unknown) => error);
    expect(refused).toEqual(new ApiError('Thumbnail too large', 413));
    expect((refused as ApiError).status).toBe(413);
    await expect(client('network-error').api.postForm('/x', new FormData(), { onUploadProgress: () => undefined })).rejects.toThrow('Network error');
  });
});
