import type { RawDraftContentState } from 'draft-js';
import { draftToHtml } from './draftToHtml';
import { BLANK_LINK, safeLinkHref } from './linkRules';
import { cleanPastedHtml } from './pasteRules';

describe('safeLinkHref: only http, https, mailto, tel and sms links', () => {
  it.each([
    ['https://example.org/a?b=1', 'https://example.org/a?b=1'],
    ['http://example.org', 'http://example.org'],
    ['HTTPS://EXAMPLE.ORG', 'HTTPS://EXAMPLE.ORG'],
    ['mailto:teacher@academy.test', 'mailto:teacher@academy.test'],
    ['tel:+919800000000', 'tel:+919800000000'],
    ['sms:+919800000000', 'sms:+919800000000'],
    ['example.org/page', 'https://example.org/page'],
    ['/course-list', '/course-list'],
    ['javascript:alert(1)', BLANK_LINK],
    ['JavaScript:alert(1)', BLANK_LINK],
    ['java\tscript:alert(1)', BLANK_LINK],
    [' javascript:alert(1)', BLANK_LINK],
    ['data:text/html,<script>alert(1)</script>', BLANK_LINK],
    ['vbscript:msgbox(1)', BLANK_LINK],
    ['file:///etc/passwd', BLANK_LINK],
    ['ftp://example.org', BLANK_LINK],
    ['//evil.example', BLANK_LINK],
    ['', BLANK_LINK],
  ])('%j → %j', (input, expected) => {
    expect(safeLinkHref(input)).toBe(expected);
  });
});

describe('cleanPastedHtml: pasted text loses colour, background and font; no images', () => {
  it('drops colour, background and font declarations and keeps bold, italic and underline', () => {
    const html = cleanPastedHtml(
      '<p style="color: red; background-color: yellow; font-family: Comic Sans; font-size: 30px; font-weight: 700">Bold red</p>' +
        '<span style="background: blue; font-style: italic; text-decoration: underline">slanted</span>',
    );
    expect(html).toBe('<p style="font-weight: 700">Bold red</p><span style="font-style: italic; text-decoration: underline">slanted</span>');
  });

  it('unwraps <font> and drops colour attributes and classes', () => {
    expect(cleanPastedHtml('<font color="red" face="Arial" size="7">big</font><p bgcolor="#ff0" class="x">t</p>')).toBe('big<p>t</p>');
  });

  it('removes images, media and scripts with their content', () => {
    expect(cleanPastedHtml('<p>a<img src="data:image/png;base64,AAAA">b</p><svg><text>x</text></svg><script>alert(1)</script><video src="v.mp4"></video>')).toBe('<p>ab</p>');
  });

  it('blanks unsafe link targets and event handlers', () => {
    expect(cleanPastedHtml('<a href="javascript:alert(1)" onclick="x()">a</a><a href="https://ok.test">b</a>')).toBe(
      '<a href="about:blank">a</a><a href="https://ok.test">b</a>',
    );
  });
});

function raw(blocks: Array<Partial<RawDraftContentState['blocks'][number]> & { text: string }>, entityMap: RawDraftContentState['entityMap'] = {}): RawDraftContentState {
  return {
    blocks: blocks.map((block, i) => ({ key: `k${i}`, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {}, ...block })),
    entityMap,
  };
}

describe('draftToHtml', () => {
  it('exports an empty editor as an empty string', () => {
    expect(draftToHtml(raw([{ text: '' }, { text: '  ' }]))).toBe('');
  });

  it('writes headers, paragraphs and escaped text', () => {
    expect(draftToHtml(raw([{ text: 'Title', type: 'header-one' }, { text: 'Sub', type: 'header-two' }, { text: 'Small', type: 'header-three' }, { text: 'a < b & "c"' }, { text: '' }]))).toBe(
      '<h1>Title</h1><h2>Sub</h2><h3>Small</h3><p>a &lt; b &amp; &quot;c&quot;</p><p><br></p>',
    );
  });

  it('groups list items into one list per run', () => {
    expect(
      draftToHtml(raw([
        { text: 'one', type: 'ordered-list-item' },
        { text: 'two', type: 'ordered-list-item' },
        { text: 'dot', type: 'unordered-list-item' },
        { text: 'after' },
      ])),
    ).toBe('<ol><li>one</li><li>two</li></ol><ul><li>dot</li></ul><p>after</p>');
  });

  it('nests bold, italic and underline over overlapping ranges', () => {
    const html = draftToHtml(raw([{ text: 'abcdef', inlineStyleRanges: [{ offset: 0, length: 4, style: 'BOLD' }, { offset: 2, length: 4, style: 'ITALIC' }, { offset: 5, length: 1, style: 'UNDERLINE' }] }]));
    expect(html).toBe('<p><strong>ab</strong><strong><em>cd</em></strong><em>e</em><em><u>f</u></em></p>');
  });

  it('counts offsets in code points (emoji before styled text)', () => {
    expect(draftToHtml(raw([{ text: '🙂ab', inlineStyleRanges: [{ offset: 1, length: 1, style: 'BOLD' }] }]))).toBe('<p>🙂<strong>a</strong>b</p>');
  });

  it('writes safe links and blanks unsafe ones; images contribute no markup', () => {
    const html = draftToHtml(
      raw(
        [{ text: 'good bad 📷', entityRanges: [{ offset: 0, length: 4, key: 0 }, { offset: 5, length: 3, key: 1 }, { offset: 9, length: 1, key: 2 }] }],
        {
          0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.org/?a=1&b="2"' } },
          1: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'javascript:alert(1)' } },
          2: { type: 'IMAGE', mutability: 'IMMUTABLE', data: { src: 'x.png' } },
        },
      ),
    );
    expect(html).toBe('<p><a href="https://example.org/?a=1&amp;b=&quot;2&quot;">good</a> <a href="about:blank">bad</a> 📷</p>');
  });
});
