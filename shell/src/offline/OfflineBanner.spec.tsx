import { act, render, screen } from '@testing-library/react';
import { OfflineBanner } from './OfflineBanner';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineBanner', () => {
  afterEach(() => setOnline(true));

  it('shows nothing online, and while offline says what works and that videos need a connection', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status', { name: 'Offline' })).toBeNull();
    act(() => setOnline(false));
    const banner = screen.getByRole('status', { name: 'Offline' });
    expect(banner).toHaveTextContent('You are offline.');
    expect(banner).toHaveTextContent('My Enrollments');
    expect(banner).toHaveTextContent('sent when you are back online');
    expect(banner).toHaveTextContent('Videos need a connection.');
    act(() => setOnline(true));
    expect(screen.queryByRole('status', { name: 'Offline' })).toBeNull();
  });
});
