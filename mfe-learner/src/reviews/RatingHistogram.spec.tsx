import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { RatingHistogramView } from './CourseReviews';

describe('RatingHistogramView in Hindi', () => {
  it('counts ratings with CLDR plurals (one covers 0 and 1) and names each row for screen readers', async () => {
    await act(() => i18next.changeLanguage('hi'));
    const { rerender, unmount } = render(<RatingHistogramView histogram={{ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }} />);
    expect(screen.getByRole('heading', { name: 'रेटिंग (0 रेटिंग)' })).toBeInTheDocument();
    rerender(<RatingHistogramView histogram={{ '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 }} />);
    expect(screen.getByRole('heading', { name: 'रेटिंग (1 रेटिंग)' })).toBeInTheDocument();
    rerender(<RatingHistogramView histogram={{ '1': 1200, '2': 0, '3': 0, '4': 0, '5': 1 }} />);
    // Indian grouping through the formatting module.
    expect(screen.getByRole('heading', { name: 'रेटिंग (1,201 रेटिंग)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[4]).toHaveTextContent('1★1,200 रेटिंग, 1 स्टार वाली');
    unmount(); // before the setup switches back to English
  });

  it('reads the same as before in English', () => {
    render(<RatingHistogramView histogram={{ '1': 1, '2': 0, '3': 0, '4': 0, '5': 1 }} />);
    expect(screen.getByRole('heading', { name: 'Ratings (2 ratings)' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[4]).toHaveTextContent('1★1 rating of 1 star');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('5★1 ratings of 5 stars');
  });
});
