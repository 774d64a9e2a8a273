import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RichTextEditor from './RichTextEditor';

function renderEditor(initialHtml?: string) {
  const onChange = jest.fn();
  render(
    <>
      <span id="label">Course Description</span>
      <RichTextEditor labelId="label" initialHtml={initialHtml} onChange={onChange} />
    </>,
  );
  const editable = screen.getByRole('textbox', { name: 'Course Description' });
  return { onChange, editable, lastHtml: () => onChange.mock.calls.at(-1)?.[0] as string | undefined };
}

function paste(target: Element, data: Record<string, string>, files: File[] = []) {
  fireEvent.paste(target, {
    clipboardData: {
      types: [...Object.keys(data), ...(files.length ? ['Files'] : [])],
      getData: (type: string) => data[type] ?? '',
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    },
  });
}

describe('RichTextEditor', () => {
  it('has a labelled toolbar of real buttons for headers 1-3, bold, italic, underline, link, lists and clean', () => {
    renderEditor();
    const toolbar = screen.getByRole('toolbar', { name: 'Description formatting' });
    const names = Array.from(toolbar.querySelectorAll('button')).map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['Heading 1', 'Heading 2', 'Heading 3', 'Bold', 'Italic', 'Underline', 'Link', 'Numbered list', 'Bulleted list', 'Clear formatting']);
    for (const name of ['Heading 1', 'Bold', 'Numbered list', 'Link']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('toggles block and inline formats with aria-pressed', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Heading 2' }));
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('starts from the HTML of a course being edited', () => {
    const { editable } = renderEditor('<h2>About</h2><p>Learn <strong>fast</strong></p>');
    expect(editable).toHaveTextContent('AboutLearn fast');
  });

  it('pasted HTML loses colour, background and font but keeps bold and safe links; unsafe links are blanked', () => {
    const { editable, lastHtml } = renderEditor();
    act(() =>
      paste(editable, {
        'text/plain': 'Red bold text link bad',
        'text/html':
          '<p><span style="color:#ff0000;background-color:yellow;font-family:Papyrus;font-weight:bold">Red bold</span> <font color="green" face="Arial">text</font> ' +
          '<a href="https://example.org/x">link</a> <a href="javascript:alert(1)">bad</a><img src="https://example.org/cat.png"></p>',
      }),
    );
    const html = lastHtml()!;
    expect(html).toContain('<strong>Red bold</strong>');
    expect(html).toContain('text');
    expect(html).toContain('<a href="https://example.org/x">link</a>');
    expect(html).not.toMatch(/color|background|font|Papyrus|javascript:|<img|cat\.png/i);
    expect(html).not.toContain('📷');
    expect(editable.innerHTML).not.toMatch(/color|Papyrus/i);
  });

  it('does not accept pasted image files', () => {
    const { editable, onChange } = renderEditor();
    act(() => paste(editable, {}, [new File([new Uint8Array([0x89, 0x50])], 'cat.png', { type: 'image/png' })]));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Images cannot be added to the description.');
  });

  it('asks for text to be selected before making a link', async () => {
    const user = userEvent.setup();
    const prompt = jest.spyOn(window, 'prompt');
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(prompt).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Select the text to turn into a link first.');
    prompt.mockRestore();
  });
});
