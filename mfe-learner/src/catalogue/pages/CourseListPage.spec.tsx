import i18next from 'i18next';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_QUERY_RETRIES } from '@academy/platform';
import {
  courseSummary,
  fakeServer,
  failure,
  ok,
  renderCatalogueAt,
  requestedUrls,
  userData,
  type FakeRoute,
} from '../testing/catalogueTestKit';

const algebra = courseSummary({ _id: 'c-1', courseTitle: 'Class 8 Mathematics: Algebra' });
const geometry = courseSummary({ _id: 'c-2', courseTitle: 'Class 11 Mathematics: Geometry' });
const physics = courseSummary({ _id: 'c-3', courseTitle: 'Class 11 Physics: Motion' });

/** GET /api/course/all answered by search text and cursor, as the catalogue service would. */
const courseList =
  (pages: Record<string, { courses: ReturnType<typeof courseSummary>[]; nextCursor: string | null }>): FakeRoute =>
  (url) => {
    if (url.pathname !== '/api/course/all') return undefined;
    const key = `${url.searchParams.get('search') ?? ''}|${url.searchParams.get('cursor') ?? ''}`;
    const page = pages[key];
    return page ? ok(page) : failure(500, `unexpected query ${url.search}`);
  };

const cardTitles = () =>
  within(screen.getByRole('list', { name: /courses/i }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('CourseListPage', () => {
  it('shows every course with a heading and a breadcrumb back home', async () => {
    fakeServer(courseList({ '|': { courses: [algebra, physics], nextCursor: null } }));
    renderCatalogueAt('/course-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Course List' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(await screen.findByRole('link', { name: algebra.courseTitle })).toBeInTheDocument();
    expect(cardTitles()).toEqual([algebra.courseTitle, physics.courseTitle]);
    expect(screen.queryByRole('button', { name: /Remove search filter/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks the server to search for the text in the path, pre-fills the box and shows a chip', async () => {
    const server = fakeServer(courseList({ 'math|': { courses: [algebra, geometry], nextCursor: null } }));
    renderCatalogueAt('/course-list/math');
    expect(await screen.findByRole('link', { name: geometry.courseTitle })).toBeInTheDocument();
    expect(requestedUrls(server)).toEqual(['/api/course/all?search=math&limit=12']);
    expect(screen.getByRole('searchbox', { name: 'Search for courses' })).toHaveValue('math');
    expect(screen.getByText('math', { selector: '.filter-chip__label' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 courses for “math”');
  });

  it('returns to the plain list when the chip is removed', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      courseList({ 'math|': { courses: [algebra], nextCursor: null }, '|': { courses: [algebra, physics], nextCursor: null } }),
    );
    const view = renderCatalogueAt('/course-list/math');
    await screen.findByRole('link', { name: algebra.courseTitle });

    await user.click(screen.getByRole('button', { name: 'Remove search filter "math"' }));

    expect(view.location()).toBe('/course-list');
    expect(await screen.findByRole('link', { name: physics.courseTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove search filter/ })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search for courses' })).toHaveValue('');
    expect(requestedUrls(server)).toEqual(['/api/course/all?search=math&limit=12', '/api/course/all?limit=12']);
  });

  it('searches again from the form on this page', async () => {
    const user = userEvent.setup();
    fakeServer(courseList({ '|': { courses: [algebra, physics], nextCursor: null }, 'Physics|': { courses: [physics], nextCursor: null } }));
    const view = renderCatalogueAt('/course-list');
    await screen.findByRole('link', { name: algebra.courseTitle });
    await user.type(screen.getByRole('searchbox', { name: 'Search for courses' }), 'Physics{Enter}');
    expect(view.location()).toBe('/course-list/Physics');
    await waitFor(() => expect(cardTitles()).toEqual([physics.courseTitle]));
  });

  it('says clearly when nothing matches and offers every course', async () => {
    fakeServer(courseList({ 'chemistry|': { courses: [], nextCursor: null } }));
    renderCatalogueAt('/course-list/chemistry');
    expect(await screen.findByRole('heading', { name: 'No courses found' })).toBeInTheDocument();
    expect(screen.getByText(/No course title contains “chemistry”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all courses' })).toHaveAttribute('href', '/course-list');
  });

  it('loads the next page with the server’s cursor and appends it', async () => {
    const user = userEvent.setup();
    const server = fakeServer(
      courseList({
        '|': { courses: [algebra], nextCursor: 'cursor-after-1' },
        '|cursor-after-1': { courses: [geometry], nextCursor: 'cursor-after-2' },
        '|cursor-after-2': { courses: [physics], nextCursor: null },
      }),
    );
    renderCatalogueAt('/course-list');
    await screen.findByRole('link', { name: algebra.courseTitle });

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: geometry.courseTitle })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: physics.courseTitle })).toBeInTheDocument();

    expect(cardTitles()).toEqual([algebra.courseTitle, geometry.courseTitle, physics.courseTitle]);
    expect(requestedUrls(server)).toEqual([
      '/api/course/all?limit=12',
      '/api/course/all?limit=12&cursor=cursor-after-1',
      '/api/course/all?limit=12&cursor=cursor-after-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; element: Element }[] = [];
    // jsdom has no IntersectionObserver: this stand-in records what the page observes.
    window.IntersectionObserver = class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        observed.push({ callback: this.callback, element });
      }
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
    try {
      const server = fakeServer(
        courseList({ '|': { courses: [algebra], nextCursor: 'c2' }, '|c2': { courses: [geometry], nextCursor: null } }),
      );
      renderCatalogueAt('/course-list');
      await screen.findByRole('link', { name: algebra.courseTitle });
      const sentinel = observed.at(-1)!;
      act(() => sentinel.callback([{ isIntersecting: true, target: sentinel.element } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(await screen.findByRole('link', { name: geometry.courseTitle })).toBeInTheDocument();
      expect(requestedUrls(server)).toEqual(['/api/course/all?limit=12', '/api/course/all?limit=12&cursor=c2']);
    } finally {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('retries a 5xx a bounded number of times, then shows the server message once and retries on request', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const failingTries = 1 + MAX_QUERY_RETRIES;
    fakeServer((url) => {
      if (url.pathname !== '/api/course/all') return undefined;
      calls += 1;
      return calls <= failingTries ? failure(503, 'Catalogue is restarting') : ok({ courses: [algebra], nextCursor: null });
    });
    renderCatalogueAt('/course-list');
    const panel = (await screen.findByRole('heading', { name: 'Courses could not be loaded' })).closest('section')!;
    expect(calls).toBe(failingTries);
    expect(panel).toHaveRole('alert');
    expect(panel).toHaveTextContent('Catalogue is restarting');
    // The same message also pops up as an error toast.
    expect(screen.getAllByRole('alert').filter((alert) => alert !== panel && alert.textContent?.includes('Catalogue is restarting'))).toHaveLength(1);
    await user.click(within(panel).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: algebra.courseTitle })).toBeInTheDocument();
  });
});

describe('CourseListPage filters and sort', () => {
  const facets = {
    total: 1,
    class: { '7': 3, '8': 1, '9': 0, '10': 0, '11': 2, '12': 0 },
    subject: { mathematics: 1, science: 4 },
    board: { cbse: 1, icse: 0, state: 0 },
    price: { free: 0, paid: 1 },
    rating: { '4': 1 },
    language: { hi: 2, en: 1, hinglish: 0 },
  };
  const filtered: FakeRoute = (url) => (url.pathname === '/api/course/all' ? ok({ courses: [algebra], nextCursor: null, facets }) : undefined);

  it('sends the filters and sort of the URL to the server and shows each value with its count', async () => {
    const server = fakeServer(filtered);
    renderCatalogueAt('/course-list?class=8&subject=mathematics&sort=rating');
    expect(await screen.findByRole('link', { name: algebra.courseTitle })).toBeInTheDocument();
    expect(requestedUrls(server)).toEqual(['/api/course/all?class=8&subject=mathematics&sort=rating&limit=12']);
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    const classGroup = within(filters).getByRole('group', { name: 'Class' });
    expect(within(classGroup).getByRole('radio', { name: /Class 8/ })).toBeChecked();
    expect(within(classGroup).getByRole('radio', { name: /Class 7/ }).closest('label')).toHaveTextContent('Class 7, (3 courses)');
    expect(within(filters).getByRole('group', { name: 'Subject' }).querySelector('input:checked')!.closest('label')).toHaveTextContent('Mathematics');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
  });

  it('puts a choice in the URL and asks the server again; an unknown value in the URL is dropped', async () => {
    const user = userEvent.setup();
    const server = fakeServer(filtered);
    renderCatalogueAt('/course-list?class=5&board=ib');
    await screen.findByRole('link', { name: algebra.courseTitle });
    expect(requestedUrls(server)).toEqual(['/api/course/all?limit=12']);
    await user.click(screen.getByRole('radio', { name: /^Science/ }));
    await waitFor(() => expect(requestedUrls(server)).toContain('/api/course/all?subject=science&limit=12'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    await waitFor(() => expect(requestedUrls(server)).toContain('/api/course/all?subject=science&sort=price-asc&limit=12'));
  });
});

describe('CourseListPage: the language a course is taught in', () => {
  const facets = {
    total: 1,
    class: {},
    subject: {},
    board: {},
    price: { free: 0, paid: 1 },
    rating: { '4': 0 },
    language: { hi: 2, en: 1, hinglish: 0 },
  };
  const filtered: FakeRoute = (url) => (url.pathname === '/api/course/all' ? ok({ courses: [{ ...algebra, language: 'hi' }], nextCursor: null, facets }) : undefined);

  it('offers each language with its count, puts the choice in the URL and asks the server for it', async () => {
    const user = userEvent.setup();
    const server = fakeServer(filtered);
    renderCatalogueAt('/course-list?language=tamil');
    await screen.findByRole('link', { name: algebra.courseTitle });
    expect(requestedUrls(server)).toEqual(['/api/course/all?limit=12']);
    const group = within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('group', { name: 'Taught in' });
    expect(within(group).getByRole('radio', { name: 'Any language' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Hindi/ }).closest('label')).toHaveTextContent('Hindi, (2 courses)');
    await user.click(within(group).getByRole('radio', { name: /^Hindi/ }));
    await waitFor(() => expect(requestedUrls(server)).toContain('/api/course/all?language=hi&limit=12'));
    // The card says it too.
    expect(screen.getByText('Taught in Hindi')).toBeInTheDocument();
  });

  it('names the languages in Hindi when Hindi is shown', async () => {
    await i18next.changeLanguage('hi');
    fakeServer(filtered);
    renderCatalogueAt('/course-list?language=hi');
    await screen.findByRole('link', { name: algebra.courseTitle });
    const group = screen.getByRole('group', { name: 'पढ़ाने की भाषा' });
    expect(within(group).getByRole('radio', { name: /^हिंदी/ })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'कोई भी भाषा' })).not.toBeChecked();
  });
});

describe('CourseListPage for a signed-in learner', () => {
  it("chooses the learner's class at first, in the URL", async () => {
    const server = fakeServer((url) => (url.pathname === '/api/course/all' ? ok({ courses: [algebra], nextCursor: null }) : undefined));
    renderCatalogueAt('/course-list', { user: userData({ schoolClass: 8 }) });
    await screen.findByRole('link', { name: algebra.courseTitle });
    expect(requestedUrls(server).filter((url) => url.startsWith('/api/course/all'))).toEqual(['/api/course/all?class=8&limit=12']);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/course-list?class=8'));
    expect(within(screen.getByRole('group', { name: 'Class' })).getByRole('radio', { name: /Class 8/ })).toBeChecked();
  });
});
