import { formatDate, type CertificateRecord } from '@academy/contracts';
import PDFDocument from 'pdfkit';

/** The certificate as an A4 landscape PDF: student name, course title, date, the verification code and link. */
export function renderCertificatePdf(certificate: CertificateRecord, verifyUrl: string, options: { compress?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 56,
      compress: options.compress ?? true,
      info: { Title: `Certificate of Completion - ${certificate.courseTitle}`, Author: 'Academy', Subject: certificate.code },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const { width, height } = doc.page;
    doc.lineWidth(3).strokeColor('#2563eb').rect(24, 24, width - 48, height - 48).stroke();
    doc.lineWidth(1).strokeColor('#93c5fd').rect(34, 34, width - 68, height - 68).stroke();

    const text = (value: string, size: number, font: string, color: string, gap: number) =>
      doc.font(font).fontSize(size).fillColor(color).text(value, { align: 'center' }).moveDown(gap);

    doc.y = 90;
    text('CERTIFICATE OF COMPLETION', 30, 'Helvetica-Bold', '#1e3a8a', 0.8);
    text('This certifies that', 14, 'Helvetica', '#374151', 0.5);
    text(certificate.studentName, 30, 'Helvetica-Bold', '#111827', 0.5);
    text('has completed every lecture of the course', 14, 'Helvetica', '#374151', 0.5);
    text(certificate.courseTitle, 22, 'Helvetica-Bold', '#111827', 1);
    const issued = formatDate(certificate.issuedAt);
    text(`Date: ${issued}`, 13, 'Helvetica', '#374151', 0.3);
    text(`Verification code: ${certificate.code}`, 13, 'Helvetica-Bold', '#374151', 0.3);
    doc.font('Helvetica').fontSize(11).fillColor('#2563eb').text(`Verify at ${verifyUrl}`, { align: 'center', link: verifyUrl, underline: true });
    doc.end();
  });
}
