import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';

function Dialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { dialogRef, onKeyDown } = useModalDialog(onClose);
  return (
    <div ref={dialogRef} role="dialog" aria-modal="true" aria-label="Test dialog" onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <Dialog onClose={() => setOpen(false)}>{children}</Dialog>}
    </>
  );
}

describe('useModalDialog', () => {
  it('focuses the first field, wraps Tab and Shift+Tab inside, and on Escape closes and gives focus back to the opener', async () => {
    render(
      <Page>
        <button type="button">Close</button>
        <input aria-label="Title" />
        <button type="button">Save</button>
      </Page>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('without fields, focuses the first control (Cancel before a destructive choice)', async () => {
    render(
      <Page>
        <p>Request a refund?</p>
        <button type="button">Cancel</button>
        <button type="button">Confirm refund</button>
      </Page>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
