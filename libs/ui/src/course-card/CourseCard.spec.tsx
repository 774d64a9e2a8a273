import type { ReactElement } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from '@academy/routing';
import type { CourseSummary } from '@academy/contracts';
import i18next from 'i18next';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { CourseCard } from './CourseCard';
import { CourseGrid } from './CourseGrid';

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

function renderInRouter(element: ReactElement) {
  return render(<MemoryRouter>{element}</MemoryRouter>);
}

describe('CourseCard', () => {
  it('shows the class (or range) and the subject', () => {
    const { unmount } = renderInRouter(<CourseCard course={algebra} />);
    expect(screen.getByText('Class 8 · Mathematics')).toBeInTheDocument();
    unmount();
    renderInRouter(<CourseCard course={{ ...algebra, classFrom: 11, classTo: 12, subject: 'physics' }} />);
    expect(screen.getByText('Class 11–12 · Physics')).toBeInTheDocument();
  });

  it('says what the course is taught in, English for an answer without a language, and in Hindi when Hindi is shown', async () => {
    const { unmount } = renderInRouter(<CourseCard course={{ ...algebra, language: 'hi' }} />);
    expect(screen.getByText('Taught in Hindi')).toBeInTheDocument();
    expect(screen.getByText('Hindi')).toHaveAttribute('aria-hidden', 'true');
    unmount();
    const english = renderInRouter(<CourseCard course={algebra} />);
    expect(screen.getByText('Taught in English')).toBeInTheDocument();
    english.unmount();
    await i18next.changeLanguage('hi');
    renderInRouter(<CourseCard course={{ ...algebra, language: 'hinglish' }} />);
    expect(screen.getByText('हिंग्लिश में पढ़ाया जाता है')).toBeInTheDocument();
  });

  it('shows the price after discount in rupees', () => {
    renderInRouter(<CourseCard course={algebra} />);
    expect(screen.getByText('₹499.50')).toBeInTheDocument();
    expect(screen.queryByText('₹999.00')).not.toBeInTheDocument();
  });

  it('shows the full price when there is no discount, and ₹0.00 for a free course', () => {
    const { unmount } = renderInRouter(<CourseCard course={{ ...algebra, discount: 0 }} />);
    expect(screen.getByText('₹999.00')).toBeInTheDocument();
    unmount();
    renderInRouter(<CourseCard course={{ ...algebra, coursePrice: 0 }} />);
    expect(screen.getByText('₹0.00')).toBeInTheDocument();
  });

  it('shows the average rating with 5 stars and the rating count', () => {
    const { container } = renderInRouter(<CourseCard course={algebra} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('.stars__star')).toHaveLength(5);
    expect(container.querySelectorAll('.stars__star--filled')).toHaveLength(4);
    expect(screen.getByText('(12)')).toBeInTheDocument();
    expect(screen.getByText('12 ratings')).toBeInTheDocument();
  });

  it('names the provider, shows the thumbnail and links the title to the course page', () => {
    const { container } = renderInRouter(<CourseCard course={{ ...algebra, ratingCount: 1 }} />);
    expect(screen.getByText('Meera Iyer')).toBeInTheDocument();
    expect(screen.getByText('1 rating')).toBeInTheDocument();
    expect(container.querySelector('img.course-card__thumbnail')).toHaveAttribute('src', algebra.courseThumbnail);
    const link = screen.getByRole('link', { name: algebra.courseTitle });
    expect(link).toHaveAttribute('href', '/course/course-42');
    expect(screen.getByRole('heading', { level: 3, name: algebra.courseTitle })).toContainElement(link);
  });
});

describe('CourseGrid', () => {
  it('lists one card per course under an accessible name', () => {
    const courses = [algebra, { ...algebra, _id: 'course-43', courseTitle: 'Class 11 Physics: Motion' }];
    renderInRouter(<CourseGrid courses={courses} label="All courses" />);
    const list = screen.getByRole('list', { name: 'All courses' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Class 8 Mathematics: Algebra Foundations',
      'Class 11 Physics: Motion',
    ]);
  });

  it('renders the cards in a transition: a synchronous render shows the placeholders, the cards follow', async () => {
    const courses = Array.from({ length: 3 }, (_, index) => ({ ...algebra, _id: `course-${index}`, courseTitle: `Course ${index}` }));
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    flushSync(() => root.render(<MemoryRouter><CourseGrid courses={courses} label="All courses" /></MemoryRouter>));
    expect(container.querySelectorAll('.course-card--skeleton')).toHaveLength(3);
    expect(container.querySelector('ul[aria-label="All courses"]')).toBeNull();
    await act(async () => undefined);
    expect(within(container).getAllByRole('link').map((link) => link.textContent)).toEqual(['Course 0', 'Course 1', 'Course 2']);
    act(() => root.unmount());
    container.remove();
  });

  it("loads the first row's thumbnails at once (the first at high priority) and the rest lazily", () => {
    const courses = Array.from({ length: 6 }, (_, index) => ({ ...algebra, _id: `course-${index}` }));
    const { container } = renderInRouter(<CourseGrid courses={courses} label="All courses" />);
    const thumbnails = [...container.querySelectorAll('img.course-card__thumbnail')];
    expect(thumbnails.map((image) => image.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect(thumbnails.map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null, null]);
  });
});

describe('CourseCard in Hindi', () => {
  beforeEach(() => act(() => i18next.changeLanguage('hi')));

  it('names the class range and the subject in Hindi', () => {
    const { unmount } = renderInRouter(<CourseCard course={algebra} />);
    expect(screen.getByText('कक्षा 8 · गणित')).toBeInTheDocument();
    unmount();
    renderInRouter(<CourseCard course={{ ...algebra, classFrom: 7, classTo: 12, subject: 'social-science' }} />);
    expect(screen.getByText('कक्षा 7–12 · सामाजिक विज्ञान')).toBeInTheDocument();
  });

  it('shows the price with ₹ and the rating in Hindi', () => {
    renderInRouter(<CourseCard course={{ ...algebra, coursePrice: 250000, discount: 0 }} />);
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
    renderInRouter(<CourseCard course={{ ...algebra, ratingCount }} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
