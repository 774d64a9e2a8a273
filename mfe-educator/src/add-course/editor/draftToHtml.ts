import type { RawDraftContentState, RawDraftContentBlock } from 'draft-js';
import { safeLinkHref } from './linkRules';

// A small exporter from draft-js raw content to the HTML the catalogue stores (and sanitises again): paragraphs,
// headers 1-3, ordered and bullet lists, bold, italic, underline and links. Anything else is written as text.

const BLOCK_TAGS: Record<string, string> = {
  unstyled: 'p',
  paragraph: 'p',
  'header-one': 'h1',
  'header-two': 'h2',
  'header-three': 'h3',
  blockquote: 'blockquote',
};
const LIST_TAGS: Record<string, string> = { 'ordered-list-item': 'ol', 'unordered-list-item': 'ul' };
/** Inline styles in nesting order (outermost first). */
const STYLE_TAGS: ReadonlyArray<[string, string]> = [
  ['BOLD', 'strong'],
  ['ITALIC', 'em'],
  ['UNDERLINE', 'u'],
];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

interface CharFormat {
  styles: string;
  entity: string | null;
}

function formatsOf(block: RawDraftContentBlock, length: number): CharFormat[] {
  const styles: Set<string>[] = Array.from({ length }, () => new Set<string>());
  for (const range of block.inlineStyleRanges) {
    for (let i = range.offset; i < Math.min(length, range.offset + range.length); i++) styles[i]!.add(range.style);
  }
  const entities: (string | null)[] = Array.from({ length }, () => null);
  for (const range of block.entityRanges) {
    for (let i = range.offset; i < Math.min(length, range.offset + range.length); i++) entities[i] = String(range.key);
  }
  return styles.map((set, i) => ({
    styles: STYLE_TAGS.filter(([style]) => set.has(style)).map(([, tag]) => tag).join(','),
    entity: entities[i]!,
  }));
}

function styledText(text: string, styles: string): string {
  const body = escapeHtml(text).replace(/\n/g, '<br>');
  if (!styles) return body;
  const tags = styles.split(',');
  return `${tags.map((tag) => `<${tag}>`).join('')}${body}${[...tags].reverse().map((tag) => `</${tag}>`).join('')}`;
}

function blockInnerHtml(block: RawDraftContentBlock, entityMap: RawDraftContentState['entityMap']): string {
  // Raw offsets count Unicode code points, not UTF-16 units.
  const chars = Array.from(block.text);
  const formats = formatsOf(block, chars.length);
  let html = '';
  let i = 0;
  while (i < chars.length) {
    const entityKey = formats[i]!.entity;
    let end = i;
    while (end < chars.length && formats[end]!.entity === entityKey) end++;
    // Inside one entity run: group by style.
    let inner = '';
    let j = i;
    while (j < end) {
      let k = j;
      while (k < end && formats[k]!.styles === formats[j]!.styles) k++;
      inner += styledText(chars.slice(j, k).join(''), formats[j]!.styles);
      j = k;
    }
    const entity = entityKey === null ? undefined : entityMap[entityKey];
    if (entity && entity.type === 'LINK') {
      const href = safeLinkHref(String((entity.data as { url?: unknown; href?: unknown }).url ?? (entity.data as { href?: unknown }).href ?? ''));
      html += `<a href="${escapeHtml(href)}">${inner}</a>`;
    } else {
      html += inner; // images and unknown entities contribute their text only
    }
    i = end;
  }
  return html;
}

/** HTML for the raw content; an editor with only empty paragraphs exports as "". */
export function draftToHtml(raw: RawDraftContentState): string {
  if (raw.blocks.every((block) => block.text.trim() === '')) return '';
  let html = '';
  let openList: string | null = null;
  for (const block of raw.blocks) {
    const listTag = LIST_TAGS[block.type] ?? null;
    if (openList && openList !== listTag) {
      html += `</${openList}>`;
      openList = null;
    }
    const inner = blockInnerHtml(block, raw.entityMap) || '<br>';
    if (listTag) {
      if (!openList) {
        html += `<${listTag}>`;
        openList = listTag;
      }
      html += `<li>${inner}</li>`;
    } else {
      const tag = BLOCK_TAGS[block.type] ?? 'p';
      html += `<${tag}>${inner}</${tag}>`;
    }
  }
  if (openList) html += `</${openList}>`;
  return html;
}
