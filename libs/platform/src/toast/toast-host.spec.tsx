import { act, render, screen } from '@testing-library/react';
import { ToastHost } from './toast-host';
import { useToast } from './use-toast';

function SaveButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.success('Saved')}>
      Save
    </button>
  );
}

describe('ToastHost', () => {
  it('loads the toast library only with the first toast, and shows that toast', async () => {
    const { container } = render(
      <>
        <ToastHost />
        <SaveButton />
      </>,
    );
    // Nothing of the library on the page until a toast is asked for.
    expect(container.querySelector('.notistack-SnackbarContainer')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    // Later toasts go straight to the loaded library.
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(await screen.findAllByText('Saved')).toHaveLength(2);
  });
});
