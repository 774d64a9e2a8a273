// Test helper of receipts and journeys: reads what a pdfkit document says.
import { inflateSync } from 'node:zlib';

/** The text lines of a pdfkit PDF (its content streams inflated): each `[<hex> ...] TJ` decoded. */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((match) => {
    const bytes = Buffer.from(match[1]!, 'latin1');
    try {
      return inflateSync(bytes).toString('latin1');
    } catch {
      return match[1]!;
    }
  });
  return streams.flatMap((stream) =>
    [...stream.matchAll(/\[([^\]]*)\] TJ/g)].map((match) =>
      [...match[1]!.matchAll(/<([0-9a-f]*)>/g)].map((part) => Buffer.from(part[1]!, 'hex').toString('latin1')).join(''),
    ),
  );
}
