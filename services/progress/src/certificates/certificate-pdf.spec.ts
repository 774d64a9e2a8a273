import { CERTIFICATE_CODE_PATTERN } from '@academy/contracts';
import { newCertificateCode } from './certificate-code.js';
import { renderCertificatePdf } from './certificate-pdf.js';

/** The text lines of an uncompressed pdfkit PDF: each `[<hex> kern <hex> ...] TJ` joined and decoded. */
const textLines = (pdf: Buffer): string[] =>
  [...pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)].map((match) =>
    [...match[1]!.matchAll(/<([0-9a-f]*)>/g)].map((part) => Buffer.from(part[1]!, 'hex').toString('latin1')).join(''),
  );

describe('certificate PDF', () => {
  it('prints the name, course title, date and verification code and link', async () => {
    const pdf = await renderCertificatePdf(
      { code: 'AC-7K3M-PQ9R-2XTW', studentName: 'Aarav Sharma', courseTitle: 'Intro to Testing', courseId: 'c', issuedAt: '2026-03-05T10:00:00.000Z' },
      'http://portal.test/certificate/AC-7K3M-PQ9R-2XTW',
      { compress: false },
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(textLines(pdf)).toEqual([
      'CERTIFICATE OF COMPLETION',
      'This certifies that',
      'Aarav Sharma',
      'has completed every lecture of the course',
      'Intro to Testing',
      'Date: 05/03/2026',
      'Verification code: AC-7K3M-PQ9R-2XTW',
      'Verify at http://portal.test/certificate/AC-7K3M-PQ9R-2XTW',
    ]);
    expect(pdf.toString('latin1')).toContain('(http://portal.test/certificate/AC-7K3M-PQ9R-2XTW)'); // the link annotation
  });

  it('makes codes that match the published pattern and differ', () => {
    const codes = new Set(Array.from({ length: 200 }, newCertificateCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(CERTIFICATE_CODE_PATTERN);
  });
});
