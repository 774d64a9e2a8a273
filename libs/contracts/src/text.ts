export const DESCRIPTION_EXCERPT_LENGTH = 200;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** Visible text of sanitised HTML, block boundaries becoming spaces. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|div|blockquote)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * At most `length` characters of a course description's text (docs/product.md: 200). A longer text is cut after its last
 * whole word that fits and ends with an ellipsis ("…", counted in the length), so no word is shown cut in half.
 */
export function descriptionExcerpt(html: string, length = DESCRIPTION_EXCERPT_LENGTH): string {
  const characters = Array.from(htmlToText(html));
  if (characters.length <= length) return characters.join('');
  const room = characters.slice(0, Math.max(0, length - 1));
  // The cut falls between words when the next character is a space; otherwise back up to the last space.
  const endsAtWord = characters[room.length] === ' ';
  const lastSpace = endsAtWord ? room.length : room.lastIndexOf(' ');
  const kept = (lastSpace > 0 ? room.slice(0, lastSpace) : room).join('').replace(/[\s,;:.\-–—]+$/u, '');
  return `${kept}…`;
}
