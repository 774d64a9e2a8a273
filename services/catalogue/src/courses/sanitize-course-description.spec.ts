import { describe, expect, it } from '@jest/globals';
import { sanitizeCourseDescription } from './sanitize-course-description.js';

describe('sanitizeCourseDescription', () => {
  const keptAsIs: Array<[string, string]> = [
    ['paragraph with emphasis', '<p>Learn <strong>fractions</strong>, <em>ratios</em> and <u>percentages</u>.</p>'],
    ['lists', '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>'],
    ['headings and quote', '<h1>A</h1><h2>B</h2><h3>C</h3><blockquote>Quote</blockquote>'],
    ['line break', '<p>line one<br />line two</p>'],
  ];
  it.each(keptAsIs)('keeps allowed markup: %s', (_name, html) => {
    expect(sanitizeCourseDescription(html)).toBe(html);
  });

  const payloads: Array<[string, string, string]> = [
    ['script tag', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['script with src', '<script src="https://evil.example/x.js"></script><p>ok</p>', '<p>ok</p>'],
    ['onerror on img', '<img src=x onerror="alert(1)"><p>ok</p>', '<p>ok</p>'],
    ['onclick on allowed tag', '<p onclick="steal()">text</p>', '<p>text</p>'],
    ['onmouseover on link', '<a href="https://a.example" onmouseover="x()">a</a>',
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>'],
    ['javascript: link', '<a href="javascript:alert(1)">click</a>', '<a target="_blank" rel="noopener noreferrer">click</a>'],
    ['obfuscated javascript: link', '<a href="jav&#x09;ascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['upper-case JAVASCRIPT: link', '<a href="JAVASCRIPT:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['protocol-relative link', '<a href="//evil.example">x</a>', '<a target="_blank" rel="noopener noreferrer">x</a>'],
    ['iframe', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['svg onload', '<svg onload="alert(1)"><circle /></svg><p>ok</p>', '<p>ok</p>'],
    ['style tag and attribute', '<style>body{}</style><p style="color:red">red</p>', '<p>red</p>'],
    ['form and input', '<form action="https://x"><input value="a"></form><p>ok</p>', '<p>ok</p>'],
    ['object/embed', '<object data="x.swf"></object><embed src="x.swf"><p>ok</p>', '<p>ok</p>'],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>ok</p>', '<p>ok</p>'],
    ['unclosed tag trick', '<p>ok</p><scr<script>ipt>alert(1)</script>', '<p>ok</p>ipt&gt;alert(1)'],
    ['class and id attributes', '<p class="x" id="y">t</p>', '<p>t</p>'],
    ['b and i normalised', '<b>bold</b> <i>it</i>', '<strong>bold</strong> <em>it</em>'],
  ];
  it.each(payloads)('removes %s', (_name, html, expected) => {
    const cleaned = sanitizeCourseDescription(html);
    expect(cleaned).toBe(expected);
    expect(cleaned).not.toMatch(/<script|javascript:|onerror|onclick|onload|onmouseover|<iframe|<svg|style=/i);
  });

  const allowedSchemes: Array<[string]> = [['https://academy.example'], ['http://academy.example'],
    ['mailto:help@academy.example'], ['tel:+919800000000'], ['sms:+919800000000']];
  it.each(allowedSchemes)('keeps links with scheme %s', (href) => {
    expect(sanitizeCourseDescription(`<a href="${href}">x</a>`)).toBe(
      `<a href="${href}" target="_blank" rel="noopener noreferrer">x</a>`,
    );
  });
});
