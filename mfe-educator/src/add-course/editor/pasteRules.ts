import { safeLinkHref } from './linkRules';

// Paste rules of the description editor: pasted text loses its colour, background and font;
// images are not accepted at all (the toolbar has no image button), whether pasted, dropped or inside pasted HTML.

/** Elements dropped with everything inside them. */
const DROPPED_ELEMENTS = 'img, picture, video, audio, source, svg, math, iframe, object, embed, canvas, script, style, meta, link, template, noscript, title';
/** Style declarations kept: the ones draft-js turns into bold, italic and underline. */
const KEPT_STYLE_PROPERTIES = new Set(['font-weight', 'font-style', 'text-decoration', 'text-decoration-line']);
const DROPPED_ATTRIBUTES = ['color', 'bgcolor', 'background', 'face', 'size', 'class', 'id'];

/** Returns pasted HTML without images, colours, backgrounds or fonts, and with link targets made safe. */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.body.querySelectorAll(DROPPED_ELEMENTS).forEach((element) => element.remove());
  // <font color face size> carries only what we drop: keep its text.
  doc.body.querySelectorAll('font').forEach((font) => font.replaceWith(...Array.from(font.childNodes)));
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || DROPPED_ATTRIBUTES.includes(name)) element.removeAttribute(attribute.name);
    }
    const style = element.getAttribute('style');
    if (style !== null) {
      const kept = style
        .split(';')
        .map((declaration) => declaration.trim())
        .filter((declaration) => KEPT_STYLE_PROPERTIES.has(declaration.split(':')[0]!.trim().toLowerCase()));
      if (kept.length > 0) element.setAttribute('style', kept.join('; '));
      else element.removeAttribute('style');
    }
    if (element.tagName === 'A') {
      const href = element.getAttribute('href');
      if (href !== null) element.setAttribute('href', safeLinkHref(href));
    }
  });
  return doc.body.innerHTML;
}
