import { formatDate, formatPrice, fromPaise } from '@academy/contracts';
import PDFDocument from 'pdfkit';
import type { ReceiptRow } from './receipts.service.js';

/**
 * The PDF's standard fonts cannot draw the rupee sign, so amounts read "INR 1,599.00" (Indian grouping, as
 * formatPrice shows them on screen).
 */
export function inr(paise: string | number): string {
  const text = formatPrice(fromPaise(Number(paise)));
  return text.startsWith('-') ? `-INR ${text.slice(2)}` : `INR ${text.slice(1)}`;
}

/** Lines of a money document: a label on the left, its amount right-aligned, and rules between groups. */
export function amountTable(doc: PDFKit.PDFDocument): { row(label: string, amount: string, bold?: boolean): void; rule(): void } {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  return {
    row(label, amount, bold = false) {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11).fillColor('#111827');
      doc.text(label, left, y, { width: right - left - 140 });
      const after = doc.y;
      doc.text(amount, right - 140, y, { width: 140, align: 'right' });
      doc.y = Math.max(after, doc.y) + 4;
      doc.x = left;
    },
    rule() {
      doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.5).strokeColor('#9ca3af').stroke();
      doc.y += 6;
    },
  };
}

/** A4 receipt (or credit note, for a refund): seller with GSTIN, number and date, payer, course, tax lines, total. */
export function renderReceiptPdf(receipt: ReceiptRow, options: { compress?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const refund = receipt.kind === 'refund';
    const title = refund ? 'Credit note (refund)' : 'Receipt';
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: options.compress ?? true,
      info: { Title: `${title} ${receipt.number}`, Author: receipt.seller_name, Subject: receipt.course_title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    doc.font('Helvetica-Bold').fontSize(18).fillColor('#111827').text(receipt.seller_name);
    doc.font('Helvetica').fontSize(10).fillColor('#374151').text(receipt.seller_address).text(`GSTIN: ${receipt.seller_gstin}`).moveDown(1.2);

    doc.font('Helvetica-Bold').fontSize(16).fillColor('#1e3a8a').text(title.toUpperCase()).moveDown(0.4);
    doc.font('Helvetica').fontSize(11).fillColor('#111827');
    doc.text(`${refund ? 'Credit note' : 'Receipt'} number: ${receipt.number}`);
    doc.text(`Date: ${formatDate(receipt.issued_at)}`);
    if (receipt.razorpay_payment_id) doc.text(`Payment id: ${receipt.razorpay_payment_id}`);
    doc.moveDown(0.8);
    doc.font('Helvetica-Bold').text(refund ? 'Refunded to' : 'Paid by');
    doc.font('Helvetica').text(receipt.payer_name);
    if (receipt.payer_email) doc.text(receipt.payer_email);
    // Bought for someone else (a parent for a child): the learner is named.
    if (receipt.learner_id && receipt.learner_id !== receipt.user_id && receipt.learner_name) {
      doc.moveDown(0.5).font('Helvetica-Bold').text(`For: ${receipt.learner_name}`).font('Helvetica');
    }
    doc.moveDown(1);

    const { row, rule } = amountTable(doc);
    row('Description', 'Amount', true);
    rule();
    const discount = Number(receipt.discount_paise ?? 0);
    if (!refund && discount > 0 && receipt.list_price_paise !== null) {
      row(`Online course: ${receipt.course_title}`, inr(receipt.list_price_paise));
      row(`Discount (coupon ${receipt.coupon_code ?? ''})`, inr(-discount));
      rule();
      row('Price after discount', inr(receipt.amount_paise));
    } else {
      row(`${refund ? 'Refund of the course' : 'Online course'}: ${receipt.course_title}`, inr(receipt.amount_paise));
    }
    rule();
    const rate = Number(receipt.tax_rate_percent);
    if (rate > 0) {
      row('Taxable value', inr(receipt.taxable_paise));
      row(`GST @ ${rate}% (included in the price)`, inr(receipt.tax_paise));
      rule();
    }
    row(refund ? 'Total refunded' : 'Total paid', inr(receipt.amount_paise), true);
    doc.moveDown(2);
    doc.font('Helvetica').fontSize(9).fillColor('#6b7280').text('This is a computer-generated document and needs no signature.', left);
    doc.end();
  });
}
