// The one HTTP client of the front end: JSON in and out, bearer token when signed in, and every failure
// (network, HTTP status, `{success:false}`) turned into an ApiError carrying the server's message.

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Bytes of a form body sent so far. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface RequestOptions {
  /** Extra headers, e.g. the `traceparent` that ties a purchase's calls into one trace. */
  headers?: Record<string, string>;
  /** Gives up on the request (a publish retried after a network cut must not arrive late and win). */
  signal?: AbortSignal;
}

export interface FormRequestOptions extends RequestOptions {
  /** Called as the body goes out (fetch cannot report this, so such a request goes through XMLHttpRequest). */
  onUploadProgress?: (progress: UploadProgress) => void;
}

export interface ApiClient {
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** JSON body replacing a resource (settings). */
  put<T>(path: string, body?: unknown): Promise<T>;
  del<T>(path: string): Promise<T>;
  /** multipart/form-data (course thumbnails); the browser sets the boundary header. */
  postForm<T>(path: string, form: FormData, options?: FormRequestOptions): Promise<T>;
  /** multipart/form-data replacing a resource (course edits). */
  putForm<T>(path: string, form: FormData, options?: FormRequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Resolves the access token, or null for an anonymous call. */
  getToken: () => Promise<string | null>;
  fetchImpl?: typeof fetch;
  /** Makes the XMLHttpRequest of a request that reports upload progress. */
  xhrFactory?: () => XMLHttpRequest;
}

/** What the client reads of an answer, whichever way it came. */
type RawResponse = Pick<Response, 'ok' | 'status' | 'text'>;

function sendWithXhr(
  xhr: XMLHttpRequest,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit },
  onUploadProgress: (progress: UploadProgress) => void,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text: async () => text });
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new TypeError('The upload was cancelled'));
    xhr.send(init.body as XMLHttpRequestBodyInit | undefined);
  });
}

/** `/course/all` and `/api/course/all` both reach `${baseUrl}/course/all` when baseUrl is `/api`. */
export function apiUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  const relative = path.startsWith('/') ? path : `/${path}`;
  if (base && (relative === base || relative.startsWith(`${base}/`))) return relative;
  return `${base}${relative}`;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

export function createApiClient({
  baseUrl,
  getToken,
  fetchImpl = (...args) => fetch(...args),
  xhrFactory = () => new XMLHttpRequest(),
}: ApiClientOptions): ApiClient {
  async function request<T>(method: string, path: string, body?: BodyInit, contentType?: string, options: FormRequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
    if (contentType) headers['Content-Type'] = contentType;
    const token = await getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: RawResponse;
    const url = apiUrl(baseUrl, path);
    try {
      response = options.onUploadProgress
        ? await sendWithXhr(xhrFactory(), url, { method, headers, body }, options.onUploadProgress)
        : await fetchImpl(url, { method, headers, body, signal: options.signal });
    } catch (error) {
      throw new ApiError(error instanceof Error ? error.message : 'Network error');
    }

    let payload: unknown = undefined;
    const text = await response.text();
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = undefined;
      }
    }
    if (!response.ok) {
      throw new ApiError(messageOf(payload) ?? `Request failed (HTTP ${response.status})`, response.status);
    }
    if (typeof payload !== 'object' || payload === null) {
      throw new ApiError('The server sent an unreadable answer', response.status);
    }
    if ((payload as { success?: unknown }).success === false) {
      throw new ApiError(messageOf(payload) ?? 'The request did not succeed', response.status);
    }
    return payload as T;
  }

  return {
    get: (path, options) => request('GET', path, undefined, undefined, options),
    post: (path, body, options) => request('POST', path, JSON.stringify(body ?? {}), 'application/json', options),
    put: (path, body) => request('PUT', path, JSON.stringify(body ?? {}), 'application/json'),
    del: (path) => request('DELETE', path),
    postForm: (path, form, options) => request('POST', path, form, undefined, options),
    putForm: (path, form, options) => request('PUT', path, form, undefined, options),
  };
}
