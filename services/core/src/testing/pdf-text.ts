// Test helper of receipts and journeys: reads what a pdfkit document says.
import { inflateSync } from 'node:zlib';

/** The text lines of a pdfkit PDF (its content streams inflated): each `[<hex> ...] TJ` decoded. */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  // pdfkit ends a stream with "\nendstream"; a compressed stream's own last byte may be "\r", so only the "\n" is
  // the separator (cutting a "\r" too broke inflating about one stream in 256).
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\nendstream/g)].map((match) => {
    for (const candidate of [match[1]!, match[1]!.replace(/\r$/, '')]) {
      try {
        return inflateSync(Buffer.from(candidate, 'latin1')).toString('latin1');
      } catch {
        // not compressed, or not with this ending: try the next reading
      }
    }
    return match[1]!;
  });
  return streams.flatMap((stream) =>
    [...stream.matchAll(/\[([^\]]*)\] TJ/g)].map((match) =>
      [...match[1]!.matchAll(/<([0-9a-f]*)>/g)].map((part) => Buffer.from(part[1]!, 'hex').toString('latin1')).join(''),
    ),
  );
}
