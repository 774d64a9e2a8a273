import { useAuth0 } from '@auth0/auth0-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useToast } from '../toast/use-toast';
import { createQueryClient, type QueryClientOptions } from './query-client';

/**
 * One QueryClient for the whole app (inside the toasts and sign-in). When the signed-in user changes, every
 * cached answer is dropped and the shown ones are loaded again, so no user sees another's data.
 */
export function PlatformQueryProvider({ children, retryDelay }: { children: ReactNode; retryDelay?: QueryClientOptions['retryDelay'] }) {
  const toast = useToast();
  const toastRef = useRef(toast);
  useEffect(() => {
    toastRef.current = toast;
  }, [toast]);
  const [client] = useState(() => createQueryClient({ onError: (message) => toastRef.current.error(message), retryDelay }));

  const { user, isLoading } = useAuth0();
  const userId = isLoading ? undefined : (user?.sub ?? null);
  const previousUser = useRef(userId);
  useEffect(() => {
    if (userId === undefined) return;
    if (previousUser.current !== undefined && previousUser.current !== userId) void client.resetQueries();
    previousUser.current = userId;
  }, [client, userId]);

  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
