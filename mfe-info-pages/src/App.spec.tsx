import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from './App';
import i18next from 'i18next';
import { faqItemsIn } from './faq/faqItems';
import { renderWithPlatform } from './testing/renderWithPlatform';

// The questions as the English page shows them (their text lives in the translation files).
const faqItems = faqItemsIn(i18next.getFixedT('en', 'info'));

const routes: [path: string, heading: string][] = [
  ['/about', 'About Academy'],
  ['/contact', 'Contact Us'],
  ['/success', 'Thanks for Contacting Us'],
  ['/testimonials', 'Testimonials'],
  ['/terms-conditions', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/beyond-the-classroom', 'Enrichment'],
  ['/frequently-asked-questions', 'Frequently Asked Questions'],
];

describe('info pages App', () => {
  let consoleError: jest.SpyInstance;
  beforeEach(() => {
    consoleError = jest.spyOn(console, 'error');
  });
  afterEach(() => consoleError.mockRestore());

  it.each(routes)('renders %s with the main heading "%s" and no console error', (path, heading) => {
    renderWithPlatform(<App />, path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('shows the founders, co-founder, coaches, mentors and a quotation on the About page', () => {
    renderWithPlatform(<App />, '/about');
    for (const group of ['Founders', 'Co-founder', 'Water-sports coaches', 'Mentors']) {
      expect(screen.getByRole('heading', { level: 2, name: group })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('img', { name: /^Portrait of/ })).toHaveLength(7);
    expect(screen.getByRole('blockquote')).toBeInTheDocument();
  });

  it('lists titled sections on the policy pages', () => {
    renderWithPlatform(<App />, '/privacy-policy');
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(5);
    expect(screen.getByRole('heading', { level: 2, name: 'Children' })).toBeInTheDocument();
  });

  it('shows every FAQ item as a card and toggles between students and parents', async () => {
    const user = userEvent.setup();
    renderWithPlatform(<App />, '/frequently-asked-questions');
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(faqItems.students.length);

    await user.click(screen.getByRole('tab', { name: 'For Parents' }));
    const questions = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(questions).toEqual(faqItems.parents.map((item) => item.question));
  });

  it('states the published policies in the FAQ answers', () => {
    const answers = [...faqItems.students, ...faqItems.parents].map((item) => item.answer).join(' ');
    for (const policy of [
      /within 7 days/,
      /lifetime access/,
      /not intended for children under 13/,
      /UPI, a debit or credit card, or net banking/,
      /cannot be downloaded/,
      /graded automatically/,
      /Switching courses is not possible/,
      /finished every module and every assessment/,
      /Forgot Password/,
    ]) {
      expect(answers).toMatch(policy);
    }
  });
});
