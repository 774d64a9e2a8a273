import { describe, expect, it } from '@jest/globals';
import { deflateSync } from 'node:zlib';
import { pdfText } from './pdf-text.js';

/** A content stream as pdfkit writes one: the text operator with hex strings, deflated, then "\nendstream". */
function pdfWithStream(words: string): { pdf: Buffer; compressed: Buffer } {
  const content = `BT\n[<${Buffer.from(words, 'latin1').toString('hex')}> 0] TJ\nET`;
  const compressed = deflateSync(content);
  const pdf = Buffer.concat([Buffer.from('1 0 obj\n<< /Filter /FlateDecode >>\nstream\n', 'latin1'), compressed, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
  return { pdf, compressed };
}

describe('pdfText', () => {
  it('reads a compressed stream, also when its last compressed byte is a carriage return', () => {
    // Find receipt-like texts whose deflated form ends in "\r" (about one in 256) and one that does not.
    let endsInReturn: string | undefined;
    let plain: string | undefined;
    for (let index = 0; index < 20_000 && (!endsInReturn || !plain); index += 1) {
      const words = `Total paid INR ${index}.00 ${'~'.repeat(index % 97)}`;
      const last = pdfWithStream(words).compressed.at(-1);
      if (last === 0x0d) endsInReturn ??= words;
      else plain ??= words;
    }
    expect(endsInReturn).toBeDefined();
    expect(pdfText(pdfWithStream(endsInReturn!).pdf)).toEqual([endsInReturn]);
    expect(pdfText(pdfWithStream(plain!).pdf)).toEqual([plain]);
  });
});
