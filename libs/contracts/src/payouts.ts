// Educator payouts (commerce): the bank account a payout goes to, and the weekly payouts with their lines.
// Payouts go through Razorpay Route: each educator is a linked account and a payout is one transfer to it.
import { z } from 'zod';

/** Indian Financial System Code: 4 letters (the bank), a zero, 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers are 9 to 18 digits. */
export const BANK_ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;

/** The answer (403) to a payout account change without a recent sign-in: the page then asks the educator to sign in again. */
export const PAYOUT_REAUTH_MESSAGE = 'Sign in again to change your payout account: for your safety this needs a sign-in from the last few minutes';

/** Days a sale stays inside the refund window; its money is paid out only after. */
export const PAYOUT_HOLD_DAYS = 7;

/** PUT /api/educator/payout-account. */
export const payoutAccountRequestSchema = z
  .object({
    beneficiaryName: z
      .string({ message: 'Enter the account holder’s name' })
      .trim()
      .min(3, 'Enter the account holder’s name as the bank has it')
      .max(120, 'The account holder’s name may be at most 120 characters'),
    accountNumber: z
      .string({ message: 'Enter the account number' })
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(BANK_ACCOUNT_NUMBER_PATTERN, 'An account number is 9 to 18 digits')),
    confirmAccountNumber: z.string({ message: 'Enter the account number again' }).transform((value) => value.replace(/[\s-]/g, '')),
    ifsc: z
      .string({ message: 'Enter the IFSC' })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(IFSC_PATTERN, 'An IFSC is 11 characters: 4 letters, a zero, then 6 letters or digits (e.g. HDFC0001234)')),
  })
  .refine((value) => value.accountNumber === value.confirmAccountNumber, {
    message: 'The two account numbers differ',
    path: ['confirmAccountNumber'],
  });
export type PayoutAccountRequest = z.input<typeof payoutAccountRequestSchema>;

/** The account as the educator sees it: never the whole number. */
export interface PayoutAccount {
  beneficiaryName: string;
  accountNumberLast4: string;
  ifsc: string;
  updatedAt: string;
}

export interface PayoutAccountAnswer {
  success: true;
  account: PayoutAccount | null;
}

export type PayoutStatus = 'pending' | 'paid' | 'failed';

/** One weekly payout: sales settled up to `settledUpTo` (exclusive), less refunds, the platform fee and TDS. */
export interface Payout {
  id: string;
  /** First and last Indian day (yyyy-mm-dd) of the sales it pays. */
  salesFrom: string;
  salesTo: string;
  grossPaise: number;
  refundsPaise: number;
  feePaise: number;
  tdsPaise: number;
  netPaise: number;
  status: PayoutStatus;
  /** Razorpay's transfer id once the money has moved. */
  transferId: string | null;
  createdAt: string;
  paidAt: string | null;
}

/** GET /api/educator/payouts: newest first, with what is earned but not paid out yet. */
export interface PayoutsAnswer {
  success: true;
  payouts: Payout[];
  /** Earned and past the refund window, waiting for the next weekly payout. */
  settledUnpaidPaise: number;
  /** Earned but still inside the refund window. */
  heldPaise: number;
  /** The platform's fee and TDS as they are charged now (percent). */
  feePercent: number;
  tdsPercent: number;
}

/** What a payout deducts from the educator's settled earnings (all in paise, never rounded in the educator's disfavour by more than half a paisa). */
export function payoutLines(input: { grossPaise: number; refundsPaise: number; feePercent: number; tdsPercent: number }): {
  feePaise: number;
  tdsPaise: number;
  netPaise: number;
} {
  const earned = input.grossPaise - input.refundsPaise;
  const feePaise = Math.round((earned * input.feePercent) / 100);
  // TDS under section 194-O is on the gross amount of the sales.
  const tdsPaise = Math.round((input.grossPaise * input.tdsPercent) / 100);
  return { feePaise, tdsPaise, netPaise: earned - feePaise - tdsPaise };
}

/** API paths, relative to the API base (`/api`). */
export const payoutsPath = '/educator/payouts';
export const payoutStatementPath = (payoutId: string) => `${payoutsPath}/${encodeURIComponent(payoutId)}/statement`;
