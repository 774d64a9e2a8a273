// Calls a route of the API by its generated declaration (@academy/contracts' api-routes.ts): the path is built from
// the declaration and the input, and the answer is typed as the route's controller declares it.
import { apiPath, type ApiRoute, type ApiRouteInput } from '@academy/contracts';
import type { ApiClient, FormRequestOptions } from './api-client';

type InputOf<R> = R extends ApiRoute<infer Input, unknown> ? Input : never;
type AnswerOf<R> = R extends ApiRoute<ApiRouteInput, infer Answer> ? Answer : never;

/** A route needing no input can be called without one. */
type InputArguments<R> = Record<never, never> extends InputOf<R> ? [input?: InputOf<R>, options?: FormRequestOptions] : [input: InputOf<R>, options?: FormRequestOptions];

export function callApi<R extends ApiRoute<ApiRouteInput, unknown>>(api: ApiClient, route: R, ...[input, options]: InputArguments<R>): Promise<AnswerOf<R>> {
  const given = (input ?? {}) as ApiRouteInput;
  const path = apiPath(route, given);
  switch (route.method) {
    case 'GET':
      return api.get(path, options);
    case 'DELETE':
      return api.del(path);
    case 'PUT':
      return given.form ? api.putForm(path, given.form, options) : api.put(path, given.body);
    case 'POST':
      return given.form ? api.postForm(path, given.form, options) : api.post(path, given.body, options);
  }
}
