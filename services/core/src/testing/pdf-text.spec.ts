import { describe, expect, it } from '@jest/globals';
import PDFDocument from 'pdfkit';
import { registerPdfFonts } from '../i18n/pdf-fonts.js';
import { pdfText } from './pdf-text.js';

function pdfOf(lines: string[], options: { compress: boolean }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: options.compress });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    registerPdfFonts(doc);
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

describe('pdfText', () => {
  it.each([true, false])('reads Latin, Devanagari and ₹ drawn with the embedded Noto font (compressed: %s)', async (compress) => {
    const text = await pdfText(await pdfOf(['Total paid ₹1,599.00', 'रसीद संख्या: ACAD/2026-27/000001', 'कुल भुगतान ₹1,00,000.00'], { compress }));
    expect(text.split('\n')).toEqual(['Total paid ₹1,599.00', 'रसीद संख्या: ACAD/2026-27/000001', 'कुल भुगतान ₹1,00,000.00']);
  });

  it('refuses what is not a PDF', async () => {
    await expect(pdfText(Buffer.from('not a pdf'))).rejects.toThrow();
  });
});
