import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalDialog } from './ModalDialog';

describe('ModalDialog', () => {
  it('is a labelled, described modal dialog whose backdrop and Escape close it, and that announces its error', async () => {
    const onClose = jest.fn();
    render(
      <ModalDialog
        title="Delete chapter 'Kinematics'?"
        description={<p>Its 3 lectures go too.</p>}
        error="The server is not answering"
        onClose={onClose}
        actions={
          <>
            <button type="button">Cancel</button>
            <button type="button">Delete</button>
          </>
        }
      />,
    );
    const dialog = screen.getByRole('dialog', { name: "Delete chapter 'Kinematics'?" });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Its 3 lectures go too.');
    expect(screen.getByRole('alert')).toHaveTextContent('The server is not answering');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(dialog.parentElement!);
    expect(onClose).toHaveBeenCalledTimes(2);
    await userEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
