import { BadRequestException } from '@nestjs/common';
import sanitizeHtml from 'sanitize-html';

// Reviews and replies are plain text: every tag is dropped (its text kept, scripts and styles dropped whole) and
// entities decoded, so what is stored is what a reader sees; pages render it as text, never as HTML.
const plainTextPolicy: sanitizeHtml.IOptions = {
  allowedTags: [],
  allowedAttributes: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
};

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text as plain text with tidy line breaks; 400 with `field`'s name when it ends up empty or too long. */
export function plainReviewText(raw: string, field: string, max: number, options: { required: boolean } = { required: true }): string {
  const text = decodeEntities(sanitizeHtml(raw, plainTextPolicy))
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (options.required && text.length === 0) throw new BadRequestException(`${field} must not be empty`);
  if (text.length > max) throw new BadRequestException(`${field} must be at most ${max} characters`);
  return text;
}
