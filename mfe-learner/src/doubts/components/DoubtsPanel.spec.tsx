import { jest } from '@jest/globals';
import type { DoubtSummary } from '@academy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from '@academy/routing';
import { fakeServer, ok, renderAt, userData, type FakeRequest } from '../../enrollments/testing/learningTestKit';
import { DoubtsPanel } from './DoubtsPanel';

const LECTURE = '11111111-1111-4111-8111-111111111111';
const doubt = (overrides: Partial<DoubtSummary> = {}): DoubtSummary => ({
  id: '21111111-1111-4111-8111-111111111111',
  courseId: 'course-1',
  lectureId: LECTURE,
  liveClassId: null,
  atSecond: 42,
  html: '<p>Why is the <strong>base case</strong> needed?</p>',
  author: { name: 'Diya Patel', isEducator: false },
  mine: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  resolved: false,
  meToo: 0,
  meTooByMe: false,
  answerCount: 0,
  educatorAnswered: false,
  hidden: false,
  hasImage: false,
  ...overrides,
});

function renderPanel(onSeek = jest.fn<(seconds: number) => void>(), second = 42) {
  renderAt(
    '/player/course-1',
    <Route path="/player/:courseId" element={<DoubtsPanel courseId="course-1" lectureId={LECTURE} currentSecond={() => second} onSeek={onSeek} />} />,
    { user: userData() },
  );
  return onSeek;
}

describe('DoubtsPanel', () => {
  it('shows the doubt a notification linked to first, with its answers open', async () => {
    const linked = doubt({ id: '31111111-1111-4111-8111-111111111111', mine: true, answerCount: 1, educatorAnswered: true });
    fakeServer(
      (request) => (request.path === `/api/doubts/course-1/${linked.id}` ? ok({ doubt: { ...linked, answers: [{ id: 'a1', html: '<p>Because it stops.</p>', author: { name: 'Meera Iyer', isEducator: true }, mine: false, createdAt: '2026-11-20T11:00:00.000Z', hidden: false }] } }) : undefined),
      (request) => (request.path === '/api/doubts/course-1' ? ok({ doubts: [doubt(), linked], nextCursor: null }) : undefined),
    );
    renderAt(
      '/player/course-1',
      <Route path="/player/:courseId" element={<DoubtsPanel courseId="course-1" lectureId={LECTURE} currentSecond={() => 0} onSeek={() => undefined} linkedDoubtId={linked.id} />} />,
      { user: userData() },
    );
    const followed = (await screen.findByRole('heading', { name: 'The doubt you followed' })).parentElement!;
    expect(await within(followed).findByText('Because it stops.')).toBeInTheDocument();
    // Not listed twice.
    const list = await screen.findByRole('list', { name: 'Doubts on this lecture' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
  });

  it("lists the lecture's doubts; a doubt's time plays the video from there; me too is sent", async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/doubts/course-1' && request.method === 'GET' ? ok({ doubts: [doubt()], nextCursor: null }) : undefined),
      (request) => (request.path.endsWith('/me-too') ? ok({ message: 'Added: you will hear when it is answered' }) : undefined),
    );
    const onSeek = renderPanel();
    const list = await screen.findByRole('list', { name: 'Doubts on this lecture' });
    expect(within(list).getByText('base case').tagName).toBe('STRONG');
    await userEvent.click(within(list).getByRole('button', { name: 'Play from 0:42' }));
    expect(onSeek).toHaveBeenCalledWith(42);
    await userEvent.click(within(list).getByRole('button', { name: 'I have this doubt too' }));
    await waitFor(() => expect(requests.some((r: FakeRequest) => r.method === 'POST' && r.path === `/api/doubts/course-1/${doubt().id}/me-too`)).toBe(true));
  });

  it("shows a doubt's image, read with the access token, under the doubt", async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/doubts/course-1' && request.method === 'GET' ? ok({ doubts: [doubt({ hasImage: true })], nextCursor: null }) : undefined),
      (request) => (request.path === `/api/doubts/course-1/${doubt().id}/image` ? ok() : undefined),
    );
    const createObjectURL = jest.fn(() => 'blob:doubt-image');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    renderPanel();
    expect(await screen.findByRole('img', { name: 'Image Diya Patel attached to the doubt' })).toHaveAttribute('src', 'blob:doubt-image');
    expect(requests.filter((r: FakeRequest) => r.path === `/api/doubts/course-1/${doubt().id}/image`)).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('shows similar doubts of the course while typing, then posts at the second the video was at', async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/doubts/course-1/search' ? ok({ doubts: [doubt({ lectureId: 'another', html: '<p>Base case again</p>' })], nextCursor: null }) : undefined),
      (request) => (request.path === '/api/doubts/course-1' && request.method === 'GET' ? ok({ doubts: [], nextCursor: null }) : undefined),
      (request) => (request.path === '/api/doubts/course-1' && request.method === 'POST' ? ok({ doubt: doubt({ mine: true }) }) : undefined),
    );
    renderPanel(undefined, 125);
    await screen.findByText('No doubts on this lecture yet.');
    await userEvent.type(screen.getByLabelText('Your doubt'), 'base case');
    expect(screen.getByLabelText('Time in the video')).toHaveValue('2:05');
    await screen.findByRole('heading', { name: 'Doubts in this course like yours' });
    expect(screen.getByText('Base case again')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post doubt' }));
    await waitFor(() =>
      expect(requests.find((r: FakeRequest) => r.method === 'POST' && r.path === '/api/doubts/course-1')?.body).toEqual({ lectureId: LECTURE, atSecond: 125, text: 'base case' }),
    );
  });

  it('says the image limit before choosing, refuses a file over it at once, and attaches a good one after posting', async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/doubts/course-1' && request.method === 'GET' ? ok({ doubts: [], nextCursor: null }) : undefined),
      (request) => (request.path === '/api/doubts/course-1' && request.method === 'POST' ? ok({ doubt: doubt({ mine: true }) }) : undefined),
      (request) => (request.path === `/api/doubts/course-1/${doubt().id}/image` ? ok({ message: 'Image attached', doubt: doubt({ mine: true, hasImage: true }) }) : undefined),
    );
    renderPanel();
    await screen.findByText('No doubts on this lecture yet.');
    const input = screen.getByLabelText('Image (optional)');
    expect(input).toHaveAccessibleDescription('One PNG, JPEG or WebP picture, up to 2 MB.');
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The image is larger than 2 MB');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText('Your doubt'), 'What is this graph?');
    await userEvent.click(screen.getByRole('button', { name: 'Post doubt' }));
    expect(requests.some((r: FakeRequest) => r.method === 'POST')).toBe(false);

    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'graph.png', { type: 'image/png' }));
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Post doubt' }));
    await waitFor(() => expect(requests.filter((r: FakeRequest) => r.method === 'POST').map((r: FakeRequest) => r.path)).toEqual(['/api/doubts/course-1', `/api/doubts/course-1/${doubt().id}/image`]));
  });

  it('lets the asker mark their doubt resolved, and shows the educator’s answer marked', async () => {
    fakeServer(
      (request) => (request.path === '/api/doubts/course-1' ? ok({ doubts: [doubt({ mine: true, answerCount: 1, educatorAnswered: true })], nextCursor: null }) : undefined),
      (request) =>
        request.path === `/api/doubts/course-1/${doubt().id}`
          ? ok({ doubt: { ...doubt({ mine: true }), answers: [{ id: 'a1', html: '<p>It stops the recursion</p>', author: { name: 'Meera Iyer', isEducator: true }, mine: false, createdAt: '2026-11-20T11:00:00.000Z', hidden: false }] } })
          : undefined,
    );
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: '1 answer' }));
    const answers = await screen.findByRole('list', { name: 'Answers' });
    expect(within(answers).getByText('Educator')).toBeInTheDocument();
    expect(within(answers).getByText('It stops the recursion')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark resolved' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have this doubt too' })).toBeNull();
  });
});
