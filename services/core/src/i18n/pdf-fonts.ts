import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Noto Sans Devanagari from the npm package @expo-google-fonts/noto-sans-devanagari: full TrueType files whose
 * glyphs cover Devanagari, Latin and ₹ (pdfkit's built-in Helvetica has no ₹ and no Devanagari). pdfkit embeds
 * only the glyphs a document uses.
 */
export const PDF_FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

/** The names documents use with `doc.font(...)` once `registerPdfFonts` ran. */
export const PDF_FONT = { regular: 'Noto', bold: 'Noto-Bold' } as const;

interface FontRegistry {
  registerFont(name: string, src: Buffer): unknown;
  font(name: string): unknown;
}

/** The files' bytes, read once per process (about 220 KB each): every document then skips the disk. */
let fontBytes: { regular: Buffer; bold: Buffer } | undefined;

/** Registers the Noto fonts with a pdfkit document and makes the regular one current. */
export function registerPdfFonts(doc: FontRegistry): void {
  fontBytes ??= { regular: readFileSync(PDF_FONT_FILES.regular), bold: readFileSync(PDF_FONT_FILES.bold) };
  doc.registerFont(PDF_FONT.regular, fontBytes.regular);
  doc.registerFont(PDF_FONT.bold, fontBytes.bold);
  doc.font(PDF_FONT.regular);
}
