import { CERTIFICATE_CODE_PATTERN } from '@academy/contracts';
import { pdfText } from '@academy/service-core/testing';
import { newCertificateCode } from './certificate-code.js';
import { renderCertificatePdf } from './certificate-pdf.js';

const certificate = { code: 'AC-7K3M-PQ9R-2XTW', studentName: 'Aarav Sharma', courseTitle: 'Intro to Testing', courseId: 'c', issuedAt: '2026-03-05T10:00:00.000Z' };
const verifyUrl = 'http://portal.test/certificate/AC-7K3M-PQ9R-2XTW';

describe('certificate PDF', () => {
  it('prints the name, course title, date and verification code and link', async () => {
    const pdf = await renderCertificatePdf(certificate, verifyUrl, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdfText(pdf)).split('\n')).toEqual([
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

  it('prints Hindi labels in Devanagari, and a Devanagari course title, when asked in Hindi', async () => {
    const pdf = await renderCertificatePdf({ ...certificate, courseTitle: 'कक्षा 8 गणित' }, verifyUrl, { language: 'hi' });
    const text = await pdfText(pdf);
    // Words whose extracted order is the drawn one: a vowel sign drawn before its consonant (ि) or a reph (र्) is read
    // out of order from any PDF, so those words are not matched whole.
    for (const words of ['माणपत्र', 'जाता है', 'Aarav Sharma', 'सभी लेक्चर', 'कक्षा 8', 'नांक: 05/03/2026', 'सत्यापन कोड: AC-7K3M-PQ9R-2XTW']) {
      expect(text).toContain(words);
    }
    expect(text).not.toMatch(/CERTIFICATE|Verification code/);
  });

  it('makes codes that match the published pattern and differ', () => {
    const codes = new Set(Array.from({ length: 200 }, newCertificateCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(CERTIFICATE_CODE_PATTERN);
  });
});
