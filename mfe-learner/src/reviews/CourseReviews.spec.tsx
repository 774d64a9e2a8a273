import type { CourseReview, CourseReviewsPage } from '@academy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseDetail, fakeServer, failure, ok, renderCatalogueAt, requestedUrls, userData, type FakeRoute } from '../catalogue/testing/catalogueTestKit';

const course = courseDetail({ _id: 'course-1' });

function review(id: string, overrides: Partial<CourseReview> = {}): CourseReview {
  return {
    _id: id,
    courseId: course._id,
    userName: `Learner ${id}`,
    rating: 4,
    text: `Text of ${id}`,
    helpfulCount: 0,
    createdAt: '2026-03-05T10:00:00.000Z',
    updatedAt: '2026-03-05T10:00:00.000Z',
    reply: null,
    hidden: false,
    isMine: false,
    votedHelpful: false,
    reported: false,
    ...overrides,
  };
}

const page = (reviews: CourseReview[], nextCursor: string | null, isEducator = false): Omit<CourseReviewsPage, 'success'> => ({
  histogram: { '1': 1, '2': 0, '3': 2, '4': 5, '5': 4 },
  reviews,
  nextCursor,
  isEducator,
});

const serveCourse: FakeRoute = (url) => (url.pathname === `/api/course/${course._id}` ? ok({ courseData: course }) : undefined);

/** GET /api/reviews/course/course-1: the first page, or the page after `cursor`, per sort. */
const serveReviews =
  (pages: Record<string, Omit<CourseReviewsPage, 'success'>>): FakeRoute =>
  (url) => {
    if (url.pathname !== `/api/reviews/course/${course._id}`) return undefined;
    const key = `${url.searchParams.get('sort')}:${url.searchParams.get('cursor') ?? ''}`;
    return pages[key] ? ok(pages[key]) : failure(400, `unexpected ${key}`);
  };

// The first render pays for loading the page's modules; a loaded machine needs more than jest's 5 s.
jest.setTimeout(20_000);

describe('the course page reviews section', () => {
  it('shows the histogram from 5★ to 1★, the reviews with the educator reply under its review, and pages with More reviews', async () => {
    const server = fakeServer(
      serveCourse,
      serveReviews({
        'newest:': page(
          [review('r1', { text: 'Clear lectures', reply: { text: 'Thank you!', educatorName: 'Meera Iyer', createdAt: '', updatedAt: '' } }), review('r2')],
          'c2',
        ),
        'newest:c2': page([review('r3', { createdAt: '2026-01-31T20:00:00.000Z' })], null),
      }),
    );
    renderCatalogueAt(`/course/${course._id}`);
    const section = await screen.findByRole('region', { name: 'Reviews' });
    const rows = await within(section).findAllByRole('listitem');
    const histogram = rows.slice(0, 5).map((row) => row.textContent);
    expect(histogram).toEqual([
      '5★4 ratings of 5 stars',
      '4★5 ratings of 4 stars',
      '3★2 ratings of 3 stars',
      '2★0 ratings of 2 stars',
      '1★1 rating of 1 star',
    ]);
    expect(within(section).getByRole('heading', { name: 'Ratings (12 ratings)' })).toBeInTheDocument();
    const first = within(section).getByRole('article', { name: 'Review by Learner r1' });
    expect(first).toHaveTextContent('Clear lectures');
    expect(first).toHaveTextContent('05/03/2026');
    expect(within(first).getByText('Reply from Meera Iyer')).toBeInTheDocument();
    expect(within(first).getByText('Thank you!')).toBeInTheDocument();
    // Signed out: nothing to vote, report, reply or hide.
    expect(within(first).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'More reviews' }));
    const third = await within(section).findByRole('article', { name: 'Review by Learner r3' });
    expect(third).toHaveTextContent('01/02/2026'); // Indian day of a late-evening UTC time
    expect(within(section).getAllByRole('article')).toHaveLength(3);
    expect(within(section).queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
    expect(requestedUrls(server).filter((url) => url.startsWith('/api/reviews'))).toEqual([
      `/api/reviews/course/${course._id}?sort=newest`,
      `/api/reviews/course/${course._id}?sort=newest&cursor=c2`,
    ]);
  });

  it('sorts most helpful first when chosen', async () => {
    fakeServer(
      serveCourse,
      serveReviews({
        'newest:': page([review('new')], null),
        'helpful:': page([review('liked', { helpfulCount: 7 })], null),
      }),
    );
    renderCatalogueAt(`/course/${course._id}`);
    const section = await screen.findByRole('region', { name: 'Reviews' });
    await within(section).findByRole('article', { name: 'Review by Learner new' });
    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Sort reviews' }), 'Most helpful first');
    const liked = await within(section).findByRole('article', { name: 'Review by Learner liked' });
    expect(liked).toHaveTextContent('7 learners found this helpful');
    expect(within(section).queryByRole('article', { name: 'Review by Learner new' })).not.toBeInTheDocument();
  });

  it('lets a signed-in learner vote helpful and report, and shows what they did', async () => {
    let voted = false;
    const server = fakeServer(
      serveCourse,
      (url) => (url.pathname === '/api/reviews/r1/helpful' ? ((voted = true), ok({ message: 'Marked helpful', helpfulCount: 1 })) : undefined),
      (url) =>
        url.pathname === `/api/reviews/course/${course._id}`
          ? ok(page([review('r1', voted ? { helpfulCount: 1, votedHelpful: true } : {}), review('mine', { isMine: true })], null))
          : undefined,
    );
    renderCatalogueAt(`/course/${course._id}`, { user: userData() });
    const first = await screen.findByRole('article', { name: 'Review by Learner r1' });
    await userEvent.click(within(first).getByRole('button', { name: 'Helpful' }));
    await waitFor(() => expect(within(first).getByRole('button', { name: 'Helpful' })).toHaveAttribute('aria-pressed', 'true'));
    expect(first).toHaveTextContent('1 learner found this helpful');
    expect(within(first).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    // Their own review takes no votes or reports.
    expect(within(screen.getByRole('article', { name: 'Review by Learner mine' })).queryByRole('button')).not.toBeInTheDocument();
    expect(server.mock.calls.some(([input, init]) => String(input).endsWith('/api/reviews/r1/helpful') && init?.method === 'POST')).toBe(true);
  });

  it("gives the course's educator Reply and Hide, sends the reply, and shows it under the review", async () => {
    let replied = false;
    const server = fakeServer(
      serveCourse,
      (url) => (url.pathname === '/api/reviews/r1/reply' ? ((replied = true), { status: 201, body: { success: true, message: 'Reply published' } }) : undefined),
      (url) =>
        url.pathname === `/api/reviews/course/${course._id}`
          ? ok(page([review('r1', replied ? { reply: { text: 'Glad it helped', educatorName: 'Meera Iyer', createdAt: '', updatedAt: '' } } : {})], null, true))
          : undefined,
    );
    renderCatalogueAt(`/course/${course._id}`, { user: userData({ _id: 'sandbox|educator-meera', name: 'Meera Iyer' }) });
    const item = await screen.findByRole('article', { name: 'Review by Learner r1' });
    expect(within(item).getByRole('button', { name: 'Hide review' })).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Reply' }));
    // The reply form is its own chunk, loaded when Reply is pressed.
    await userEvent.type(await within(item).findByRole('textbox', { name: 'Your reply to Learner r1' }), 'Glad it helped');
    await userEvent.click(within(item).getByRole('button', { name: 'Publish reply' }));
    expect(await within(item).findByText('Reply from Meera Iyer')).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Edit reply' })).toBeInTheDocument();
    const call = server.mock.calls.find(([input]) => String(input).endsWith('/api/reviews/r1/reply'));
    expect(call?.[1]).toMatchObject({ method: 'POST', body: JSON.stringify({ text: 'Glad it helped' }) });
  });

  it('offers a retry when the reviews cannot be loaded', async () => {
    fakeServer(serveCourse, (url) => (url.pathname.startsWith('/api/reviews/') ? failure(503, 'Course content is unavailable right now, please try again') : undefined));
    renderCatalogueAt(`/course/${course._id}`);
    expect(await screen.findByText(/The reviews could not be loaded: Course content is unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
