import { refundsListRoute, refundsRequestRefundRoute, type LearnerPurchase } from '@academy/contracts';
import {
  callApi,
  type Loadable,
  queryKeys,
  toLoadable,
  useApi,
  useMutation,
  useQuery,
  useQueryClient,
  useUserStore,
} from '@academy/platform';
import { useEffect, useRef } from 'react';

/** While a refund is pending, how often the purchases are asked for again (the refund settles by webhook or reconciliation). */
export const REFUND_POLL_INTERVAL_MS = 5_000;

const refundInFlight = (purchases: readonly LearnerPurchase[] | undefined) =>
  purchases?.some((purchase) => purchase.refund && purchase.refund.status !== 'processed' && purchase.refund.status !== 'failed') ?? false;

/**
 * The signed-in learner's purchases, newest first. Polls while a refund is pending; when one completes, the
 * enrolled courses and the user's data are loaded again (the refunded course's access has ended).
 */
export function usePurchases(enabled: boolean): Loadable<LearnerPurchase[]> & { reload(): void } {
  const api = useApi();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.learner.purchases(),
    enabled,
    meta: { errorToast: false },
    queryFn: async () => (await callApi(api, refundsListRoute)).purchases,
    refetchInterval: (current) => (refundInFlight(current.state.data) ? REFUND_POLL_INTERVAL_MS : false),
  });

  const refunded = (query.data ?? []).filter((purchase) => purchase.status === 'refunded').map((purchase) => purchase.purchaseId).join(',');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current !== null && seen.current !== refunded) {
      // The user's data lists the courses too: loaded again first, so what reads it while the courses reload waits for it.
      void useUserStore.getState().reload();
      void queryClient.invalidateQueries({ queryKey: queryKeys.learner.enrolledCourses() });
    }
    seen.current = refunded;
  }, [refunded, queryClient]);

  return toLoadable(query);
}

/** Asks for the 7-day refund of one purchase (idempotent on the server); the purchases are loaded again after. */
export function useRequestRefund() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorToast: false },
    mutationFn: async (purchaseId: string) => callApi(api, refundsRequestRefundRoute, { params: { purchaseId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.learner.purchases() }),
  });
}
