import { BOARD_SLUGS, COURSE_LANGUAGES, COURSE_SORT_SLUGS, HIGHEST_CLASS, LOWEST_CLASS, MIN_RATING_FILTER, SUBJECT_SLUGS } from '@academy/contracts';

/** The course list's filters and sort as they stand in its URL (`?class=8&subject=science&sort=rating`). */
export interface CourseListFilters {
  class?: string;
  subject?: string;
  board?: string;
  price?: string;
  rating?: string;
  language?: string;
  sort?: string;
}

export const COURSE_LIST_FILTER_NAMES = ['class', 'subject', 'board', 'price', 'rating', 'language', 'sort'] as const;
export type CourseListFilterName = (typeof COURSE_LIST_FILTER_NAMES)[number];

const VALID: Record<CourseListFilterName, (value: string) => boolean> = {
  class: (value) => /^\d{1,2}$/.test(value) && Number(value) >= LOWEST_CLASS && Number(value) <= HIGHEST_CLASS,
  subject: (value) => (SUBJECT_SLUGS as readonly string[]).includes(value),
  board: (value) => (BOARD_SLUGS as readonly string[]).includes(value),
  price: (value) => value === 'free' || value === 'paid',
  rating: (value) => value === String(MIN_RATING_FILTER),
  language: (value) => (COURSE_LANGUAGES as readonly string[]).includes(value),
  sort: (value) => (COURSE_SORT_SLUGS as readonly string[]).includes(value),
};

/**
 * The filters of a URL's query, each kept only when it is one the server takes: a link edited by hand or from an
 * older version still shows a list (the unknown value is dropped) instead of the server's 400.
 */
export function filtersFromSearchParams(params: URLSearchParams): CourseListFilters {
  const filters: CourseListFilters = {};
  for (const name of COURSE_LIST_FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null && VALID[name](value)) filters[name] = value;
  }
  return filters;
}

/** How many filters (not the sort) are chosen: the phone's Filters button shows it. */
export function chosenFilterCount(filters: CourseListFilters): number {
  return COURSE_LIST_FILTER_NAMES.filter((name) => name !== 'sort' && filters[name]).length;
}
