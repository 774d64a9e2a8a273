import { ApiError } from './api-client';
import { createQueryClient, isRetryableError, MAX_QUERY_RETRIES, shouldRetryQuery } from './query-client';

describe('query retry rule', () => {
  it.each([
    [new ApiError('Failed to fetch'), true],
    [new ApiError('Bad gateway', 502), true],
    [new ApiError('Unavailable', 503), true],
    [new ApiError('Not found', 404), false],
    [new ApiError('Forbidden', 403), false],
    [new ApiError('Refused', 200), false],
    [new Error('bug in the page'), false],
  ])('%s retryable: %s', (error, expected) => {
    expect(isRetryableError(error)).toBe(expected);
  });

  it('stops after the bounded number of retries', () => {
    const error = new ApiError('Unavailable', 503);
    expect(shouldRetryQuery(MAX_QUERY_RETRIES - 1, error)).toBe(true);
    expect(shouldRetryQuery(MAX_QUERY_RETRIES, error)).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('toasts a failed query once, unless its meta says the page shows the failure', async () => {
    const onError = jest.fn();
    const client = createQueryClient({ onError, retryDelay: () => 0 });
    await client.fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ApiError('Gone', 410)) }).catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(new ApiError('Quiet', 404)), meta: { errorToast: false } })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(new ApiError('Chosen', 400)), meta: { errorToast: (e) => (e as ApiError).status === 400 } })
      .catch(() => undefined);
    expect(onError.mock.calls).toEqual([['Gone'], ['Chosen']]);
  });
});
