import { formatDate, type CertificateRecord, type UiLanguage } from '@academy/contracts';
import { PDF_FONT, registerPdfFonts } from '@academy/service-core';
import PDFDocument from 'pdfkit';
import { progressText } from '../i18n/translations.js';

/**
 * The certificate as an A4 landscape PDF in the reader's language: student name, course title, date, the
 * verification code and link. Noto Sans Devanagari draws Hindi labels and names or titles written in Devanagari.
 */
export function renderCertificatePdf(
  certificate: CertificateRecord,
  verifyUrl: string,
  options: { compress?: boolean; language?: UiLanguage } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const language = options.language ?? 'en';
    const t = progressText(language);
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 56,
      compress: options.compress ?? true,
      lang: language,
      info: { Title: t('certificate.documentTitle', { course: certificate.courseTitle }), Author: 'Academy', Subject: certificate.code },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);
    const { regular, bold } = PDF_FONT;

    const { width, height } = doc.page;
    doc.lineWidth(3).strokeColor('#2563eb').rect(24, 24, width - 48, height - 48).stroke();
    doc.lineWidth(1).strokeColor('#93c5fd').rect(34, 34, width - 68, height - 68).stroke();

    const text = (value: string, size: number, font: string, color: string, gap: number) =>
      doc.font(font).fontSize(size).fillColor(color).text(value, { align: 'center' }).moveDown(gap);

    doc.y = 80;
    text(t('certificate.heading'), 30, bold, '#1e3a8a', 0.6);
    text(t('certificate.certifies'), 14, regular, '#374151', 0.4);
    text(certificate.studentName, 30, bold, '#111827', 0.4);
    text(t('certificate.completed'), 14, regular, '#374151', 0.4);
    text(certificate.courseTitle, 22, bold, '#111827', 0.8);
    text(t('certificate.date', { date: formatDate(certificate.issuedAt, language) }), 13, regular, '#374151', 0.2);
    text(t('certificate.code', { code: certificate.code }), 13, bold, '#374151', 0.2);
    doc.font(regular).fontSize(11).fillColor('#2563eb').text(t('certificate.verify', { url: verifyUrl }), { align: 'center', link: verifyUrl, underline: true });
    doc.end();
  });
}
