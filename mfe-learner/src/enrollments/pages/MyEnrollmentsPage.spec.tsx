import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route } from 'react-router-dom';
import { enrolledCourse, failure, fakeServer, ok, progress, renderAt, userData } from '../testing/learningTestKit';
import { MyEnrollmentsPage } from './MyEnrollmentsPage';

const routes = <Route path="/my-enrollments" element={<MyEnrollmentsPage />} />;

describe('My Enrollments', () => {
  it('asks signed-out visitors to log in, and the button opens sign-in', async () => {
    const login = jest.fn(async () => {});
    const requests = fakeServer();
    renderAt('/my-enrollments', routes, { login });
    expect(screen.getByRole('heading', { name: 'Login Required' })).toBeInTheDocument();
    expect(screen.getByText('Please log in to access My Enrollments')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(login).toHaveBeenCalledWith({ appState: { returnTo: '/my-enrollments' } });
    expect(requests).toEqual([]);
  });

  it('lists courses newest first with duration, x / y Lectures, progress and status', async () => {
    const older = enrolledCourse({ _id: 'course-old', courseTitle: 'Older Course', lastLectureId: 'l-2' });
    const newer = enrolledCourse({ _id: 'course-new', courseTitle: 'Newer Course' });
    const requests = fakeServer(
      (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [older, newer] }) : undefined),
      (request) =>
        request.path === '/api/user/get-course-progress'
          ? ok({ progressData: progress({ lectureCompleted: request.body?.courseId === 'course-new' ? ['l-1', 'l-2', 'l-3'] : ['l-1'] }) })
          : undefined,
    );
    const view = renderAt('/my-enrollments', routes, { user: userData() });

    const rows = await screen.findAllByRole('row');
    expect(screen.getByRole('heading', { name: 'My Enrollments' })).toBeInTheDocument();
    const [, first, second] = rows;
    expect(within(first!).getByText('Newer Course')).toBeInTheDocument();
    expect(within(first!).getByText('1h 35m')).toBeInTheDocument();
    expect(first).toHaveTextContent('3 / 3 Lectures');
    expect(within(first!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    const completed = within(first!).getByRole('button', { name: /^Completed/ });
    expect(completed).toHaveClass('enrollments__status--completed');

    expect(second).toHaveTextContent('1 / 3 Lectures');
    expect(within(second!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    const inProgress = within(second!).getByRole('button', { name: /^In Progress/ });
    expect(inProgress).toHaveTextContent('In Progress');
    expect(inProgress).toHaveClass('enrollments__status--in-progress');
    expect(within(second!).getByRole('link', { name: /Continue/ })).toHaveAttribute('href', '/player/course-old?lecture=l-2');
    expect(within(first!).queryByRole('link', { name: /Continue/ })).toBeNull();

    expect(requests.filter((request) => request.path === '/api/user/get-course-progress').map((request) => request.body)).toEqual([
      { courseId: 'course-new' },
      { courseId: 'course-old' },
    ]);
    expect(requests[0]!.headers.Authorization).toBe('Bearer test-access-token');

    await userEvent.click(inProgress);
    expect(view.location()).toBe('/player/course-old');
  });

  it('shows the server message with a Retry when loading fails', async () => {
    fakeServer((request) => (request.path === '/api/user/enrolled-courses' ? failure(503, 'Course content is unavailable right now') : undefined));
    renderAt('/my-enrollments', routes, { user: userData() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Course content is unavailable right now');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says so when there are no enrolments yet', async () => {
    fakeServer((request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [] }) : undefined));
    renderAt('/my-enrollments', routes, { user: userData({ enrolledCourses: [] }) });
    expect(await screen.findByText(/not enrolled in any course yet/)).toBeInTheDocument();
  });

  it('after a payment still being confirmed, says so and shows the course by itself once it settles', async () => {
    const bought = enrolledCourse({ _id: 'course-paid', courseTitle: 'Just Bought' });
    let settled = false;
    const requests = fakeServer(
      (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: settled ? [bought] : [] }) : undefined),
      (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress() }) : undefined),
      (request) => (request.path === '/api/user/data' ? ok({ user: userData({ enrolledCourses: settled ? ['course-paid'] : [] }) }) : undefined),
    );
    const pendingRoutes = (
      <>
        {routes}
        <Route path="/paid" element={<Navigate to="/my-enrollments" state={{ pendingCourseId: 'course-paid' }} />} />
      </>
    );
    renderAt('/paid', pendingRoutes, { user: userData() });
    expect(await screen.findByText(/payment is being confirmed/)).toBeInTheDocument();
    settled = true;
    expect(await screen.findByText('Just Bought', {}, { timeout: 8_000 })).toBeInTheDocument();
    expect(screen.queryByText(/payment is being confirmed/)).not.toBeInTheDocument();
    const polls = requests.filter((request) => request.path === '/api/user/enrolled-courses').length;
    expect(polls).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(requests.filter((request) => request.path === '/api/user/enrolled-courses').length).toBe(polls); // stopped
  }, 15_000);
});
