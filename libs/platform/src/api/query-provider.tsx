import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../toast/use-toast';
import { createQueryClient, type QueryClientOptions } from './query-client';
import { usePortalAuth } from '../auth/portal-auth';

/**
 * One QueryClient for the whole app (inside the toasts and sign-in). When the signed-in user changes, every
 * cached answer is dropped and the shown ones are loaded again, so no user sees another's data (nor an
 * anonymous answer, e.g. a course without the learner's rating).
 */
export function PlatformQueryProvider({ children, retryDelay }: { children: ReactNode; retryDelay?: QueryClientOptions['retryDelay'] }) {
  const toast = useToast();
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  }, [toast]);
  const [client] = useState(() => createQueryClient({ onError: (message) => toastRef.current.error(message), retryDelay }));

  // Whose token the API client sends: none while sign-in is still loading, as when signed out. Answers fetched
  // under another identity (anonymous before sign-in resolved, or another user) are dropped and fetched again.
  const { user, isAuthenticated } = usePortalAuth();
  const identity = isAuthenticated ? (user?.sub ?? '') : null;
  const cachedFor = useRef(identity);
  useEffect(() => {
    if (cachedFor.current === identity) return;
    cachedFor.current = identity;
    void client.resetQueries();
  }, [client, identity]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
