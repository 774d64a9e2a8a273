import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from '@academy/routing';
import type { CourseSummary } from '@academy/contracts';
import { CourseCard } from './CourseCard';

const algebra: CourseSummary = {
  _id: 'course-42',
  courseTitle: 'Class 8 Mathematics: Algebra Foundations',
  courseThumbnail: '/media/thumbnails/algebra.png',
  coursePrice: 999,
  discount: 50,
  educator: { _id: 'sandbox|educator-meera', name: 'Meera Iyer' },
  averageRating: 4,
  ratingCount: 12,
  studentCount: 30,
  createdAt: '2025-01-10T09:00:00.000Z',
  classFrom: 8,
  classTo: 8,
  subject: 'mathematics',
  board: 'cbse',
};

function renderCard(course: CourseSummary) {
  return render(
    <MemoryRouter>
      <CourseCard course={course} />
    </MemoryRouter>,
  );
}

describe('CourseCard in Hindi', () => {
  beforeEach(() => act(() => i18next.changeLanguage('hi')));

  it('names the class range and the subject in Hindi', () => {
    const { unmount } = renderCard(algebra);
    expect(screen.getByText('कक्षा 8 · गणित')).toBeInTheDocument();
    unmount();
    renderCard({ ...algebra, classFrom: 7, classTo: 12, subject: 'social-science' });
    expect(screen.getByText('कक्षा 7–12 · सामाजिक विज्ञान')).toBeInTheDocument();
  });

  it('shows the price with ₹ and the rating in Hindi', () => {
    renderCard({ ...algebra, coursePrice: 250000, discount: 0 });
    expect(screen.getByText('₹2,50,000.00')).toBeInTheDocument();
    expect(screen.getByText('क़ीमत:', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '5 में से 4 रेटिंग' })).toBeInTheDocument();
  });

  it.each([
    [0, '0 रेटिंग'],
    [1, '1 रेटिंग'],
    [2, '2 रेटिंग'],
    [123456, '1,23,456 रेटिंग'],
  ])('counts %i ratings as "%s" (Hindi plural forms, lakh grouping)', (ratingCount, text) => {
    renderCard({ ...algebra, ratingCount });
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
