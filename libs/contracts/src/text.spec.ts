import { describe, expect, it } from '@jest/globals';
import { descriptionExcerpt, htmlToText } from './text.js';

describe('descriptionExcerpt', () => {
  it('keeps a text of 200 characters or fewer whole, without an ellipsis', () => {
    expect(descriptionExcerpt(`<p>${'a'.repeat(200)}</p>`)).toBe('a'.repeat(200));
    expect(descriptionExcerpt('<p>Short and sweet.</p>')).toBe('Short and sweet.');
  });

  it('cuts a longer text after its last whole word, with an ellipsis, within 200 characters', () => {
    const html = `<p>${'a'.repeat(150)}</p><p><strong>${'b'.repeat(100)}</strong></p>`;
    expect(descriptionExcerpt(html)).toBe(`${'a'.repeat(150)}…`);
    const words = 'Conservation of energy and momentum explained with worked examples. '.repeat(5);
    const excerpt = descriptionExcerpt(words);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(200);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(words[excerpt.length - 1]).toMatch(/[\s.]/);
  });

  it.each([
    ['one two three four', 9, 'one two…'],
    ['one two, three four', 13, 'one two…'],
    ['onetwothree four', 8, 'onetwot…'],
  ])('%p cut to %p → %p', (text, length, excerpt) => expect(descriptionExcerpt(text, length)).toBe(excerpt));

  it.each([
    ['<p>Fractions &amp; decimals</p>', 'Fractions & decimals'],
    ['<ul><li>One</li><li>Two</li></ul>', 'One Two'],
    ['Line<br>break', 'Line break'],
    ['', ''],
  ])('%p → %p', (html, text) => expect(htmlToText(html)).toBe(text));

  it('never cuts a character in half', () => {
    expect(descriptionExcerpt('₹'.repeat(300), 5)).toBe('₹₹₹₹…');
  });
});
