// Numbered receipts of payments and refunds (commerce): numbering per Indian financial year and GST lines.
// (The query of the receipt's address is checked by receipt-schemas.ts: the learner's purchase list needs no zod.)
import type { UiLanguage } from './languages.js';

export type ReceiptKind = 'payment' | 'refund';

/** A receipt as the learner's purchase list shows it; the PDF is at `receiptPdfPath`. */
export interface ReceiptRef {
  kind: ReceiptKind;
  /** e.g. ACAD/2026-27/000123 (payments) or ACAD-CN/2026-27/000004 (refunds: credit notes). */
  number: string;
  issuedAt: string;
}

/** A purchase's receipt PDF; a credit note is named by its number (a purchase has one per refund processed). */
export const receiptPdfPath = (purchaseId: string, kind: ReceiptKind, number?: string, language?: UiLanguage) => {
  const query = new URLSearchParams();
  if (number) query.set('number', number);
  if (language) query.set('lang', language);
  const search = query.toString();
  return `/user/purchases/${encodeURIComponent(purchaseId)}/receipts/${kind}${search ? `?${search}` : ''}`;
};
