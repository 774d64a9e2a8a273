import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from '@academy/routing';
import App from './App';
import SuccessPage from './success/SuccessPage';
import { renderWithPlatform } from './testing/renderWithPlatform';

describe('info pages in Hindi', () => {
  it('shows the FAQ page and its tabs in Hindi', async () => {
    await act(() => i18next.changeLanguage('hi'));
    renderWithPlatform(<App />, '/frequently-asked-questions');
    expect(screen.getByRole('heading', { level: 1, name: 'अक्सर पूछे जाने वाले सवाल' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'अभिभावकों के लिए' }));
    expect(screen.getByRole('heading', { level: 2, name: 'मैं कोर्स का भुगतान कैसे कर सकता/सकती हूँ?' })).toBeInTheDocument();
  });

  it("shows the contract's validation messages of the contact form in Hindi", async () => {
    await act(() => i18next.changeLanguage('hi'));
    renderWithPlatform(<App />, '/contact');
    await userEvent.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    expect(screen.getByLabelText('पूरा नाम')).toHaveAccessibleDescription('नाम ज़रूरी है।');
    expect(screen.getByLabelText('ईमेल पता')).toHaveAccessibleDescription('ईमेल ज़रूरी है।');
  });

  it('counts down in Hindi, one second included', async () => {
    jest.useFakeTimers();
    try {
      await act(() => i18next.changeLanguage('hi'));
      render(
        <MemoryRouter>
          <SuccessPage />
        </MemoryRouter>,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'संपर्क करने के लिए धन्यवाद' })).toBeInTheDocument();
      expect(screen.getByRole('timer')).toHaveTextContent('4 सेकंड में आपको होम पेज पर वापस ले जाया जाएगा।');
      for (let second = 0; second < 3; second += 1) act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByRole('timer')).toHaveTextContent('1 सेकंड में आपको होम पेज पर वापस ले जाया जाएगा।');
    } finally {
      jest.useRealTimers();
    }
  });

  it('follows a language change without a reload', async () => {
    renderWithPlatform(<App />, '/about');
    expect(screen.getByRole('heading', { level: 1, name: 'About Academy' })).toBeInTheDocument();
    await act(() => i18next.changeLanguage('hi'));
    expect(screen.getByRole('heading', { level: 1, name: 'Academy के बारे में' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'संस्थापक' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /का चित्र$/ })).toHaveLength(7);
  });
});
