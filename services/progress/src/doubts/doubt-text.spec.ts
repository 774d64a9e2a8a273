import { describe, expect, it } from '@jest/globals';
import { renderDoubtText } from './doubt-text.js';

const SAFE_TAG = /^<\/?(p|br|strong|em|code|ul|ol|li|a)( href="https?:[^"]*" target="_blank" rel="noopener noreferrer nofollow ugc")?>$/;

describe('renderDoubtText', () => {
  it('keeps simple formatting', () => {
    expect(renderDoubtText('**Why** is *this* `x = 1`?\n- one\n- two')).toBe(
      '<p><strong>Why</strong> is <em>this</em> <code>x = 1</code>?</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>',
    );
  });

  it('keeps Devanagari and Hinglish as they are', () => {
    expect(renderDoubtText('यह समझ नहीं आया, kaise hoga?')).toBe('<p>यह समझ नहीं आया, kaise hoga?</p>');
  });

  it('opens links in a new tab without a handle on the page', () => {
    expect(renderDoubtText('[docs](https://example.test/a)')).toBe(
      '<p><a href="https://example.test/a" target="_blank" rel="noopener noreferrer nofollow ugc">docs</a></p>',
    );
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:alert(1)">x</a>',
    '<svg onload=alert(1)>',
    '<iframe src="https://evil.test"></iframe>',
    '"><script>alert(1)</script>',
    '<style>body{display:none}</style>',
    '[x](vbscript:msgbox(1))',
    '<details open ontoggle=alert(1)>',
  ])('renders %s inert', (attack) => {
    const html = renderDoubtText(attack);
    // Every tag left is an allowlisted one, and the only attributes are an http(s) link's (text may still read
    // "onerror=", escaped, which a browser shows as text).
    for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(SAFE_TAG);
    expect(html).not.toMatch(/<a href="(?!https?:)/i);
  });
});
