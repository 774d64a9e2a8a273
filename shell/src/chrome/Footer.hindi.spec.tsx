import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Footer } from './Footer';
import { installFetchMock, renderChrome } from './chromeTestHarness';

const fetchMock = installFetchMock();

describe('Footer in Hindi', () => {
  beforeEach(() => act(() => i18next.changeLanguage('hi')));

  it('names the links in Hindi and keeps the brand', () => {
    renderChrome(<Footer />, '/about');
    expect(screen.getByRole('navigation', { name: 'देखें' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'नियम और शर्तें' })).toHaveAttribute('href', '/terms-conditions');
    expect(screen.getByText(`© ${new Date().getFullYear()} Academy. सर्वाधिकार सुरक्षित।`)).toBeInTheDocument();
  });

  it("shows the contract's newsletter validation messages in Hindi", async () => {
    const user = userEvent.setup();
    renderChrome(<Footer />);
    const email = screen.getByRole('textbox', { name: 'ईमेल पता' });
    await user.click(screen.getByRole('button', { name: 'सदस्यता लें' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('ईमेल ज़रूरी है।'));
    await user.type(email, 'ana@example');
    await user.click(screen.getByRole('button', { name: 'सदस्यता लें' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('ईमेल का प्रारूप अमान्य है।'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a form error shown before the messages arrived into Hindi when they do', async () => {
    await act(() => i18next.loadNamespaces('messages'));
    const hindiMessages = i18next.getResourceBundle('hi', 'messages') as Record<string, string>;
    i18next.removeResourceBundle('hi', 'messages');
    try {
      const user = userEvent.setup();
      renderChrome(<Footer />);
      const email = screen.getByRole('textbox', { name: 'ईमेल पता' });
      await user.click(screen.getByRole('button', { name: 'सदस्यता लें' }));
      await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required.'));
      act(() => void i18next.addResourceBundle('hi', 'messages', hindiMessages));
      await waitFor(() => expect(email).toHaveAccessibleDescription('ईमेल ज़रूरी है।'));
    } finally {
      if (!i18next.hasResourceBundle('hi', 'messages')) i18next.addResourceBundle('hi', 'messages', hindiMessages);
    }
  });
});
