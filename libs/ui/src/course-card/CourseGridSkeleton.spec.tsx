import { render, screen } from '@testing-library/react';
import { CourseGridSkeleton } from './CourseGridSkeleton';

describe('CourseGridSkeleton', () => {
  it('announces loading once and draws as many placeholder cards as are coming, hidden from screen readers', () => {
    const { container } = render(<CourseGridSkeleton count={4} label="Loading featured courses" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading featured courses');
    expect(screen.queryByRole('list')).toBeNull(); // aria-hidden
    expect(container.querySelectorAll('.course-card--skeleton .course-card__thumbnail')).toHaveLength(4);
  });
});
