import { EditorState, Modifier, RichUtils } from 'draft-js';

/**
 * Enter at the end of a heading starts a normal paragraph (draft-js would carry the heading's style on). Returns
 * the new state, or null where draft-js's own Enter is right (elsewhere, inside a heading, a selected range).
 */
export function paragraphAfterHeading(state: EditorState): EditorState | null {
  const selection = state.getSelection();
  if (!selection.isCollapsed() || !RichUtils.getCurrentBlockType(state).startsWith('header-')) return null;
  const content = state.getCurrentContent();
  const block = content.getBlockForKey(selection.getStartKey());
  if (selection.getStartOffset() < block.getLength()) return null; // splitting a heading keeps both halves headings
  const split = Modifier.splitBlock(content, selection);
  const paragraph = Modifier.setBlockType(split, split.getSelectionAfter(), 'unstyled');
  return EditorState.forceSelection(EditorState.push(state, paragraph, 'split-block'), paragraph.getSelectionAfter());
}
