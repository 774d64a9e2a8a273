import { describe, expect, it } from '@jest/globals';
import { minimalPdf, thumbnailSvg, wrapWords } from './media-files.js';

describe('wrapWords', () => {
  it.each([
    ['short', 10, ['short']],
    ['Class 7 Maths: Fractions and Decimals', 24, ['Class 7 Maths: Fractions', 'and Decimals']],
    ['a supercalifragilistic word', 5, ['a', 'supercalifragilistic', 'word']],
    ['', 10, []],
  ])('wraps %j at %d characters', (text, width, expected) => {
    expect(wrapWords(text, width)).toEqual(expected);
  });
});

describe('thumbnailSvg', () => {
  it('escapes the title and paints the colour', () => {
    const svg = thumbnailSvg('Tom & Jerry <script>', '#123456');
    expect(svg).toContain('fill="#123456"');
    expect(svg).toContain('Tom &amp; Jerry &lt;script&gt;');
    expect(svg).not.toContain('<script>');
  });
});

describe('minimalPdf', () => {
  it('writes a cross-reference table whose offsets point at each object', () => {
    const pdf = minimalPdf('Notes: (a + b)² as an area', ['Line with \\ backslash', 'Another line']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    const startxref = Number(/startxref\n(\d+)\n/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(5);
    entries.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));

    const stream = /<< \/Length (\d+) >>\nstream\n/.exec(text)!;
    const streamStart = stream.index + stream[0].length;
    expect(text.slice(streamStart + Number(stream[1]), streamStart + Number(stream[1]) + 10)).toBe('\nendstream');
    expect(text).toContain('(Notes: \\(a + b\\)\xb2 as an area) Tj');
    expect(text).toContain('(Line with \\\\ backslash) Tj');
  });
});
