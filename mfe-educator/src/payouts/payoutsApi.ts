import { payoutsAccountRoute, payoutsListRoute, payoutsSaveAccountRoute, type PayoutAccount, type PayoutAccountRequest, type PayoutsAnswer } from '@academy/contracts';
import { callApi, type ApiClient } from '@academy/platform';

/** The bank account payouts go to, or null (commerce). */
export async function fetchPayoutAccount(api: ApiClient): Promise<PayoutAccount | null> {
  return (await callApi(api, payoutsAccountRoute)).account;
}

/** A change (not the first account) needs a recent sign-in, else a 403. */
export async function savePayoutAccount(api: ApiClient, request: PayoutAccountRequest): Promise<PayoutAccount> {
  return (await callApi(api, payoutsSaveAccountRoute, { body: request })).account;
}

export async function fetchPayouts(api: ApiClient): Promise<Omit<PayoutsAnswer, 'success'>> {
  const { payouts, settledUnpaidPaise, heldPaise, feePercent, tdsPercent } = await callApi(api, payoutsListRoute);
  return { payouts, settledUnpaidPaise, heldPaise, feePercent, tdsPercent };
}
