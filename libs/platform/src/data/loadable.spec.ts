import { ApiError } from '../api/api-client';
import { toLoadable } from './loadable';

const query = <T>(state: { data?: T; error?: Error }) => {
  const refetch = jest.fn();
  return { query: { data: state.data, isError: state.error !== undefined, error: state.error ?? null, refetch } as never, refetch };
};

describe('toLoadable', () => {
  it('is loading before the first answer, and reload asks again', () => {
    const { query: pending, refetch } = query({});
    const loadable = toLoadable(pending);
    expect(loadable.status).toBe('loading');
    loadable.reload();
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the data shown when a later refetch failed', () => {
    const loadable = toLoadable(query({ data: [1, 2], error: new Error('offline') }).query);
    expect(loadable).toMatchObject({ status: 'ready', data: [1, 2] });
  });

  it("carries the server's status and message, so a page can tell not found from try again", () => {
    const loadable = toLoadable(query({ error: new ApiError('Course not found', 404) }).query);
    expect(loadable).toMatchObject({ status: 'error', message: 'Course not found', httpStatus: 404 });
  });

  it('has no status for a failure that never reached a server', () => {
    const loadable = toLoadable(query({ error: new Error('Failed to fetch') }).query);
    expect(loadable.status).toBe('error');
    expect(loadable).not.toHaveProperty('httpStatus');
  });
});
