// The shared query layer as the catalogue uses it: one request for many readers, and no retry of a 4xx.
import { MAX_QUERY_RETRIES } from '@academy/platform';
import { screen, waitFor } from '@testing-library/react';
import { Route } from '@academy/routing';
import { courseDetail, courseSummary, failure, fakeServer, ok, requestedUrls } from '../testing/catalogueTestKit';
import { renderLearnerRoutes } from '../../testing/renderLearnerRoutes';
import { useCourseDetail } from './useCourseDetail';
import { useHomeCourses } from './useHomeCourses';

function CourseTitle({ label }: { label: string }) {
  const detail = useCourseDetail('course-1');
  return <p aria-label={label}>{detail.status === 'ready' ? detail.data.courseTitle : detail.status}</p>;
}

function HomeCount() {
  const home = useHomeCourses();
  return <p aria-label="Home courses">{home.status === 'ready' ? home.data.length : home.status}</p>;
}

describe('query layer', () => {
  it('fetches a course once for two components that show it', async () => {
    const server = fakeServer((url) => (url.pathname === '/api/course/course-1' ? ok({ courseData: courseDetail() }) : undefined));
    renderLearnerRoutes('/', <Route path="/" element={<><CourseTitle label="Header" /><CourseTitle label="Side card" /></>} />);
    await waitFor(() => expect(screen.getByLabelText('Header')).toHaveTextContent(courseDetail().courseTitle));
    expect(screen.getByLabelText('Side card')).toHaveTextContent(courseDetail().courseTitle);
    expect(requestedUrls(server)).toEqual(['/api/course/course-1']);
  });

  it('does not retry a 4xx and toasts its message once', async () => {
    const server = fakeServer((url) => (url.pathname === '/api/course/all' ? failure(403, 'Not for you') : undefined));
    renderLearnerRoutes('/', <Route path="/" element={<><HomeCount /><HomeCount /></>} />);
    await waitFor(() => expect(screen.getAllByLabelText('Home courses')[0]).toHaveTextContent('error'));
    expect(await screen.findByText('Not for you')).toBeInTheDocument();
    expect(screen.getAllByText('Not for you')).toHaveLength(1);
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('retries a 5xx (bad gateway) a bounded number of times, silently when it then succeeds', async () => {
    let calls = 0;
    const server = fakeServer((url) => {
      if (url.pathname !== '/api/course/all') return undefined;
      calls += 1;
      return calls <= MAX_QUERY_RETRIES ? failure(502, 'Bad gateway') : ok({ courses: [courseSummary()], nextCursor: null });
    });
    renderLearnerRoutes('/', <Route path="/" element={<HomeCount />} />);
    await waitFor(() => expect(screen.getByLabelText('Home courses')).toHaveTextContent('1'));
    expect(server).toHaveBeenCalledTimes(MAX_QUERY_RETRIES + 1);
    expect(screen.queryByText('Bad gateway')).toBeNull();
  });
});
