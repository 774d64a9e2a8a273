import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '@academy/routing';
import SuccessPage from './SuccessPage';

function renderAtSuccess() {
  render(
    <MemoryRouter initialEntries={['/success']}>
      <Routes>
        <Route path="/success" element={<SuccessPage />} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SuccessPage', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts down 4, 3, 2, 1 once per second, then goes home', () => {
    renderAtSuccess();
    expect(screen.getByRole('heading', { level: 1, name: 'Thanks for Contacting Us' })).toBeInTheDocument();
    const countdown = () => screen.getByRole('timer');

    expect(countdown()).toHaveTextContent('in 4 seconds');
    for (const expected of ['in 3 seconds', 'in 2 seconds', 'in 1 second.']) {
      act(() => jest.advanceTimersByTime(999));
      expect(countdown()).not.toHaveTextContent(expected);
      act(() => jest.advanceTimersByTime(1));
      expect(countdown()).toHaveTextContent(expected);
    }
    expect(screen.queryByRole('heading', { name: 'Home page' })).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
