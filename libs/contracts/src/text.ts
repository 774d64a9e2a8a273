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

/** The first characters of a course description's text (spec: 200). */
export function descriptionExcerpt(html: string, length = DESCRIPTION_EXCERPT_LENGTH): string {
  return Array.from(htmlToText(html)).slice(0, length).join('');
}
