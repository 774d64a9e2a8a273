import { jest } from '@jest/globals';
import type { LearnerProgressData } from '@academy/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route } from '@academy/routing';
import { enrolledCourse, failure, fakeServer, ok, progress, renderAt, userData, type FakeRequest } from '../../enrollments/testing/learningTestKit';
import { useCourseDetail } from '../../catalogue/data/useCourseDetail';
import { useEnrolledCourses } from '../../enrollments/data/useEnrolledCourses';
import { PlayerPage } from './PlayerPage';

const routes = <Route path="/player/:courseId" element={<PlayerPage />} />;

/** A progress service that remembers completions and ratings during the test. */
function learnerServer(initial: Partial<LearnerProgressData> = {}, myRating: number | null = null) {
  const state = { progress: progress(initial), myRating };
  const requests = fakeServer(
    (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [enrolledCourse({ myRating: state.myRating })] }) : undefined),
    (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: state.progress }) : undefined),
    (request) => {
      if (request.path !== '/api/user/update-course-progress') return undefined;
      const lectureId = String(request.body?.lectureId);
      if (state.progress.lectureCompleted.includes(lectureId)) return ok({ message: 'Lecture Already Completed' });
      state.progress = { ...state.progress, lectureCompleted: [...state.progress.lectureCompleted, lectureId] };
      return ok({ message: 'Progress Updated' });
    },
    (request) => (request.path === '/api/user/update-course-progress/playback' ? ok() : undefined),
    (request) => {
      if (request.path !== '/api/user/add-rating') return undefined;
      state.myRating = Number(request.body?.rating);
      return ok({ message: 'Rating added' });
    },
    (request) => (request.path === '/api/user/data' ? ok({ user: userData() }) : undefined),
    (request) =>
      request.path === '/api/course/course-1'
        ? ok({ courseData: { ...enrolledCourse(), averageRating: state.myRating ?? 0, ratingCount: state.myRating === null ? 0 : 1 } })
        : undefined,
  );
  return { state, requests, posts: (path: string) => requests.filter((r: FakeRequest) => r.path === path).map((r) => r.body) };
}

describe('Player', () => {
  it('shows chapters with tick and play icons, Watch links, durations, the thumbnail and resources', async () => {
    learnerServer({ lectureCompleted: ['l-1'] });
    renderAt('/player/course-1', routes, { user: userData() });

    expect(await screen.findByRole('heading', { name: 'Algebra Foundations' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Algebra Foundations thumbnail' })).toHaveAttribute('src', '/media/thumbnails/algebra.png');
    const welcome = screen.getByText('1.1 Welcome').closest('li')!;
    expect(within(welcome).getByRole('img', { name: 'Completed' })).toHaveTextContent('✓');
    expect(within(welcome).getByText('45m')).toBeInTheDocument();
    const expressions = screen.getByText('1.2 Expressions').closest('li')!;
    expect(within(expressions).getByRole('img', { name: 'Not completed' })).toHaveTextContent('▶');

    // The second chapter starts collapsed and expands.
    const equations = screen.getByRole('button', { name: /Equations/ });
    expect(equations).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('2.1 Balancing')).not.toBeVisible();
    await userEvent.click(equations);
    expect(equations).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('2.1 Balancing')).toBeVisible();

    const resources = screen.getByRole('table');
    const notes = within(resources).getByRole('row', { name: /Lecture 1.1 - Welcome/ });
    const download = within(notes).getByRole('link', { name: /Download notes of Lecture 1.1 - Welcome/ });
    expect(download).toHaveAttribute('href', '/media/notes/welcome.pdf');
    expect(download).toHaveAttribute('target', '_blank');
    expect(download).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(notes).getByText('Coming Soon')).toHaveClass('resources__soon');
    expect(within(resources).getByRole('row', { name: /Lecture 1.2 - Expressions/ })).toHaveTextContent('Coming SoonDownload');
  });

  it('plays an mp4 from the saved position, saves on pause, marks it complete with the server message and moves on', async () => {
    const server = learnerServer({ positions: { 'l-1': 75 } });
    renderAt('/player/course-1', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Watch Welcome' }));

    expect(document.querySelector('.player__label')).toHaveTextContent('1.1 Welcome');
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/media/videos/welcome.mp4');
    Object.defineProperty(video, 'duration', { value: 300, configurable: true });
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(75);

    video.currentTime = 90;
    fireEvent.pause(video);
    await waitFor(() => expect(server.posts('/api/user/update-course-progress/playback')).toContainEqual({ courseId: 'course-1', lectureId: 'l-1', positionSeconds: 90 }));

    await userEvent.click(screen.getByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('Progress Updated')).toBeInTheDocument();
    // Mark Complete moves on to the next lecture; the one completed shows its tick in the curriculum.
    await waitFor(() => expect(document.querySelector('.player__label')).toHaveTextContent('1.2 Expressions'));
    await waitFor(() => expect(within(screen.getByText('1.1 Welcome').closest('li')!).getByRole('img', { name: 'Completed' })).toBeInTheDocument());
    expect(server.posts('/api/user/update-course-progress')).toEqual([{ courseId: 'course-1', lectureId: 'l-1' }]);
    // Progress and enrolled courses were loaded again after the change.
    expect(server.requests.filter((request) => request.path === '/api/user/enrolled-courses')).toHaveLength(2);
    expect(server.requests.filter((request) => request.path === '/api/user/get-course-progress')).toHaveLength(2);
  });

  it('counts down "Up next" for 5 seconds when a lecture ends, then plays the next one', async () => {
    learnerServer();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      renderAt('/player/course-1?lecture=l-1', routes, { user: userData() });
      const video = await waitFor(() => {
        const element = document.querySelector('video');
        expect(element).not.toBeNull();
        return element!;
      });
      fireEvent.ended(video);
      const upNext = screen.getByRole('region', { name: 'Up next' });
      expect(upNext).toHaveTextContent('Up next: 1.2 Expressions');
      expect(upNext).toHaveTextContent('Starts in 5 s');
      expect(within(upNext).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      act(() => jest.advanceTimersByTime(4000));
      expect(upNext).toHaveTextContent('Starts in 1 s');
      expect(document.querySelector('.player__label')).toHaveTextContent('1.1 Welcome');
      act(() => jest.advanceTimersByTime(1000));
      expect(document.querySelector('.player__label')).toHaveTextContent('1.2 Expressions');
      expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('stays on the lecture when "Up next" is cancelled', async () => {
    learnerServer();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    try {
      renderAt('/player/course-1?lecture=l-1', routes, { user: userData() });
      const video = await waitFor(() => {
        const element = document.querySelector('video');
        expect(element).not.toBeNull();
        return element!;
      });
      fireEvent.ended(video);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      act(() => jest.advanceTimersByTime(6000));
      expect(screen.queryByRole('region', { name: 'Up next' })).not.toBeInTheDocument();
      expect(document.querySelector('.player__label')).toHaveTextContent('1.1 Welcome');
    } finally {
      jest.useRealTimers();
    }
  });

  it('saves the position with a keepalive request when the learner leaves the page', async () => {
    const server = learnerServer();
    const view = renderAt('/player/course-1?lecture=l-1', routes, { user: userData() });
    const video = await waitFor(() => {
      const element = document.querySelector('video');
      expect(element).not.toBeNull();
      return element!;
    });
    video.currentTime = 42;
    await act(async () => {
      await Promise.resolve();
    });
    view.unmount();
    const exit = server.requests.find((request) => request.keepalive);
    expect(exit).toMatchObject({ path: '/api/user/update-course-progress/playback', body: { courseId: 'course-1', lectureId: 'l-1', positionSeconds: 42 } });
    expect(exit!.headers.Authorization).toBe('Bearer test-access-token');
  });

  it('embeds YouTube lectures by their checked id', async () => {
    learnerServer();
    renderAt('/player/course-1', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Watch Expressions' }));
    expect(screen.getByTitle('Expressions')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(document.querySelector('.player__label')).toHaveTextContent('1.2 Expressions');
  });

  it('presets the earlier rating, previews on hover and sends a click', async () => {
    const server = learnerServer({}, 3);
    renderAt('/player/course-1', routes, { user: userData() });
    const stars = await screen.findByRole('group', { name: 'Rate this Course' });
    expect(within(stars).getByRole('button', { name: '3 stars' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.hover(within(stars).getByRole('button', { name: '5 stars' }));
    expect(stars.querySelectorAll('.stars__star--filled')).toHaveLength(5);
    await userEvent.click(within(stars).getByRole('button', { name: '4 stars' }));
    expect(await screen.findByText('Rating added')).toBeInTheDocument();
    expect(server.posts('/api/user/add-rating')).toEqual([{ courseId: 'course-1', rating: 4 }]);
    expect(within(stars).getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('refreshes My Enrollments\' progress shown elsewhere after Mark Complete (shared cache, invalidated)', async () => {
    function CompletedCount() {
      const courses = useEnrolledCourses(true);
      return <output aria-label="Completed lectures">{courses.status === 'ready' ? courses.data.rows[0]?.completion.completedLectures : '…'}</output>;
    }
    const server = learnerServer();
    renderAt('/player/course-1?lecture=l-1', <Route path="/player/:courseId" element={<><PlayerPage /><CompletedCount /></>} />, { user: userData() });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Completed lectures' })).toHaveTextContent('0'));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Completed lectures' })).toHaveTextContent('1'));
    expect(server.posts('/api/user/update-course-progress')).toEqual([{ courseId: 'course-1', lectureId: 'l-1' }]);
  });

  it('refreshes the course page data (average rating) after a rating', async () => {
    function AverageRating() {
      const detail = useCourseDetail('course-1');
      return <output aria-label="Average rating">{detail.status === 'ready' ? detail.data.averageRating : '…'}</output>;
    }
    const server = learnerServer();
    renderAt('/player/course-1', <Route path="/player/:courseId" element={<><PlayerPage /><AverageRating /></>} />, { user: userData() });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Average rating' })).toHaveTextContent('0'));
    const stars = await screen.findByRole('group', { name: 'Rate this Course' });
    await userEvent.click(within(stars).getByRole('button', { name: '4 stars' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Average rating' })).toHaveTextContent('4'));
    expect(server.requests.filter((request: FakeRequest) => request.path === '/api/course/course-1')).toHaveLength(2);
  });

  it('asks for a finished lecture before offering Write a review', async () => {
    learnerServer();
    renderAt('/player/course-1', routes, { user: userData() });
    expect(await screen.findByText('Finish a lecture to write a review.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('opens the review dialog from Write a review after a finished lecture', async () => {
    learnerServer({ lectureCompleted: ['l-1'] });
    renderAt('/player/course-1', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    expect(screen.getByRole('dialog', { name: 'Review Algebra Foundations' })).toBeInTheDocument();
  });

  it('offers the certificate only when every lecture is complete', async () => {
    learnerServer({ lectureCompleted: ['l-1', 'l-2'] });
    const view = renderAt('/player/course-1', routes, { user: userData() });
    await screen.findByRole('heading', { name: 'Algebra Foundations' });
    expect(screen.queryByRole('button', { name: 'Download Certificate' })).toBeNull();
    view.unmount();
    learnerServer({ lectureCompleted: ['l-1', 'l-2', 'l-3'] });
    renderAt('/player/course-1', routes, { user: userData() });
    expect(await screen.findByRole('button', { name: 'Download Certificate' })).toBeInTheDocument();
  });

  it('tells a learner who is not enrolled, links to the course page and shows no lecture', async () => {
    fakeServer((request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [] }) : undefined));
    renderAt('/player/course-1', routes, { user: userData({ enrolledCourses: [] }) });
    expect(await screen.findByRole('heading', { name: 'You are not enrolled in this course' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the course page' })).toHaveAttribute('href', '/course/course-1');
    expect(document.querySelector('video, iframe')).toBeNull();
  });

  it('tells it in Hindi too, the link to the course page keeping its text', async () => {
    fakeServer((request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [] }) : undefined));
    await act(() => i18next.changeLanguage('hi'));
    const view = renderAt('/player/course-1', routes, { user: userData({ enrolledCourses: [] }) });
    expect(await screen.findByRole('heading', { name: 'आपने इस कोर्स में नामांकन नहीं किया है' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'कोर्स के पेज पर जाएँ' })).toHaveAttribute('href', '/course/course-1');
    view.unmount(); // before the setup switches back to English
  });

  it('shows an error toast with the server message when marking fails', async () => {
    fakeServer(
      (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [enrolledCourse()] }) : undefined),
      (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress() }) : undefined),
      (request) => (request.path === '/api/user/update-course-progress' ? failure(400, 'This lecture is not part of the course') : undefined),
      () => ok(),
    );
    renderAt('/player/course-1?lecture=l-2', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Complete' }));
    expect(await screen.findByText('This lecture is not part of the course')).toBeInTheDocument();
  });

  it('asks signed-out visitors to log in', () => {
    fakeServer();
    renderAt('/player/course-1', routes);
    expect(screen.getByRole('heading', { name: 'Login Required' })).toBeInTheDocument();
  });

  it('fetches fresh signed links shortly before the ones it holds expire', async () => {
    const signed = (name: string) => `/api/files/notes/${name}?user=sandbox%7Cstudent-aarav&expires=${Math.floor((Date.now() + 61_500) / 1000)}&signature=s`;
    const base = enrolledCourse();
    const course = { ...base, courseContent: base.courseContent.map((chapter) => ({ ...chapter, chapterContent: chapter.chapterContent.map((l) => ({ ...l, notesUrl: signed(`${l.lectureId}.pdf`) })) })) };
    const requests = fakeServer(
      (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [course] }) : undefined),
      (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress() }) : undefined),
      (request) => (request.path === '/api/user/data' ? ok({ user: userData() }) : undefined),
    );
    renderAt('/player/course-1', routes, { user: userData() });
    expect(await screen.findByRole('heading', { name: 'Algebra Foundations' })).toBeInTheDocument();
    const notes = screen.getAllByRole('link', { name: /Download notes of/ })[0]!;
    expect(notes).toHaveAttribute('href', expect.stringMatching(/^\/api\/files\/notes\/l-1\.pdf\?/));
    expect(notes).toHaveAttribute('target', '_blank');
    const fetches = () => requests.filter((request) => request.path === '/api/user/enrolled-courses').length;
    expect(fetches()).toBe(1);
    await waitFor(() => expect(fetches()).toBeGreaterThanOrEqual(2), { timeout: 4_000 });
  }, 10_000);
});
