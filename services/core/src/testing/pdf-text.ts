// Test helper of receipts, certificates and journeys: what a PDF says, as a reader's PDF viewer extracts it.
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * The text of every page of a PDF (unpdf, a build of PDF.js), lines separated by "\n"; a label and its amount on one
 * row come out as one line. Devanagari comes out in the file's glyph order: a vowel sign drawn before its consonant
 * (ि) is read before it, so match words without one (रसीद, कुल).
 */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}
