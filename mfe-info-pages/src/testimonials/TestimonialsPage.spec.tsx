import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@academy/routing';
import TestimonialsPage from './TestimonialsPage';
import TestimonialsSection from '../sections/TestimonialsSection';
import i18next from 'i18next';
import { toppers as toppersIn } from './testimonialsContent';

// The toppers as the English page shows them (their results live in the translation files).
const toppers = toppersIn(i18next.getFixedT('en', 'info'));

describe('TestimonialsPage', () => {
  it('shows two stories and eleven toppers', () => {
    render(<TestimonialsPage />);
    const stories = screen.getByRole('region', { name: 'Student Stories' });
    expect(within(stories).getAllByRole('article')).toHaveLength(2);
    const toppersSection = screen.getByRole('region', { name: 'Meet Our Toppers' });
    expect(within(toppersSection).getAllByRole('listitem')).toHaveLength(11);
  });

  it('reveals a topper result on keyboard focus and hides it again on blur', async () => {
    const user = userEvent.setup();
    render(<TestimonialsPage />);
    const [first, second] = toppers;
    const firstCard = screen.getByRole('article', { name: first!.name });
    expect(screen.getByText(first!.result)).not.toBeVisible();
    expect(firstCard).toHaveAccessibleDescription(`${first!.name} ${first!.result}`);

    await user.tab(); // the toppers are the first focusable elements of the page
    expect(firstCard).toHaveFocus();
    expect(screen.getByText(first!.result)).toBeVisible();

    await user.tab();
    expect(screen.getByRole('article', { name: second!.name })).toHaveFocus();
    expect(screen.getByText(first!.result)).not.toBeVisible();
    expect(screen.getByText(second!.result)).toBeVisible();
  });

  it('reveals a topper result on hover', async () => {
    const user = userEvent.setup();
    render(<TestimonialsPage />);
    const last = toppers[toppers.length - 1]!;
    await user.hover(screen.getByRole('article', { name: last.name }));
    expect(screen.getByText(last.result)).toBeVisible();
    await user.unhover(screen.getByRole('article', { name: last.name }));
    expect(screen.getByText(last.result)).not.toBeVisible();
  });
});

describe('TestimonialsSection', () => {
  it('shows a few rated testimonials and links to the full page', () => {
    render(
      <MemoryRouter>
        <TestimonialsSection />
      </MemoryRouter>,
    );
    const quotes = screen.getAllByRole('figure');
    expect(quotes).toHaveLength(3);
    expect(within(quotes[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/testimonials');
  });
});
