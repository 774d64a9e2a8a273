import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@academy/routing';
import FaqTeaser from './FaqTeaser';
import i18next from 'i18next';
import { faqItemsIn } from '../faq/faqItems';

// The questions as the English page shows them (their text lives in the translation files).
const faqItems = faqItemsIn(i18next.getFixedT('en', 'info'));

function renderTeaser() {
  render(
    <MemoryRouter>
      <FaqTeaser />
    </MemoryRouter>,
  );
}

const expandedQuestions = () =>
  screen.queryAllByRole('button', { expanded: true }).map((button) => button.textContent);

describe('FaqTeaser', () => {
  it('shows only the first four student questions, all closed', () => {
    renderTeaser();
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions.map((button) => button.textContent?.replace(/[+−]$/, ''))).toEqual(
      faqItems.students.slice(0, 4).map((item) => item.question),
    );
    for (const item of faqItems.students.slice(0, 4)) expect(screen.getByText(item.answer)).not.toBeVisible();
  });

  it('keeps at most one answer open at a time', async () => {
    const user = userEvent.setup();
    renderTeaser();
    const [first, second] = faqItems.students;

    await user.click(screen.getByRole('button', { name: first!.question }));
    expect(screen.getByRole('region', { name: first!.question })).toHaveTextContent(first!.answer);

    await user.click(screen.getByRole('button', { name: second!.question }));
    expect(screen.getByRole('region', { name: second!.question })).toBeVisible();
    expect(screen.queryByRole('region', { name: first!.question })).not.toBeInTheDocument();
    expect(expandedQuestions()).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: second!.question }));
    expect(expandedQuestions()).toHaveLength(0);
  });

  it('closes every answer when switching to the parents tab', async () => {
    const user = userEvent.setup();
    renderTeaser();
    await user.click(screen.getByRole('button', { name: faqItems.students[0]!.question }));

    await user.click(screen.getByRole('tab', { name: 'Parents' }));

    expect(screen.getByRole('tab', { name: 'Parents' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: faqItems.parents[0]!.question })).toHaveAttribute('aria-expanded', 'false');
    expect(expandedQuestions()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: faqItems.students[0]!.question })).not.toBeInTheDocument();
  });

  it('moves between tabs with the arrow, Home and End keys', async () => {
    const user = userEvent.setup();
    renderTeaser();
    const students = screen.getByRole('tab', { name: 'Students' });
    const parents = screen.getByRole('tab', { name: 'Parents' });
    expect(parents).toHaveAttribute('tabindex', '-1');

    await user.tab();
    expect(students).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(parents).toHaveFocus();
    expect(parents).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Parents' })).toHaveTextContent(faqItems.parents[0]!.question);

    await user.keyboard('{ArrowRight}');
    expect(students).toHaveFocus();
    await user.keyboard('{End}');
    expect(parents).toHaveFocus();
    await user.keyboard('{Home}');
    expect(students).toHaveAttribute('aria-selected', 'true');
  });

  it('links to the full FAQ page', () => {
    renderTeaser();
    expect(screen.getByRole('link', { name: 'Show All' })).toHaveAttribute('href', '/frequently-asked-questions');
  });
});
