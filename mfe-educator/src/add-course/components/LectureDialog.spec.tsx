import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { LectureFields } from '../data/courseDraft';
import { LectureDialog } from './LectureDialog';
import { YOUTUBE_ONLY_MESSAGE } from '@academy/contracts';
import { fakeAuth0, TestPlatformProviders } from '@academy/platform/testing';

function Harness({ onAdd }: { onAdd: (lecture: LectureFields) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        + Add Lecture
      </button>
      {open && (
        <LectureDialog
          chapterTitle="Integers"
          onClose={() => setOpen(false)}
          onSave={(lecture) => {
            onAdd(lecture);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  const onAdd = jest.fn();
  render(
    <TestPlatformProviders auth={fakeAuth0({ user: { sub: 'sandbox|educator-meera', name: 'Meera Iyer' } })}>
      <Harness onAdd={onAdd} />
    </TestPlatformProviders>,
  );
  await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
  return { user, onAdd, dialog: screen.getByRole('dialog', { name: 'Add Lecture' }) };
}

describe('LectureDialog', () => {
  it('is a modal dialog with every field of the spec, focused on the title', async () => {
    const { dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    for (const label of ['Lecture Title', 'Duration (minutes)', 'Notes Download URL', 'Test Download URL', 'Lecture URL (YouTube or uploaded video)']) {
      expect(screen.getByLabelText(label)).toHaveValue(label === 'Duration (minutes)' ? null : '');
    }
    expect(screen.getByRole('checkbox', { name: 'Is Preview Free?' })).not.toBeChecked();
    expect(screen.getByLabelText('Lecture Title')).toHaveFocus();
  });

  it('closes on Escape and on the close button, returning focus to the opener', async () => {
    const { user } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '+ Add Lecture' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openDialog();
    screen.getByRole('button', { name: 'Add' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Add' })).toHaveFocus();
  });

  it('accepts only YouTube lecture links and http(s) download links', async () => {
    const { user, onAdd } = await openDialog();
    await user.type(screen.getByLabelText('Lecture Title'), 'Number line');
    await user.type(screen.getByLabelText('Duration (minutes)'), '12');
    await user.type(screen.getByLabelText('Lecture URL (YouTube or uploaded video)'), 'https://vimeo.com/123');
    await user.type(screen.getByLabelText('Notes Download URL'), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Lecture URL (YouTube or uploaded video)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Lecture URL (YouTube or uploaded video)')).toHaveAccessibleDescription(YOUTUBE_ONLY_MESSAGE);
    expect(screen.getByLabelText('Notes Download URL')).toHaveAccessibleDescription('Enter a link starting with https:// (or a path on this site)');
    expect(screen.getByLabelText('Notes Download URL')).toHaveFocus(); // the first invalid field on screen
  });

  it('requires a title and whole minutes', async () => {
    const { user, onAdd } = await openDialog();
    await user.type(screen.getByLabelText('Lecture URL (YouTube or uploaded video)'), 'https://youtu.be/abcdefghijk');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Lecture Title')).toHaveAccessibleDescription('0 of 200 characters Enter the lecture title');
    expect(screen.getByLabelText('Duration (minutes)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Duration (minutes)')).toHaveAccessibleDescription('Enter the duration in minutes');
    // The contract's rule, not one of the form's own: whole minutes only.
    await user.type(screen.getByLabelText('Lecture Title'), 'Number line');
    await user.type(screen.getByLabelText('Duration (minutes)'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Duration (minutes)')).toHaveAccessibleDescription('Duration must be whole minutes');
    expect(screen.getByLabelText('Lecture Title')).not.toHaveAttribute('aria-invalid');
  });

  it('adds a valid lecture, closes, and opens again with empty fields', async () => {
    const { user, onAdd } = await openDialog();
    await user.type(screen.getByLabelText('Lecture Title'), 'Number line');
    await user.type(screen.getByLabelText('Duration (minutes)'), '12');
    await user.type(screen.getByLabelText('Lecture URL (YouTube or uploaded video)'), 'https://www.youtube.com/watch?v=abcdefghijk');
    await user.type(screen.getByLabelText('Notes Download URL'), 'https://example.org/notes.pdf');
    await user.click(screen.getByRole('checkbox', { name: 'Is Preview Free?' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenCalledWith({
      lectureTitle: 'Number line',
      lectureDuration: '12',
      lectureUrl: 'https://www.youtube.com/watch?v=abcdefghijk',
      notesUrl: 'https://example.org/notes.pdf',
      testUrl: '',
      isPreviewFree: true,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add Lecture' }));
    expect(screen.getByLabelText('Lecture Title')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Is Preview Free?' })).not.toBeChecked();
  });

  it('counts the title against its limit and refuses a longer one in plain words, never cutting it', async () => {
    const { user, onAdd } = await openDialog();
    const title = screen.getByLabelText('Lecture Title');
    await user.type(title, 'Vectors');
    expect(screen.getByText('7 of 200 characters')).toBeInTheDocument();
    await user.clear(title);
    await user.click(title);
    await user.paste('x'.repeat(203));
    expect(title).toHaveValue('x'.repeat(203));
    expect(screen.getByText('3 characters over the limit of 200')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Duration (minutes)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).not.toHaveBeenCalled();
    expect(title).toHaveAccessibleDescription('3 characters over the limit of 200 Lecture title can be at most 200 characters');
    expect(screen.getByLabelText('Duration (minutes)')).toHaveAccessibleDescription('Duration cannot be negative');
  });
});

describe('LectureDialog editing a lecture in place', () => {
  it('opens as Edit Lecture with the lecture filled in and saves the changed fields', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(
      <TestPlatformProviders auth={fakeAuth0({ user: { sub: 'sandbox|educator-meera', name: 'Meera Iyer' } })}>
        <LectureDialog
          chapterTitle="Integers"
          initial={{ lectureTitle: 'Numbr line', lectureDuration: '12', lectureUrl: 'https://youtu.be/abcdefghijk', notesUrl: '', testUrl: '', isPreviewFree: true }}
          onClose={() => undefined}
          onSave={onSave}
        />
      </TestPlatformProviders>,
    );
    expect(screen.getByRole('dialog', { name: 'Edit Lecture' })).toBeInTheDocument();
    const title = screen.getByLabelText('Lecture Title');
    expect(title).toHaveValue('Numbr line');
    expect(screen.getByRole('checkbox', { name: 'Is Preview Free?' })).toBeChecked();
    await user.clear(title);
    await user.type(title, 'Number line');
    await user.click(screen.getByRole('button', { name: 'Save lecture' }));
    expect(onSave).toHaveBeenCalledWith({
      lectureTitle: 'Number line',
      lectureDuration: '12',
      lectureUrl: 'https://youtu.be/abcdefghijk',
      notesUrl: '',
      testUrl: '',
      isPreviewFree: true,
    });
  });
});
