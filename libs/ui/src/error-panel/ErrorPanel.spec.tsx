import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorPanel } from './ErrorPanel';

describe('ErrorPanel', () => {
  it('shows the message as an alert and calls onRetry', async () => {
    const onRetry = jest.fn();
    render(<ErrorPanel message="The course list could not be loaded" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The course list could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no Retry button without onRetry', () => {
    render(<ErrorPanel message="Gone" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
