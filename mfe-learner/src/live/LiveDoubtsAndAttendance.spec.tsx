import { jest } from '@jest/globals';
import type { LiveAck, LiveClassAttended, LiveClassDto, LiveDoubt } from '@academy/contracts';
import type { LiveRoom } from '@academy/ui/live';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from '@academy/routing';
import { fakeServer, ok, renderAt, userData } from '../enrollments/testing/learningTestKit';
import { AskDoubtForm } from './AskDoubtForm';
import { HomeLiveClasses } from './HomeLiveClasses';
import { LiveAttendanceList } from './LiveAttendanceList';

const CLASS = '41111111-1111-4111-8111-111111111111';
const stored = (clientId: string): LiveDoubt => ({ id: 'd1', classId: CLASS, userId: 'u', userName: 'Aarav Sharma', atSecond: 95, html: '<p>Why <strong>friction</strong>?</p>', clientId, askedAt: '2026-12-01T12:00:00.000Z' });

/** The chat panel's connection as the form sees it: `ask` answers as the gateway would. */
function room(answers: Array<(body: { clientId: string; text: string }) => LiveAck<object>>) {
  const ask = jest.fn(async (_event: string, body: object) => answers.shift()!(body as { clientId: string; text: string }));
  const addDoubt = jest.fn();
  const value = { state: { connection: 'connected', problem: null, messages: [], pinnedId: null, slowMode: 0, hands: [], poll: null, doubts: [] }, ask, addDoubt, setProblem: jest.fn(), addMessage: jest.fn() };
  return value as unknown as LiveRoom & { ask: typeof ask; addDoubt: typeof addDoubt };
}

describe('AskDoubtForm', () => {
  it('sends the doubt once per client id: a refused one keeps its id for the retry, a stored one says it reached the teacher', async () => {
    const live = room([() => ({ ok: false, status: 429, message: 'You are posting too fast. Please wait a minute and try again' }), (body) => ({ ok: true, doubt: stored(body.clientId) })]);
    renderAt('/live/x', <Route path="/live/:classId" element={<AskDoubtForm room={live} live />} />, { user: userData() });
    await userEvent.type(screen.getByLabelText('Your doubt'), 'Why friction?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the teacher' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are posting too fast');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the teacher' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your doubt reached the teacher.');
    const [first, second] = live.ask.mock.calls.map(([, body]) => body as { clientId: string; text: string });
    expect(first).toEqual({ clientId: second!.clientId, text: 'Why friction?' });
    expect(live.addDoubt).toHaveBeenCalledWith(stored(second!.clientId));
    expect(screen.getByLabelText('Your doubt')).toHaveValue('');
  });

  it('says doubts wait for the class to be live', () => {
    renderAt('/live/x', <Route path="/live/:classId" element={<AskDoubtForm room={room([])} live={false} />} />, { user: userData() });
    expect(screen.getByText('You can ask doubts here while the class is live.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your doubt')).not.toBeInTheDocument();
  });
});

describe('LiveAttendanceList', () => {
  const attended = (overrides: Partial<LiveClassAttended> = {}): LiveClassAttended => ({
    classId: CLASS, title: 'Friction', courseId: 'c1', courseTitle: 'Physics', startsAt: '2026-12-01T12:00:00.000Z', minutes: 42.4, firstJoinedAt: '2026-12-01T12:01:00.000Z', ...overrides,
  });

  it("lists a linked child's classes with their minutes, dates as dd/mm/yyyy", async () => {
    fakeServer((request) => (request.path === '/api/parents/children/child-1/live-attendance' ? ok({ classes: [attended(), attended({ classId: 'c2', title: null, minutes: 0.3 })] }) : undefined));
    renderAt('/parent/child/child-1', <Route path="/parent/child/:id" element={<LiveAttendanceList childId="child-1" name="Aarav" />} />, { user: userData() });
    expect(await screen.findByRole('heading', { name: 'Live classes Aarav attended' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Friction (Physics), 01/12/2026: 42 minutes');
    expect(items[1]).toHaveTextContent('A live class (Physics), 01/12/2026: under a minute');
  });

  it('shows nothing before the first class attended', async () => {
    const seen = fakeServer((request) => (request.path === '/api/live-attendance/mine' ? ok({ classes: [] }) : undefined));
    const { container } = renderAt('/my-enrollments', <Route path="/my-enrollments" element={<LiveAttendanceList />} />, { user: userData() });
    await waitFor(() => expect(seen.some((request) => request.path === '/api/live-attendance/mine')).toBe(true));
    expect(container.querySelector('.live-attendance')).toBeNull();
  });
});

describe('HomeLiveClasses', () => {
  it("lists live and upcoming classes across the learner's courses, each with its course", async () => {
    const liveClass = (overrides: Partial<LiveClassDto>): LiveClassDto => ({
      id: CLASS, courseId: 'c1', courseTitle: 'Physics', chapterId: 'ch', chapterTitle: 'Motion', title: 'Friction', startsAt: new Date(Date.now() + 3600_000).toISOString(),
      endsAt: new Date(Date.now() + 7200_000).toISOString(), durationMinutes: 60, status: 'scheduled', recordingLectureId: null, ...overrides,
    });
    fakeServer((request) => (request.path === '/api/live-classes/mine' ? ok({ liveClasses: [liveClass({ id: 'l2', title: 'Waves', courseTitle: 'Maths', status: 'live' }), liveClass({})], liveAvailable: true }) : undefined));
    renderAt('/', <Route path="/" element={<HomeLiveClasses />} />, { user: userData() });
    expect(await screen.findByRole('heading', { name: 'Live classes' })).toBeInTheDocument();
    expect(screen.getByText('Waves').closest('li')).toHaveTextContent('Live now Waves (Maths · Motion) Join the live class');
    expect(screen.getByText('Friction').closest('li')).toHaveTextContent(/Upcoming Friction \(Physics · Motion\), .* starts in/);
  });
});
