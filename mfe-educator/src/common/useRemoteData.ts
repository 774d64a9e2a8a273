import { errorMessage, useApi, useToast, type ApiClient } from '@academy/platform';
import { useCallback, useEffect, useState } from 'react';

export type RemoteData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string };

/**
 * Loads data with the API client once (and again on `reload`); a failure shows the server's message as a toast
 * (spec section 8) and as the error state. Answers that arrive after unmount or a newer load are dropped.
 */
export function useRemoteData<T>(load: (api: ApiClient) => Promise<T>, deps: readonly unknown[] = []) {
  const api = useApi();
  const toast = useToast();
  const [state, setState] = useState<RemoteData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let isCurrent = true;
    setState({ status: 'loading' });
    load(api).then(
      (data) => {
        if (isCurrent) setState({ status: 'ready', data });
      },
      (failure: unknown) => {
        if (!isCurrent) return;
        const message = errorMessage(failure);
        setState({ status: 'error', message });
        toast.error(message);
      },
    );
    return () => {
      isCurrent = false;
    };
    // `load` is usually an inline function; callers list what it depends on in `deps`.
  }, [api, toast, attempt, ...deps]);

  return { state, reload, setState };
}
