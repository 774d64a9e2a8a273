import { render, screen } from '@testing-library/react';
import { LoadingView } from './LoadingView';

describe('LoadingView', () => {
  it('announces loading through a status region', () => {
    render(<LoadingView />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('uses the given label', () => {
    render(<LoadingView label="Loading your courses" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your courses');
  });
});
