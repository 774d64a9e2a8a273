import { describe, expect, it } from '@jest/globals';
import { descriptionExcerpt, htmlToText } from './text.js';

describe('descriptionExcerpt', () => {
  it('takes the first 200 characters of the visible text', () => {
    const html = `<p>${'a'.repeat(150)}</p><p><strong>${'b'.repeat(100)}</strong></p>`;
    const excerpt = descriptionExcerpt(html);
    expect(excerpt).toHaveLength(200);
    expect(excerpt).toBe(`${'a'.repeat(150)} ${'b'.repeat(49)}`);
  });

  it.each([
    ['<p>Fractions &amp; decimals</p>', 'Fractions & decimals'],
    ['<ul><li>One</li><li>Two</li></ul>', 'One Two'],
    ['Line<br>break', 'Line break'],
    ['', ''],
  ])('%p → %p', (html, text) => expect(htmlToText(html)).toBe(text));

  it('never cuts a character in half', () => {
    expect(descriptionExcerpt('₹'.repeat(300), 5)).toBe('₹₹₹₹₹');
  });
});
