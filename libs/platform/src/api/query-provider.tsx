import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../toast/use-toast';
import { createQueryClient, type QueryClientOptions } from './query-client';
import { usePortalAuth } from '../auth/portal-auth';

/**
 * One QueryClient for the whole app (inside the toasts and sign-in). When the signed-in user changes or signs out,
 * every cached answer is dropped and the shown ones are loaded again, so no user sees another's data; on signing
 * in, the anonymous answers are fetched again with the token and stay shown until then.
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
    const previous = cachedFor.current;
    if (previous === identity) return;
    cachedFor.current = identity;
    // Signed in after an anonymous start (every page load of a signed-in learner: the sign-in SDK reports a moment
    // after the first render): the public answers on screen stay while they are fetched again with the token. Dropping
    // them flashed the page back to loading and lost what the learner had begun there, such as a press of Enroll Now.
    // Another user, or signed out: nothing fetched for the previous identity may stay on screen.
    void (previous === null ? client.invalidateQueries() : client.resetQueries());
  }, [client, identity]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
