// Link rules of the description editor: only http, https, mailto, tel and sms links survive;
// anything else (javascript:, data:, vbscript:, file:, ...) is replaced by a blank page, as Quill's snow theme did.

export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel', 'sms'] as const;
export const BLANK_LINK = 'about:blank';

/** Strips control characters and whitespace browsers ignore inside a scheme ("java\tscript:"). */
function normalise(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
}

/**
 * The href to store for what the educator typed. A bare domain ("example.org/page") becomes https; a site path
 * ("/course-list") stays; an allowed scheme stays; any other scheme becomes about:blank.
 */
export function safeLinkHref(input: string): string {
  const url = input.trim();
  if (!url) return BLANK_LINK;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(normalise(url));
  if (scheme) {
    return (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(scheme[1]!.toLowerCase()) ? url : BLANK_LINK;
  }
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  if (/^[\w-]+(\.[\w-]+)+([/?#].*)?$/.test(url)) return `https://${url}`;
  return BLANK_LINK;
}
