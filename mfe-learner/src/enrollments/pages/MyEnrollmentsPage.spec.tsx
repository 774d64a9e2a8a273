import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LearnerPurchase } from '@academy/contracts';
import { useUserStore } from '@academy/platform';
import { Navigate, Route } from '@academy/routing';
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
    const view = renderAt('/my-enrollments', routes, { user: userData({ enrolledCourses: ['course-old', 'course-new'] }) });

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
    const inProgress = within(second!).getByRole('button', { name: /^In progress/ });
    expect(inProgress).toHaveTextContent('In progress');
    expect(second).toHaveTextContent('Certificate: Needs 2 more lectures to complete');
    expect(inProgress).toHaveClass('enrollments__status--in-progress');
    expect(within(second!).getByRole('link', { name: /Continue/ })).toHaveAttribute('href', '/player/course-old?lecture=l-2');
    expect(within(first!).queryByRole('link', { name: /Continue/ })).toBeNull();

    // Once per course (asked for as soon as the user's data names the courses: see the next test).
    const progressAsked = requests.filter((request) => request.path === '/api/user/get-course-progress').map((request) => request.body?.courseId);
    expect(progressAsked.sort()).toEqual(['course-new', 'course-old']);
    expect(requests[0]!.headers.Authorization).toBe('Bearer test-access-token');

    await userEvent.click(inProgress);
    expect(view.location()).toBe('/player/course-old');
  });

  it('asks for each course’s progress as soon as the user’s data names it, not a round trip after the list', async () => {
    const listed = enrolledCourse({ _id: 'course-a', courseTitle: 'Listed Course' });
    const late = enrolledCourse({ _id: 'course-late', courseTitle: 'Bought Just Now' });
    let progressAskedFirst = false;
    const requests = fakeServer(
      async (request) => {
        if (request.path !== '/api/user/enrolled-courses') return undefined;
        // The list answers only once a progress request has come in (or never: the page then shows the failure).
        for (let wait = 0; wait < 50 && !requests.some((seen) => seen.path === '/api/user/get-course-progress'); wait += 1) await new Promise((resolve) => setTimeout(resolve, 10));
        progressAskedFirst = requests.some((seen) => seen.path === '/api/user/get-course-progress');
        return progressAskedFirst ? ok({ enrolledCourses: [listed, late] }) : failure(503, 'the list was asked for alone');
      },
      (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress({ lectureCompleted: ['l-1'] }) }) : undefined),
    );
    // The user's data names one course the list has (and one it no longer has): the list also has one it does not.
    renderAt('/my-enrollments', routes, { user: userData({ enrolledCourses: ['course-a', 'course-refunded'] }) });

    expect(await screen.findByText('Listed Course')).toBeInTheDocument();
    expect(screen.getByText('Bought Just Now')).toBeInTheDocument();
    expect(progressAskedFirst).toBe(true);
    const progressAsked = requests.filter((request) => request.path === '/api/user/get-course-progress').map((request) => request.body?.courseId);
    expect(progressAsked.sort()).toEqual(['course-a', 'course-late', 'course-refunded']);
  });

  it('does not ask ahead from user data loaded long before the page (it may name a course refunded since)', async () => {
    const listed = enrolledCourse({ _id: 'course-a', courseTitle: 'Listed Course' });
    const requests = fakeServer(
      (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [listed] }) : undefined),
      (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress() }) : undefined),
    );
    renderAt('/my-enrollments', routes, { user: userData({ enrolledCourses: ['course-a', 'course-refunded'] }), userLoadedAt: Date.now() - 60_000 });
    expect(await screen.findByText('Listed Course')).toBeInTheDocument();
    const progressAsked = requests.filter((request) => request.path === '/api/user/get-course-progress').map((request) => request.body?.courseId);
    expect(progressAsked).toEqual(['course-a']);
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

  describe('refunds', () => {
    const purchase = (overrides: Partial<LearnerPurchase> = {}): LearnerPurchase => ({
      purchaseId: 'p-1',
      courseId: 'course-1',
      courseTitle: 'Algebra Foundations',
      amountPaise: 89_910,
      refundedPaise: 0,
      status: 'paid',
      createdAt: '2026-11-20T09:00:00.000Z',
      paidAt: '2026-11-20T09:01:00.000Z',
      refund: null,
      refundable: true,
      refundBlockedReason: null,
      receipts: [],
      learner: null,
      ...overrides,
    });

    it('offers Request refund where allowed and shows why not elsewhere; the dialog traps focus and Escape closes it', async () => {
      const algebra = enrolledCourse();
      const physics = enrolledCourse({ _id: 'course-2', courseTitle: 'Physics' });
      const requests = fakeServer(
        (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [physics, algebra] }) : undefined),
        (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress() }) : undefined),
        (request) =>
          request.path === '/api/user/purchases'
            ? ok({
                purchases: [
                  purchase(),
                  purchase({ purchaseId: 'p-2', courseId: 'course-2', courseTitle: 'Physics', refundable: false, refundBlockedReason: 'A certificate was issued for this course' }),
                ],
              })
            : undefined,
      );
      renderAt('/my-enrollments', routes, { user: userData() });
      expect(await screen.findByRole('columnheader', { name: 'Refund' })).toBeInTheDocument();
      const [, algebraRow, physicsRow] = screen.getAllByRole('row');
      expect(physicsRow).toHaveTextContent('No refund: A certificate was issued for this course');
      expect(within(physicsRow!).queryByRole('button', { name: /Request refund/ })).toBeNull();

      const open = await within(algebraRow!).findByRole('button', { name: 'Request refund for Algebra Foundations' });
      await userEvent.click(open);
      const dialog = screen.getByRole('dialog', { name: 'Request a refund?' });
      expect(dialog).toHaveAttribute('aria-modal', 'true');
      expect(dialog).toHaveAccessibleDescription(/₹899.10 for Algebra Foundations goes back/);
      const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
      const confirm = within(dialog).getByRole('button', { name: 'Confirm refund' });
      expect(cancel).toHaveFocus();
      await userEvent.tab();
      expect(confirm).toHaveFocus();
      await userEvent.tab();
      expect(cancel).toHaveFocus(); // wraps: focus stays inside
      await userEvent.tab({ shift: true });
      expect(confirm).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(open).toHaveFocus();
      expect(requests.filter((request) => request.method === 'POST' && request.path.endsWith('/refund'))).toEqual([]);
    });

    it('confirming asks once, shows the refund pending, then processed: the course leaves the list and is listed as refunded', async () => {
      const algebra = enrolledCourse();
      let state: 'paid' | 'pending' | 'processed' = 'paid';
      const requests = fakeServer(
        (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: state === 'processed' ? [] : [algebra] }) : undefined),
        (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress() }) : undefined),
        (request) => {
          if (request.path === '/api/user/purchases/p-1/refund' && request.method === 'POST') {
            state = 'pending';
            return ok({ message: 'Refund requested', refund: { status: 'pending', amountPaise: 89_910 } });
          }
          return undefined;
        },
        (request) => {
          if (request.path !== '/api/user/purchases') return undefined;
          if (state === 'paid') return ok({ purchases: [purchase()] });
          const refund = { status: state, amountPaise: 89_910, requestedAt: '2026-11-22T10:00:00.000Z', processedAt: state === 'processed' ? '2026-11-23T10:00:00.000Z' : null };
          return ok({ purchases: [purchase({ status: state === 'processed' ? 'refunded' : 'paid', refund, refundable: false })] });
        },
      );
      renderAt('/my-enrollments', routes, { user: userData() });
      // The user's data as the platform loads it: it lists the course until the refund is processed.
      let userLoads = 0;
      await act(() =>
        useUserStore.getState().load(async () => {
          userLoads += 1;
          return { user: userData({ enrolledCourses: state === 'processed' ? [] : ['course-1'] }) };
        }),
      );
      await userEvent.click(await screen.findByRole('button', { name: /Request refund/ }));
      const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm refund' });
      await userEvent.click(confirm);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByText('Refund pending')).toBeInTheDocument();
      expect(screen.getByText(/requested 22\/11\/2026/)).toBeInTheDocument();
      expect(screen.getByText(/Refund requested for Algebra Foundations/)).toBeInTheDocument();
      expect(requests.filter((request) => request.method === 'POST' && request.path.endsWith('/refund'))).toHaveLength(1);

      state = 'processed'; // the webhook (or reconciliation) arrived; the page polls while a refund is pending
      const processedFrom = requests.length;
      const refunded = await screen.findByRole('region', { name: 'Refunded courses' }, { timeout: 8_000 });
      expect(refunded).toHaveTextContent('Algebra Foundations: ₹899.10 refunded on 23/11/2026');
      await waitFor(() => expect(screen.getByText(/not enrolled in any course yet/)).toBeInTheDocument());
      // The user's data is loaded again with the courses, and nothing asks for the refunded course's progress.
      expect(userLoads).toBe(2);
      expect(requests.slice(processedFrom).filter((request) => request.path === '/api/user/get-course-progress')).toEqual([]);
    }, 15_000);

    it('shows the server\'s refusal inside the dialog and keeps it open', async () => {
      fakeServer(
        (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [enrolledCourse()] }) : undefined),
        (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress() }) : undefined),
        (request) => (request.path === '/api/user/purchases/p-1/refund' ? failure(400, 'Refunds are possible within 7 days of purchase') : undefined),
        (request) => (request.path === '/api/user/purchases' ? ok({ purchases: [purchase()] }) : undefined),
      );
      renderAt('/my-enrollments', routes, { user: userData() });
      await userEvent.click(await screen.findByRole('button', { name: /Request refund/ }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm refund' }));
      expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Refunds are possible within 7 days of purchase');
    });
  });
});
