// Numbered receipts of payments and refunds (commerce): numbering per Indian financial year and GST lines.
import { z } from 'zod';
import { uiLanguageSchema } from './language-schemas.js';
import type { UiLanguage } from './languages.js';

export type ReceiptKind = 'payment' | 'refund';

/** A receipt as the learner's purchase list shows it; the PDF is at `receiptPdfPath`. */
export interface ReceiptRef {
  kind: ReceiptKind;
  /** e.g. ACAD/2026-27/000123 (payments) or ACAD-CN/2026-27/000004 (refunds: credit notes). */
  number: string;
  issuedAt: string;
}

/**
 * GET …/receipts/refund?number=…: which credit note (a purchase refunded in parts has several); absent: the latest.
 * `lang`: the document's language (`en` or `hi`), English when absent.
 */
export const receiptQuerySchema = z.object({
  lang: uiLanguageSchema.optional(),
  number: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{1,9}(-CN)?\/\d{4}-\d{2}\/\d{6,}$/, 'number must be a receipt number such as ACAD-CN/2026-27/000004')
    .optional(),
});
export type ReceiptQuery = z.infer<typeof receiptQuerySchema>;

/** A purchase's receipt PDF; a credit note is named by its number (a purchase has one per refund processed). */
export const receiptPdfPath = (purchaseId: string, kind: ReceiptKind, number?: string, language?: UiLanguage) => {
  const query = new URLSearchParams();
  if (number) query.set('number', number);
  if (language) query.set('lang', language);
  const search = query.toString();
  return `/user/purchases/${encodeURIComponent(purchaseId)}/receipts/${kind}${search ? `?${search}` : ''}`;
};
