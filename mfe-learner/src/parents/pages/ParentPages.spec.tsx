import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from '@academy/routing';
import { failure, fakeServer, ok, renderAt, userData } from '../../enrollments/testing/learningTestKit';
import { ChildProgressPage } from './ChildProgressPage';
import { ParentAccessPage } from './ParentAccessPage';
import { ParentHomePage } from './ParentHomePage';

const parent = userData({ _id: 'sandbox|parent-kavita', name: 'Kavita Sharma', publicMetadata: { role: 'parent' } });
const aarav = { id: 'sandbox|student-aarav', name: 'Aarav Sharma', email: 'aarav@demo.academy', imageUrl: '', linkedAt: '2026-11-02T10:00:00.000Z' };
const routes = (
  <>
    <Route path="/parent" element={<ParentHomePage />} />
    <Route path="/parent/child/:id" element={<ChildProgressPage />} />
    <Route path="/parent-access" element={<ParentAccessPage />} />
  </>
);

describe('parent pages', () => {
  it('My Children: lists linked children; a wrong code shows the server message under the field', async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/parents/links' && request.method === 'GET' ? ok({ children: [{ ...aarav, enrolledCourses: ['c1', 'c2'] }], parents: [] }) : undefined),
      (request) => (request.path === '/api/parents/email-settings' ? ok({ settings: { weeklyProgress: true, milestones: false, inactivityDays: 3, quizAlerts: true } }) : undefined),
      (request) =>
        request.path === '/api/parents/links' && request.method === 'POST'
          ? failure(400, 'That code is not valid. Check it with your child, or ask them for a new one.')
          : undefined,
    );
    renderAt('/parent', routes, { user: parent });
    expect(await screen.findByRole('heading', { level: 3, name: 'Aarav Sharma' })).toBeInTheDocument();
    expect(screen.getByText(/2 courses · linked on 02\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "See Aarav Sharma's report" })).toHaveAttribute('href', '/parent/child/sandbox%7Cstudent-aarav');
    expect(screen.getByRole('heading', { level: 2, name: 'Link another child' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payments and receipts' })).toHaveAttribute('href', '/parent/payments');
    expect(await screen.findByRole('checkbox', { name: 'When my child completes a course' })).not.toBeChecked();

    const field = screen.getByLabelText('Link code');
    await userEvent.click(screen.getByRole('button', { name: 'Link child' }));
    expect(await screen.findByText('Enter the code your child gave you')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

    await userEvent.type(field, 'zzzz-2222');
    await userEvent.click(screen.getByRole('button', { name: 'Link child' }));
    const message = await screen.findByText('That code is not valid. Check it with your child, or ask them for a new one.');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    // Announced as it appears: the message's container is a live region that was on the page before it.
    expect(message).toHaveAttribute('aria-live', 'assertive');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ code: 'ZZZZ2222' });
  });

  it("the child's card shows the course's upcoming live class, with when it starts", async () => {
    const startsAt = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
    const course = {
      courseId: 'c1', courseTitle: 'Algebra', courseThumbnail: '', educatorName: 'Meera Iyer', enrolledAt: '2026-11-01T00:00:00.000Z',
      completedLectures: 1, totalLectures: 4, percent: 25, status: 'in-progress', statusLabel: 'In progress', lastActivityAt: null,
      certificateLine: 'Needs 3 more lectures to complete', certificateNeeds: { noLectures: false, lecturesLeft: 3, assignmentsToHandIn: 0, assignmentsAwaitingReview: 0 }, quizzesToPass: [], rating: null, certificate: null, quizScores: [], lectureFiles: [],
      assignmentMarks: [], reviewedAssignments: 0, totalAssignments: 0,
    };
    const liveClass = {
      id: 'lc1', courseId: 'c1', courseTitle: 'Algebra', chapterId: 'ch1', chapterTitle: 'Equations', title: 'Solving linear equations',
      startsAt, endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(), durationMinutes: 60, status: 'scheduled', recordingLectureId: null,
    };
    const requests = fakeServer(
      (request) => (request.path === '/api/parents/links' ? ok({ children: [{ ...aarav, enrolledCourses: ['c1'] }], parents: [] }) : undefined),
      (request) => (request.path === '/api/parents/email-settings' ? ok({ settings: { weeklyProgress: true, milestones: true, inactivityDays: 3, quizAlerts: true } }) : undefined),
      (request) => (request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}` ? ok({ child: { ...aarav, schoolClass: 8, board: 'cbse' }, courses: [course] }) : undefined),
      (request) => (request.path === '/api/live-classes' ? ok({ liveClasses: [liveClass], liveAvailable: true }) : undefined),
    );
    renderAt('/parent', routes, { user: parent });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Aarav Sharma' })).closest('article')!;
    expect(await within(card).findByRole('heading', { level: 4, name: 'Live classes' })).toBeInTheDocument();
    expect(within(card).getByText('Solving linear equations')).toBeInTheDocument();
    expect(within(card).getByText('Upcoming')).toBeInTheDocument();
    expect(requests.some((request) => request.path === '/api/live-classes')).toBe(true);
  });

  it("a child's progress: figures, read-only, certificate and the place for quiz scores", async () => {
    fakeServer((request) =>
      request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}`
        ? ok({
            child: { ...aarav, schoolClass: 8, board: 'cbse' },
            courses: [
              {
                courseId: 'c1', courseTitle: 'Algebra', courseThumbnail: '', educatorName: 'Meera Iyer', enrolledAt: '2026-11-01T00:00:00.000Z',
                completedLectures: 3, totalLectures: 4, percent: 75, status: 'in-progress', statusLabel: 'In progress', lastActivityAt: '2026-11-20T08:00:00.000Z',
                certificateLine: 'Needs 1 more lecture to complete', certificateNeeds: { noLectures: false, lecturesLeft: 1, assignmentsToHandIn: 0, assignmentsAwaitingReview: 0 }, quizzesToPass: [],
                rating: 4, certificate: null, quizScores: [], assignmentMarks: [], reviewedAssignments: 0, totalAssignments: 0,
                lectureFiles: [{ lectureId: 'l1', lectureTitle: 'Integers', notesUrl: '/api/files/lecture-files/c1/n.pdf?user=p&expires=1&signature=s', testUrl: null }],
              },
              {
                courseId: 'c2', courseTitle: 'Physics', courseThumbnail: '', educatorName: 'Meera Iyer', enrolledAt: '2026-11-01T00:00:00.000Z',
                completedLectures: 2, totalLectures: 2, percent: 100, status: 'completed', statusLabel: 'Completed', lastActivityAt: null,
                certificateLine: 'Ready', certificateNeeds: { noLectures: false, lecturesLeft: 0, assignmentsToHandIn: 0, assignmentsAwaitingReview: 0 }, quizzesToPass: [],
                rating: null, certificate: { code: null, downloadPath: '/parents/children/x/certificates/c2' }, quizScores: [], lectureFiles: [], assignmentMarks: [], reviewedAssignments: 0, totalAssignments: 0,
              },
            ],
          })
        : undefined,
    );
    renderAt(`/parent/child/${encodeURIComponent(aarav.id)}`, routes, { user: parent });
    expect(await screen.findByRole('heading', { level: 1, name: "Aarav Sharma's progress" })).toBeInTheDocument();
    expect(screen.getByText('Class 8 · CBSE')).toBeInTheDocument();
    const [, algebra, physics] = screen.getAllByRole('row');
    expect(algebra).toHaveTextContent('3 / 4 Lectures');
    expect(algebra).toHaveTextContent('20/11/2026');
    expect(algebra).toHaveTextContent('4 of 5');
    expect(algebra).toHaveTextContent('No quizzes in this course');
    expect(algebra).toHaveTextContent('Needs 1 more lecture to complete');
    // The status is text, not a control.
    expect(within(algebra!).getByText('In progress').tagName).toBe('SPAN');
    expect(within(algebra!).queryByRole('button', { name: /In progress/ })).toBeNull();
    // The course's notes and tests, signed for the parent.
    expect(within(algebra).getByRole('link', { name: 'Notes of Integers (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/api/files/lecture-files/c1/n.pdf?user=p&expires=1&signature=s',
    );
    expect(within(physics).queryByText('Notes and tests')).toBeNull();
    expect(within(algebra!).getByRole('progressbar', { name: 'Progress of Algebra' })).toHaveAttribute('aria-valuenow', '75');
    expect(within(physics!).getByRole('button', { name: 'Download certificate of Physics' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark Complete|Rate/ })).toBeNull();
  });

  it('a child\'s doubts: course, lecture, date asked (dd/mm/yyyy) and whether answered', async () => {
    fakeServer(
      (request) => (request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}` ? ok({ child: aarav, courses: [] }) : undefined),
      (request) =>
        request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}/doubts`
          ? ok({
              doubts: [
                { id: 'd1', courseId: 'c1', courseTitle: 'Algebra', lectureTitle: '1.2 Variables', askedAt: '2026-11-21T08:00:00.000Z', answered: true, educatorAnswered: true, resolved: true },
                { id: 'd2', courseId: 'c1', courseTitle: 'Algebra', lectureTitle: null, askedAt: '2026-11-19T08:00:00.000Z', answered: false, educatorAnswered: false, resolved: false },
              ],
              nextCursor: null,
            })
          : undefined,
    );
    renderAt(`/parent/child/${encodeURIComponent(aarav.id)}`, routes, { user: parent });
    const table = await screen.findByRole('table', { name: 'Doubts Aarav Sharma asked' });
    const [, answered, waiting] = within(table).getAllByRole('row');
    expect(answered).toHaveTextContent('Algebra1.2 Variables21/11/2026Yes, by the educator · Resolved');
    expect(waiting).toHaveTextContent('AlgebraLecture removed19/11/2026Not yet');
  });

  it('a child no longer linked: the 404 message and a way back', async () => {
    fakeServer(() => failure(404, 'This learner is not linked to your account'));
    renderAt('/parent/child/someone', routes, { user: parent });
    expect(await screen.findByRole('alert')).toHaveTextContent('This learner is not linked to your account');
    expect(screen.getByRole('link', { name: 'Back to My Children' })).toHaveAttribute('href', '/parent');
  });

  it('a student in the parent area is sent to Parent access; there they create a code and see it with its expiry', async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/parents/links' ? ok({ children: [], parents: [] }) : undefined),
      (request) => (request.path === '/api/parents/link-codes' ? ok({ linkCode: { code: 'ABCD2345', expiresAt: '2026-11-24T10:00:00.000Z' } }) : undefined),
    );
    const view = renderAt('/parent', routes, { user: userData() });
    expect(screen.getByRole('link', { name: 'Parent access' })).toHaveAttribute('href', '/parent-access');
    view.unmount();
    renderAt('/parent-access', routes, { user: userData() });
    expect(await screen.findByText('No parent is linked to your account.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create a link code' }));
    expect(await screen.findByText('ABCD-2345')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/It expires on 24\/11\/2026 at/);
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['/api/parents/link-codes']);
  });

  const algebraFor = (overrides: object) => ({
    courseId: 'c1', courseTitle: 'Algebra', courseThumbnail: '', educatorName: 'Meera Iyer', enrolledAt: '2026-11-01T00:00:00.000Z',
    completedLectures: 5, totalLectures: 5, percent: 83, status: 'quiz-to-pass', statusLabel: 'Lectures done, quiz to pass',
    certificateLine: 'Needs pass The cell check: best 20%, pass mark 60%',
    certificateNeeds: { noLectures: false, lecturesLeft: 0, assignmentsToHandIn: 0, assignmentsAwaitingReview: 0 },
    quizzesToPass: [{ quizId: 'q1', title: 'The cell check', bestPercent: 20, passMark: 60, attempts: 2 }],
    lastActivityAt: '2026-11-20T08:00:00.000Z', rating: null, certificate: null,
    quizScores: [{ quizId: 'q1', title: 'The cell check', bestPercent: 20, attempts: 2, passMark: 60, passed: false }],
    lectureFiles: [], assignmentMarks: [], reviewedAssignments: 0, totalAssignments: 0, ...overrides,
  });

  it("the parent's home: one card per child with each course's figure, status, last active, quiz against its pass mark and what the certificate needs", async () => {
    fakeServer(
      (request) => (request.path === '/api/parents/links' ? ok({ children: [{ ...aarav, enrolledCourses: ['c1'] }], parents: [] }) : undefined),
      (request) => (request.path === '/api/parents/email-settings' ? ok({ settings: { weeklyProgress: true, milestones: true, inactivityDays: 3, quizAlerts: true } }) : undefined),
      (request) => (request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}` ? ok({ child: aarav, courses: [algebraFor({})] }) : undefined),
    );
    renderAt('/parent', routes, { user: parent });
    const card = (await screen.findByRole('heading', { level: 3, name: 'Aarav Sharma' })).closest('article')!;
    await within(card).findByText('Algebra');
    expect(within(card).getByRole('progressbar', { name: "Aarav Sharma's progress in Algebra" })).toHaveAttribute('aria-valuenow', '83');
    expect(card).toHaveTextContent('83% · 5 / 5 lectures · Lectures done, quiz to pass');
    expect(card).toHaveTextContent('Last active: 20/11/2026');
    expect(card).toHaveTextContent('The cell check: best 20%, pass mark 60%');
    expect(card).toHaveTextContent('Certificate: Needs pass The cell check: best 20%, pass mark 60%');
  });

  it('removing a link asks first, naming the child and what is lost; Cancel keeps the link, Remove removes it', async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/parents/links' ? ok({ children: [{ ...aarav, enrolledCourses: [] }], parents: [] }) : undefined),
      (request) => (request.path === '/api/parents/email-settings' ? ok({ settings: { weeklyProgress: true, milestones: true, inactivityDays: 3, quizAlerts: true } }) : undefined),
      (request) => (request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}` ? ok({ child: aarav, courses: [] }) : undefined),
      (request) => (request.method === 'DELETE' ? ok({ message: 'Link removed' }) : undefined),
    );
    renderAt('/parent', routes, { user: parent });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove link with Aarav Sharma' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove the link with Aarav Sharma?' });
    expect(dialog).toHaveTextContent("You will no longer see Aarav Sharma's courses, progress, certificates, receipts");
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(requests.filter((request) => request.method === 'DELETE')).toEqual([]);
    expect(screen.getByRole('heading', { level: 3, name: 'Aarav Sharma' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove link with Aarav Sharma' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove Aarav Sharma' }));
    await screen.findByText('Aarav Sharma is no longer linked to your account');
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([`/api/parents/links/${encodeURIComponent(aarav.id)}`]);
  });

  it("the child's code: focus moves to it, Copy puts it on the clipboard, Share uses the Web Share API", async () => {
    fakeServer(
      (request) => (request.path === '/api/parents/links' ? ok({ children: [], parents: [] }) : undefined),
      (request) => (request.path === '/api/parents/link-codes' ? ok({ linkCode: { code: 'ABCD2345', expiresAt: '2026-11-24T10:00:00.000Z' } }) : undefined),
    );
    const writeText = jest.fn(async () => undefined);
    const share = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderAt('/parent-access', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Create a link code' }));
    const code = await screen.findByText('ABCD-2345');
    await waitFor(() => expect(code.closest('[tabindex="-1"]')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('ABCD-2345');
    expect(await screen.findByText('Code copied')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Share code' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ text: expect.stringContaining('ABCD-2345') }));
    Reflect.deleteProperty(navigator, 'share');
  });

  it('alerts: the quiet spell (or off) and quiz alerts are saved; the weekly report is previewed in the page', async () => {
    const requests = fakeServer(
      (request) => (request.path === '/api/parents/links' ? ok({ children: [], parents: [] }) : undefined),
      (request) =>
        request.path === '/api/parents/email-settings' && request.method === 'GET'
          ? ok({ settings: { weeklyProgress: true, milestones: true, inactivityDays: 3, quizAlerts: true } })
          : undefined,
      (request) => (request.path === '/api/parents/email-settings' && request.method === 'PUT' ? ok({ message: 'Email settings saved', settings: request.body }) : undefined),
      (request) =>
        request.path === '/api/parents/weekly-report/preview'
          ? ok({ preview: { subject: 'Your weekly progress summary from Academy', text: 'Hello Kavita,\n\nAarav Sharma: 2 lectures completed this week' } })
          : undefined,
    );
    renderAt('/parent', routes, { user: parent });
    const quiet = await screen.findByRole('checkbox', { name: 'When a child has not studied for' });
    expect(quiet).toBeChecked();
    const days = screen.getByRole('spinbutton');
    expect(days).toHaveValue(3);
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(screen.getByRole('checkbox', { name: 'When a child fails a quiz twice' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save alerts and emails' }));
    await screen.findByText('Email settings saved');
    expect(requests.filter((request) => request.method === 'PUT').at(-1)!.body).toEqual({ weeklyProgress: true, milestones: true, inactivityDays: 5, quizAlerts: false });
    await userEvent.click(quiet);
    expect(days).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save alerts and emails' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(2));
    expect(requests.filter((request) => request.method === 'PUT').at(-1)!.body).toMatchObject({ inactivityDays: null });

    await userEvent.click(screen.getByRole('button', { name: "Preview this week's report" }));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Your weekly progress summary from Academy' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/Aarav Sharma: 2 lectures completed this week/)).toBeInTheDocument();
  });

  it('ask the educator: the conversation about a course, a message sent and shown; an empty one is refused with a message', async () => {
    const thread = { id: null, childId: aarav.id, childName: 'Aarav Sharma', parentName: 'Kavita Sharma', courseId: 'c1', courseTitle: 'Algebra', messages: [] as object[] };
    const requests = fakeServer(
      (request) => (request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}` ? ok({ child: aarav, courses: [algebraFor({ courseId: 'c1' })] }) : undefined),
      (request) => (request.path.endsWith('/doubts') ? ok({ doubts: [], nextCursor: null }) : undefined),
      (request) => (request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}/threads/c1` ? ok({ thread }) : undefined),
      (request) =>
        request.path === `/api/parents/children/${encodeURIComponent(aarav.id)}/threads/c1/messages`
          ? ok({
              message: 'Message sent to the educator',
              thread: { ...thread, id: 't1', messages: [{ id: 'm1', from: 'parent', authorName: 'Kavita Sharma', text: (request.body as { text: string }).text, sentAt: '2026-11-24T10:00:00.000Z' }] },
            })
          : undefined,
    );
    renderAt(`/parent/child/${encodeURIComponent(aarav.id)}`, routes, { user: parent });
    const section = await screen.findByRole('region', { name: 'Ask the educator' });
    await within(section).findByText('No messages yet about Algebra.');
    await userEvent.click(within(section).getByRole('button', { name: 'Send message' }));
    expect(within(section).getByText('Write your message')).toHaveAttribute('aria-live', 'assertive');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await userEvent.type(within(section).getByLabelText('Message to Meera Iyer'), 'How is Aarav doing in chapter 1?');
    await userEvent.click(within(section).getByRole('button', { name: 'Send message' }));
    await within(section).findByText('Message sent to the educator');
    const list = within(section).getByRole('list', { name: 'Messages about Algebra' });
    expect(list).toHaveTextContent('You · 24/11/2026How is Aarav doing in chapter 1?');
  });
});
