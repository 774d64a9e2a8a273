import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@academy/routing';
import { installFetchMock, jsonResponse, TestPlatformProviders } from '@academy/platform/testing';
import App from './App';

// The home page embeds info/TestimonialsSection; here the info remote is simply absent.
jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(() => Promise.reject(new Error('info is down'))) }));

const fetchMock = installFetchMock();

function renderAppAt(path: string) {
  // Every call gets an empty course list (the course page then has no courseData).
  fetchMock.answer(/^\/api\//, () => jsonResponse(200, { success: true, courses: [], nextCursor: null }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <TestPlatformProviders>
        <App />
      </TestPlatformProviders>
    </MemoryRouter>,
  );
}

describe('learner App routes', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['/', 'Gain knowledge anytime, from anywhere.'],
    ['/course-list', 'Course List'],
    ['/course-list/math', 'Course List'],
  ])('renders %s', async (path, heading) => {
    renderAppAt(path);
    // Routes are lazy chunks: the first import compiles the page's modules, which can take over a second under jest.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('renders the course page for /course/:id', async () => {
    renderAppAt('/course/abc');
    // The stub server answers without courseData: the page says so instead of crashing.
    expect(await screen.findByRole('heading', { name: 'The course could not be loaded' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getAllByText('The server sent no course data').length).toBeGreaterThan(0);
    expect(fetchMock).toHaveBeenCalledWith('/api/course/abc', expect.objectContaining({ method: 'GET' }));
  });
});
