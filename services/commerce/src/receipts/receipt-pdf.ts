import { formatDate, formatPrice, fromPaise, type UiLanguage } from '@academy/contracts';
import { PDF_FONT, registerPdfFonts } from '@academy/service-core';
import PDFDocument from 'pdfkit';
import { receiptText } from './receipt-text.js';
import type { ReceiptRow } from './receipts.repository.js';

/** An amount as the portal shows it, with ₹ and Indian grouping: the embedded Noto font has the rupee sign. */
export function rupees(paise: string | number, language?: UiLanguage): string {
  return formatPrice(fromPaise(Number(paise)), language);
}

/** Lines of a money document: a label on the left, its amount right-aligned, and rules between groups. */
export function amountTable(doc: PDFKit.PDFDocument): { row(label: string, amount: string, bold?: boolean): void; rule(): void } {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  return {
    row(label, amount, bold = false) {
      const y = doc.y;
      doc.font(bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(11).fillColor('#111827');
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

/**
 * A4 receipt (or credit note, for a refund) in the reader's language: seller with GSTIN, number and date, payer,
 * course, tax lines, total. Noto Sans Devanagari draws Hindi, Latin and ₹.
 */
export function renderReceiptPdf(receipt: ReceiptRow, options: { compress?: boolean; language?: UiLanguage } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const language = options.language ?? 'en';
    const t = receiptText(language);
    const refund = receipt.kind === 'refund';
    const words = refund ? 'creditNote' : 'receipt';
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: options.compress ?? true,
      lang: language,
      info: { Title: t('documentTitle', { title: t(`${words}.title`), number: receipt.number }), Author: receipt.seller_name, Subject: receipt.course_title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);
    const { regular, bold } = PDF_FONT;
    const money = (paise: string | number) => rupees(paise, language);

    const left = doc.page.margins.left;
    doc.font(bold).fontSize(18).fillColor('#111827').text(receipt.seller_name);
    doc.font(regular).fontSize(10).fillColor('#374151').text(receipt.seller_address).text(t('gstin', { gstin: receipt.seller_gstin })).moveDown(1.2);

    doc.font(bold).fontSize(16).fillColor('#1e3a8a').text(t(`${words}.heading`)).moveDown(0.4);
    doc.font(regular).fontSize(11).fillColor('#111827');
    doc.text(t(`${words}.number`, { number: receipt.number }));
    doc.text(t('date', { date: formatDate(receipt.issued_at, language) }));
    if (receipt.razorpay_payment_id) doc.text(t('paymentId', { id: receipt.razorpay_payment_id }));
    doc.moveDown(0.8);
    doc.font(bold).text(t(`${words}.paidBy`));
    doc.font(regular).text(receipt.payer_name);
    if (receipt.payer_email) doc.text(receipt.payer_email);
    // Bought for someone else (a parent for a child): the learner is named.
    if (receipt.learner_id && receipt.learner_id !== receipt.user_id && receipt.learner_name) {
      doc.moveDown(0.5).font(bold).text(t('boughtFor', { name: receipt.learner_name })).font(regular);
    }
    doc.moveDown(1);

    const { row, rule } = amountTable(doc);
    row(t('description'), t('amount'), true);
    rule();
    const discount = Number(receipt.discount_paise ?? 0);
    if (!refund && discount > 0 && receipt.list_price_paise !== null) {
      row(t('receipt.course', { course: receipt.course_title }), money(receipt.list_price_paise));
      row(t('discount', { code: receipt.coupon_code ?? '' }), money(-discount));
      rule();
      row(t('priceAfterDiscount'), money(receipt.amount_paise));
    } else {
      row(t(`${words}.course`, { course: receipt.course_title }), money(receipt.amount_paise));
    }
    rule();
    const rate = Number(receipt.tax_rate_percent);
    if (rate > 0) {
      row(t('taxableValue'), money(receipt.taxable_paise));
      row(t('gst', { rate: String(rate) }), money(receipt.tax_paise));
      rule();
    }
    row(t(`${words}.total`), money(receipt.amount_paise), true);
    doc.moveDown(2);
    doc.font(regular).fontSize(9).fillColor('#6b7280').text(t('computerGenerated'), left);
    doc.end();
  });
}
