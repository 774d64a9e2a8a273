import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Stars } from './Stars';

const filledCount = (container: HTMLElement) => container.querySelectorAll('.stars__star--filled').length;

describe('Stars', () => {
  it('shows a read-only rating with an accessible name', () => {
    const { container } = render(<Stars rating={3} />);
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('.stars__star')).toHaveLength(5);
    expect(filledCount(container)).toBe(3);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('clamps values outside 0 to 5', () => {
    const { container } = render(<Stars rating={9} />);
    expect(filledCount(container)).toBe(5);
  });

  it('highlights up to the hovered star and reports a click', async () => {
    const onChange = jest.fn();
    const { container } = render(<Stars rating={1} onChange={onChange} label="Rate this course" />);
    expect(screen.getByRole('group', { name: 'Rate this course' })).toBeInTheDocument();
    await userEvent.hover(screen.getByRole('button', { name: '4 stars' }));
    expect(filledCount(container)).toBe(4);
    await userEvent.click(screen.getByRole('button', { name: '4 stars' }));
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('moves with arrow keys without choosing, and chooses with Enter', async () => {
    const onChange = jest.fn();
    render(<Stars rating={2} onChange={onChange} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '2 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: '3 stars' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{End}{Enter}');
    expect(onChange).toHaveBeenCalledWith(5);
    expect(screen.getByRole('button', { name: '2 stars' })).toHaveAttribute('aria-pressed', 'true');
  });
});
