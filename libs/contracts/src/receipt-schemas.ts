// The query of a receipt's PDF address, as commerce checks it (receipts.ts has the address itself).
import { z } from 'zod';
import { uiLanguageSchema } from './language-schemas.js';

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
