import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Simple formatting only: **bold**, *italic*, `code`, lists, links and line breaks. Raw HTML is shown as text
// (markdown-it's `html: false`), and the result still goes through sanitize-html's allowlist, so nothing a learner
// types can become a script, an event handler, a style or a javascript: link.
const markdown = new MarkdownIt('zero', { breaks: true, html: false, linkify: false }).enable(['emphasis', 'backticks', 'list', 'newline', 'link']);

const doubtHtmlPolicy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'code', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    // Links open in a new tab, without handing the target page our window nor our address.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow ugc' }),
  },
};

/** The HTML shown for a doubt or an answer written as `text`. */
export function renderDoubtText(text: string): string {
  return sanitizeHtml(markdown.render(text), doubtHtmlPolicy).trim();
}
