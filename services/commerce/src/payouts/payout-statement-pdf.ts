import { formatDate, type PayoutAccount } from '@academy/contracts';
import PDFDocument from 'pdfkit';
import { PDF_FONT, registerPdfFonts } from '@academy/service-core';
import { amountTable, rupees } from '../receipts/receipt-pdf.js';
import type { PayoutRow } from './payouts.repository.js';

/** A4 statement of one payout: the period of sales it pays, its lines from gross to net, where the money went. */
export function renderPayoutStatementPdf(input: { payout: PayoutRow; account: PayoutAccount; sellerName: string; educatorName: string }): Promise<Buffer> {
  const { payout, account } = input;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Payout statement ${payout.id}`, Author: input.sellerName } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);

    const left = doc.page.margins.left;
    doc.font(PDF_FONT.bold).fontSize(18).fillColor('#111827').text(input.sellerName).moveDown(0.8);
    doc.font(PDF_FONT.bold).fontSize(16).fillColor('#1e3a8a').text('PAYOUT STATEMENT').moveDown(0.4);
    doc.font(PDF_FONT.regular).fontSize(11).fillColor('#111827');
    doc.text(`Educator: ${input.educatorName}`);
    doc.text(`Sales from ${formatDate(payout.sales_from)} to ${formatDate(payout.sales_to)} (Indian days)`);
    doc.text(`Run on: ${formatDate(payout.run_day)}`);
    doc.text(`Status: ${payout.status === 'paid' ? `paid on ${formatDate(payout.paid_at)}` : payout.status}`);
    if (payout.transfer_id) doc.text(`Razorpay transfer: ${payout.transfer_id}`);
    doc.text(`Paid to: account ending ${account.accountNumberLast4}, IFSC ${account.ifsc}, ${account.beneficiaryName}`);
    doc.moveDown(1);

    const { row, rule } = amountTable(doc);
    row('Line', 'Amount', true);
    rule();
    row('Gross sales (past the 7-day refund window)', rupees(payout.gross_paise));
    row('Refunds', rupees(-Number(payout.refunds_paise)));
    row(`Platform fee (${Number(payout.fee_percent)}% of sales after refunds)`, rupees(-Number(payout.fee_paise)));
    row(`TDS, section 194-O (${Number(payout.tds_percent)}% of gross sales)`, rupees(-Number(payout.tds_paise)));
    rule();
    row('Net paid out', rupees(payout.net_paise), true);
    doc.moveDown(2);
    doc.font(PDF_FONT.regular).fontSize(9).fillColor('#6b7280').text('This is a computer-generated statement and needs no signature.', left);
    doc.end();
  });
}
