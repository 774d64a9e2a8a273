import { payoutAccountPath, payoutsPath, type PayoutAccount, type PayoutAccountAnswer, type PayoutAccountRequest, type PayoutsAnswer } from '@academy/contracts';
import type { ApiClient } from '@academy/platform';

/** GET /api/educator/payout-account (commerce): the bank account payouts go to, or null. */
export async function fetchPayoutAccount(api: ApiClient): Promise<PayoutAccount | null> {
  return (await api.get<PayoutAccountAnswer>(payoutAccountPath)).account;
}

/** PUT /api/educator/payout-account: a change (not the first account) needs a recent sign-in, else a 403. */
export async function savePayoutAccount(api: ApiClient, request: PayoutAccountRequest): Promise<PayoutAccount> {
  return (await api.put<{ success: true; account: PayoutAccount }>(payoutAccountPath, request)).account;
}

export async function fetchPayouts(api: ApiClient): Promise<Omit<PayoutsAnswer, 'success'>> {
  const { payouts, settledUnpaidPaise, heldPaise, feePercent, tdsPercent } = await api.get<PayoutsAnswer>(payoutsPath);
  return { payouts, settledUnpaidPaise, heldPaise, feePercent, tdsPercent };
}
