import { ContentState, EditorState, RichUtils, SelectionState } from 'draft-js';
import { paragraphAfterHeading } from './blockRules';

function headingWithCaretAt(offset: number): EditorState {
  const content = ContentState.createFromText('Kinematics');
  const key = content.getFirstBlock().getKey();
  let state = EditorState.createWithContent(content);
  state = EditorState.forceSelection(state, SelectionState.createEmpty(key).merge({ anchorOffset: offset, focusOffset: offset }));
  return RichUtils.toggleBlockType(state, 'header-two');
}

describe('paragraphAfterHeading', () => {
  it('Enter at the end of a heading starts a normal paragraph, the heading staying a heading', () => {
    const next = paragraphAfterHeading(headingWithCaretAt('Kinematics'.length));
    expect(next).not.toBeNull();
    const blocks = next!.getCurrentContent().getBlocksAsArray();
    expect(blocks.map((block) => [block.getType(), block.getText()])).toEqual([
      ['header-two', 'Kinematics'],
      ['unstyled', ''],
    ]);
    expect(RichUtils.getCurrentBlockType(next!)).toBe('unstyled');
  });

  it('leaves Enter inside a heading, and in a paragraph, to draft-js', () => {
    expect(paragraphAfterHeading(headingWithCaretAt(4))).toBeNull();
    const paragraph = EditorState.moveSelectionToEnd(EditorState.createWithContent(ContentState.createFromText('Plain')));
    expect(paragraphAfterHeading(paragraph)).toBeNull();
  });
});
