import sanitizeHtml from 'sanitize-html';

// The allowlist matches the educator's rich-text toolbar (mfe-educator/src/add-course/editor): anything else is dropped on write.
const courseDescriptionPolicy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'u', 'a', 'ol', 'ul', 'li', 'h1', 'h2', 'h3', 'blockquote'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'sms'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Text inside these is code or markup, never something a learner should read.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
  transformTags: {
    // Links open in a new tab without giving the target page a handle on ours.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    b: 'strong',
    i: 'em',
  },
};

/** Returns the description reduced to the allowlisted tags, attributes and link schemes. */
export function sanitizeCourseDescription(html: string): string {
  return sanitizeHtml(html, courseDescriptionPolicy).trim();
}
