import { chosenFilterCount, filtersFromSearchParams } from './courseListFilters';
import { coursePagePath } from './catalogueApi';

describe('course list filters in the URL', () => {
  it('keeps the filters the server takes and drops the rest', () => {
    expect(filtersFromSearchParams(new URLSearchParams('class=8&subject=science&sort=rating'))).toEqual({ class: '8', subject: 'science', sort: 'rating' });
    expect(filtersFromSearchParams(new URLSearchParams('class=5&subject=astrology&board=cbse&price=cheap&rating=3&x=1'))).toEqual({ board: 'cbse' });
    expect(filtersFromSearchParams(new URLSearchParams('language=hinglish'))).toEqual({ language: 'hinglish' });
    expect(filtersFromSearchParams(new URLSearchParams('language=Hindi'))).toEqual({});
  });

  it('counts chosen filters, not the sort', () => {
    expect(chosenFilterCount({ class: '8', price: 'free', sort: 'newest' })).toBe(2);
  });

  it('sends them to the API beside the search and the page', () => {
    expect(coursePagePath({ search: 'cells', limit: 12, filters: { class: '8', sort: 'rating' } })).toBe('/api/course/all?search=cells&class=8&sort=rating&limit=12');
  });
});
