import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CheckoutPhase } from '../../checkout';
import { courseDetail } from '../testing/catalogueTestKit';
import { CourseSideCard } from './CourseSideCard';

function renderCard(phase: CheckoutPhase, isEnrolled = false) {
  const onEnroll = jest.fn();
  render(<CourseSideCard course={courseDetail()} previewLecture={null} isEnrolled={isEnrolled} onEnroll={onEnroll} phase={phase} />);
  return onEnroll;
}

describe('CourseSideCard: Enroll Now while a purchase is under way', () => {
  it('is an enabled "Enroll Now" when idle', async () => {
    const onEnroll = renderCard('idle');
    const button = screen.getByRole('button', { name: 'Enroll Now' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-busy', 'false');
    await userEvent.click(button);
    expect(onEnroll).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['ordering', 'Processing…'],
    ['paying', 'Complete the payment…'],
    ['verifying', 'Confirming payment…'],
  ] as const)('while %s says "%s", is busy and disabled, and a click starts nothing', async (phase, label) => {
    const onEnroll = renderCard(phase);
    const button = screen.getByRole('button', { name: label });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onEnroll).not.toHaveBeenCalled();
  });

  it('reads "Already Enrolled" for an enrolled learner', () => {
    renderCard('idle', true);
    expect(screen.getByRole('button', { name: 'Already Enrolled' })).toBeDisabled();
  });
});
