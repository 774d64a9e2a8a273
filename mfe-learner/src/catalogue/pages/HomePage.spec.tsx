import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { courseSummary, fakeServer, ok, renderCatalogueAt, requestedUrls } from '../testing/catalogueTestKit';

// The federation runtime is the boundary to the info remote: each test decides whether info is up or down.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const loadRemoteMock = loadRemote as jest.MockedFunction<typeof loadRemote>;

const fiveCourses = Array.from({ length: 5 }, (_unused, index) =>
  courseSummary({ _id: `c-${index + 1}`, courseTitle: `Course number ${index + 1}` }),
);

function serveCourses() {
  return fakeServer((url) => (url.pathname === '/api/course/all' ? ok({ courses: fiveCourses, nextCursor: 'next' }) : undefined));
}

function FakeTestimonials() {
  return <h2>Testimonials from the info remote</h2>;
}

describe('HomePage', () => {
  beforeEach(() => {
    loadRemoteMock.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the hero with both taglines, its links and the search form', async () => {
    loadRemoteMock.mockResolvedValue({ default: FakeTestimonials });
    serveCourses();
    renderCatalogueAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Gain knowledge anytime, from anywhere.' })).toBeInTheDocument();
    expect(screen.getByText(/expert instructors, engaging content and a supportive community/)).toHaveClass('home-hero__tagline--wide');
    expect(screen.getByText('Join top instructors dedicated to guiding you toward your career success.')).toHaveClass(
      'home-hero__tagline--narrow',
    );
    const hero = screen.getByRole('region', { name: 'Gain knowledge anytime, from anywhere.' });
    expect(within(hero).getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/course-list');
    expect(within(hero).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/about');
    expect(within(hero).getByRole('searchbox', { name: 'Search for courses' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Testimonials from the info remote' });
  });

  it('invites parents: "I\'m a parent" opens the sign-up with the parent\'s choice and comes back to the parent\'s home', async () => {
    loadRemoteMock.mockResolvedValue({ default: FakeTestimonials });
    serveCourses();
    const login = jest.fn(async () => undefined);
    renderCatalogueAt('/', { login });
    const section = screen.getByRole('region', { name: 'For parents' });
    expect(section).toHaveTextContent(/Follow your child's courses/);
    await userEvent.click(within(section).getByRole('button', { name: "I'm a parent: create my account" }));
    expect(login).toHaveBeenCalledWith({
      authorizationParams: { screen_hint: 'signup', academy_role: 'parent' },
      appState: { returnTo: '/parent', role: 'parent' },
    });
    await userEvent.click(within(section).getByRole('button', { name: 'Parent sign in' }));
    expect(login).toHaveBeenLastCalledWith({ appState: { returnTo: '/parent' } });
    await screen.findByRole('heading', { name: 'Testimonials from the info remote' });
  });

  it('shows the first 4 courses under "Study with the finest" and links to every course', async () => {
    loadRemoteMock.mockResolvedValue({ default: FakeTestimonials });
    const server = serveCourses();
    renderCatalogueAt('/');
    const section = screen.getByRole('region', { name: 'Study with the finest' });
    await within(section).findByRole('link', { name: 'Course number 1' });
    const titles = within(within(section).getByRole('list')).getAllByRole('heading').map((heading) => heading.textContent);
    expect(titles).toEqual(['Course number 1', 'Course number 2', 'Course number 3', 'Course number 4']);
    expect(within(section).getByRole('link', { name: 'Show all courses' })).toHaveAttribute('href', '/course-list');
    expect(requestedUrls(server)).toEqual(['/api/course/all?limit=4']);
    expect(loadRemoteMock).toHaveBeenCalledWith('info/TestimonialsSection');
  });

  it('searches from the hero', async () => {
    const user = userEvent.setup();
    loadRemoteMock.mockResolvedValue({ default: FakeTestimonials });
    serveCourses();
    const view = renderCatalogueAt('/');
    await user.type(screen.getByRole('searchbox', { name: 'Search for courses' }), 'science{Enter}');
    expect(view.location()).toBe('/course-list/science');
  });

  it('keeps working when the info remote is down, with a retry and a link to the testimonials', async () => {
    const user = userEvent.setup();
    loadRemoteMock.mockRejectedValueOnce(new Error('#RUNTIME-003 info is down')).mockResolvedValue({ default: FakeTestimonials });
    serveCourses();
    renderCatalogueAt('/');
    const fallback = (await screen.findByText(/stories could not be loaded/)).closest('section')!;
    expect(within(fallback).getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/testimonials');
    expect(await screen.findByRole('link', { name: 'Course number 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Learn anything, anytime, anywhere' })).toBeInTheDocument();

    await user.click(within(fallback).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Testimonials from the info remote' })).toBeInTheDocument();
  });
});
