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
  registerFont(name: string, src: string): unknown;
  font(name: string): unknown;
}

/** Registers the Noto fonts with a pdfkit document and makes the regular one current. */
export function registerPdfFonts(doc: FontRegistry): void {
  doc.registerFont(PDF_FONT.regular, PDF_FONT_FILES.regular);
  doc.registerFont(PDF_FONT.bold, PDF_FONT_FILES.bold);
  doc.font(PDF_FONT.regular);
}
