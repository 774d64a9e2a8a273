import {
  ContentState,
  convertFromHTML,
  convertToRaw,
  Editor,
  EditorState,
  Modifier,
  RichUtils,
  SelectionState,
  type DraftEditorCommand,
  type DraftHandleValue,
} from 'draft-js';
import 'draft-js/dist/Draft.css';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '@academy/platform';
import { paragraphAfterHeading } from './blockRules';
import { draftToHtml } from './draftToHtml';
import { safeLinkHref } from './linkRules';
import { cleanPastedHtml } from './pasteRules';
import './rich-text-editor.css';

export interface RichTextEditorProps {
  /** HTML to start from (the edit page); empty for a new course. Read once: remount the editor to reset it. */
  initialHtml?: string;
  onChange: (html: string) => void;
  /** Id of the visible label of the field. */
  labelId: string;
  placeholder?: string;
}

type BlockButton = { kind: 'block'; type: string; label: string; text: string };
type StyleButton = { kind: 'style'; style: 'BOLD' | 'ITALIC' | 'UNDERLINE'; label: string; text: string };

/** The toolbar's buttons, labelled in the language shown (`text` is the glyph drawn, the same in every language). */
function toolbarButtons(t: TFunction<'educator'>): { formatting: ReadonlyArray<BlockButton | StyleButton>; lists: ReadonlyArray<BlockButton> } {
  return {
    formatting: [
      { kind: 'block', type: 'header-one', label: t('addCourse.editor.heading1'), text: 'H1' },
      { kind: 'block', type: 'header-two', label: t('addCourse.editor.heading2'), text: 'H2' },
      { kind: 'block', type: 'header-three', label: t('addCourse.editor.heading3'), text: 'H3' },
      { kind: 'style', style: 'BOLD', label: t('addCourse.editor.bold'), text: 'B' },
      { kind: 'style', style: 'ITALIC', label: t('addCourse.editor.italic'), text: 'I' },
      { kind: 'style', style: 'UNDERLINE', label: t('addCourse.editor.underline'), text: 'U' },
    ],
    lists: [
      { kind: 'block', type: 'ordered-list-item', label: t('addCourse.editor.numberedList'), text: '1.' },
      { kind: 'block', type: 'unordered-list-item', label: t('addCourse.editor.bulletedList'), text: '•' },
    ],
  };
}

/** What the line under the editor says (kept as a kind, so it follows a change of language). */
type Notice = '' | 'linkRemoved' | 'selectTextFirst' | 'imagesNotAccepted';

function initialState(html: string | undefined): EditorState {
  if (!html?.trim()) return EditorState.createEmpty();
  const { contentBlocks, entityMap } = convertFromHTML(cleanPastedHtml(html));
  if (!contentBlocks?.length) return EditorState.createEmpty();
  return EditorState.createWithContent(ContentState.createFromBlockArray(contentBlocks, entityMap));
}

function linkKeyAtSelection(state: EditorState): string | null {
  const selection = state.getSelection();
  const block = state.getCurrentContent().getBlockForKey(selection.getStartKey());
  const key = block?.getEntityAt(selection.getStartOffset()) ?? null;
  return key && state.getCurrentContent().getEntity(key).getType() === 'LINK' ? key : null;
}

/** Selection of whole blocks from the first to the last selected one. */
function wholeBlocks(state: EditorState): SelectionState {
  const selection = state.getSelection();
  const content = state.getCurrentContent();
  const last = content.getBlockForKey(selection.getEndKey());
  return SelectionState.createEmpty(selection.getStartKey()).merge({
    anchorOffset: 0,
    focusKey: selection.getEndKey(),
    focusOffset: last.getLength(),
  }) as SelectionState;
}

/**
 * The course description editor (draft-js, loaded in its own chunk): a toolbar of headers 1-3, bold, italic,
 * underline, link, numbered and bulleted lists and clear formatting, each a real button with a label and
 * aria-pressed; keyboard shortcuts (Ctrl/Cmd+B, I, U); HTML out through draftToHtml.
 */
export default function RichTextEditor({ initialHtml, onChange, labelId, placeholder }: RichTextEditorProps) {
  const [state, setState] = useState(() => initialState(initialHtml));
  const [notice, setNotice] = useState<Notice>('');
  const { t } = useTranslation('educator');
  const buttons = toolbarButtons(t);
  const noticeText: Record<Notice, string> = {
    '': '',
    linkRemoved: t('addCourse.editor.linkRemoved'),
    selectTextFirst: t('addCourse.editor.selectTextFirst'),
    imagesNotAccepted: t('addCourse.editor.imagesNotAccepted'),
  };
  const editorRef = useRef<Editor>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const stateRef = useRef(state);
  const update = useCallback((next: EditorState) => {
    const previous = stateRef.current;
    stateRef.current = next;
    setState(next);
    if (previous.getCurrentContent() !== next.getCurrentContent()) {
      onChangeRef.current(draftToHtml(convertToRaw(next.getCurrentContent())));
    }
  }, []);

  const blockType = RichUtils.getCurrentBlockType(state);
  const inlineStyle = state.getCurrentInlineStyle();
  const linkKey = linkKeyAtSelection(state);

  const keepFocus = (event: MouseEvent) => event.preventDefault(); // the editor keeps its selection

  const toggleLink = () => {
    const selection = state.getSelection();
    if (linkKey) {
      const target = selection.isCollapsed() ? wholeBlocks(state) : selection;
      update(RichUtils.toggleLink(state, target, null));
      setNotice('linkRemoved');
      return;
    }
    if (selection.isCollapsed()) {
      setNotice('selectTextFirst');
      return;
    }
    const entered = window.prompt(t('addCourse.editor.linkPrompt'), 'https://');
    if (entered === null || entered.trim() === '' || entered.trim() === 'https://') return;
    const content = state.getCurrentContent().createEntity('LINK', 'MUTABLE', { url: safeLinkHref(entered) });
    const withEntity = EditorState.set(state, { currentContent: content });
    update(RichUtils.toggleLink(withEntity, selection, content.getLastCreatedEntityKey()));
    setNotice('');
  };

  const clean = () => {
    const selection = state.getSelection().isCollapsed() ? wholeBlocks(state) : state.getSelection();
    let content = state.getCurrentContent();
    for (const style of ['BOLD', 'ITALIC', 'UNDERLINE']) content = Modifier.removeInlineStyle(content, selection, style);
    content = Modifier.applyEntity(content, selection, null);
    content = Modifier.setBlockType(content, selection, 'unstyled');
    update(EditorState.push(state, content, 'change-inline-style'));
  };

  const handleKeyCommand = (command: DraftEditorCommand, current: EditorState): DraftHandleValue => {
    const next = RichUtils.handleKeyCommand(current, command);
    if (next) {
      update(next);
      return 'handled';
    }
    return 'not-handled';
  };

  const handleReturn = (_event: unknown, current: EditorState): DraftHandleValue => {
    const next = paragraphAfterHeading(current);
    if (!next) return 'not-handled';
    update(next);
    return 'handled';
  };

  const refuseImages = (): DraftHandleValue => {
    setNotice('imagesNotAccepted');
    return 'handled';
  };

  const toolbarButton = (button: BlockButton | StyleButton) => {
    const pressed = button.kind === 'block' ? blockType === button.type : inlineStyle.has(button.style);
    return (
      <button
        key={button.text}
        type="button"
        className={`rte-toolbar__button rte-toolbar__button--${button.text.replace(/\W/g, '') || 'list'}`}
        aria-label={button.label}
        aria-pressed={pressed}
        title={button.label}
        onMouseDown={keepFocus}
        onClick={() =>
          update(button.kind === 'block' ? RichUtils.toggleBlockType(state, button.type) : RichUtils.toggleInlineStyle(state, button.style))
        }
      >
        <span aria-hidden="true" className="rte-toolbar__glyph" data-glyph={button.text} />
      </button>
    );
  };

  const showPlaceholder = useMemo(() => {
    const content = state.getCurrentContent();
    return !content.hasText() && content.getBlockMap().first()?.getType() === 'unstyled';
  }, [state]);

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label={t('addCourse.editor.toolbar')}>
        {buttons.formatting.map(toolbarButton)}
        <button
          type="button"
          className="rte-toolbar__button"
          aria-label={linkKey ? t('addCourse.editor.removeLink') : t('addCourse.editor.link')}
          aria-pressed={linkKey !== null}
          title={linkKey ? t('addCourse.editor.removeLink') : t('addCourse.editor.link')}
          onMouseDown={keepFocus}
          onClick={toggleLink}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0ZM7 17a3 3 0 0 1 0-4.2l2-2 1.4 1.4-2 2a1 1 0 1 0 1.4 1.4l2-2 1.4 1.4-2 2A3 3 0 0 1 7 17Zm6.6-5.4-1.4-1.4 2-2a1 1 0 0 0-1.4-1.4l-2 2L9.4 7.4l2-2a3 3 0 0 1 4.2 4.2l-2 2Z" />
          </svg>
        </button>
        {buttons.lists.map(toolbarButton)}
        <button
          type="button"
          className="rte-toolbar__button"
          aria-label={t('addCourse.editor.clearFormatting')}
          title={t('addCourse.editor.clearFormatting')}
          onMouseDown={keepFocus}
          onClick={clean}
        >
          <span aria-hidden="true" className="rte-toolbar__glyph" data-glyph="Tₓ" />
        </button>
      </div>
      <div className="rte-editor" onClick={() => editorRef.current?.focus()}>
        <Editor
          ref={editorRef}
          editorState={state}
          onChange={update}
          handleKeyCommand={handleKeyCommand}
          handleReturn={handleReturn}
          formatPastedText={(text, html) => ({ text, html: html ? cleanPastedHtml(html) : html })}
          handlePastedFiles={refuseImages}
          handleDroppedFiles={refuseImages}
          ariaLabelledBy={labelId}
          ariaMultiline
          placeholder={showPlaceholder ? placeholder : undefined}
          spellCheck
        />
      </div>
      <p className="rte-notice" role="status" aria-live="polite">
        {noticeText[notice]}
      </p>
    </div>
  );
}
