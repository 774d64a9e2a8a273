// API calls over plain HTTP, for the production-like run's checks next to its browser journeys (src/testing/browser).

export interface ApiAnswer<T> {
  status: number;
  body: T;
  requestId: string | null;
}

/** The front end's API calls: JSON, bearer token, through the portal's entry. */
export function apiClient(portalUrl: string, token?: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const response = await fetch(`${portalUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text (an nginx error page says what went wrong)
    }
    return { status: response.status, body: parsed as T, requestId: response.headers.get('x-request-id') };
  };
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body?: unknown) => call<T>('POST', path, body),
  };
}
