import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

function Page({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && (
        <ConfirmDialog title="Delete chapter 'Kinematics' and its 3 lectures?" confirmLabel="Delete chapter" destructive onConfirm={onConfirm} onCancel={() => setOpen(false)}>
          <p>2 learners are enrolled.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('names the choice, starts on Cancel, and Escape cancels with focus back on the opener', async () => {
    const onConfirm = jest.fn();
    render(<Page onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: "Delete chapter 'Kinematics' and its 3 lectures?" });
    expect(dialog).toHaveAccessibleDescription('2 learners are enrolled.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('calls onConfirm from its confirm button', async () => {
    const onConfirm = jest.fn();
    render(<Page onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete chapter' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
