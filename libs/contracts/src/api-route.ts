// The shape of each generated route in api-routes.ts: what the browser needs to call it, and (as types only)
// what it takes and answers.

/** Every API route's path starts here (the edge, nginx and the Ingress route it to the services). */
export const API_PATH_PREFIX = '/api/';

/** No route answers PATCH: a controller that adds one makes the generated file fail to compile until callApi sends it. */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A route's input: path parameters, query, and a JSON body or a multipart form. */
export interface ApiRouteInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
}

export interface ApiRoute<Input extends ApiRouteInput = ApiRouteInput, Answer = unknown> {
  method: ApiMethod;
  /** Express form: `/api/course/:id`. */
  path: string;
  /** Sent as multipart/form-data (a file beside the fields). */
  multipart?: true;
  /** Types only, never present: lets `callApi` infer the input and the answer. */
  readonly types?: { input: Input; answer: Answer };
}

/** The path of a route with its parameters filled in (each encoded) and its query, if any. */
export function apiPath(route: Pick<ApiRoute, 'path'>, input: Pick<ApiRouteInput, 'params' | 'query'> = {}): string {
  const path = route.path.replace(/[:*](\w+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${route.path} needs the parameter ${name}`);
    return route.path.includes(`*${name}`) ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
