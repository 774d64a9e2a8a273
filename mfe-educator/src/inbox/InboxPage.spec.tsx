import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const COURSE = '11111111-1111-4111-8111-111111111111';
const DOUBT = '22222222-2222-4222-8222-222222222222';
const ANSWER = '33333333-3333-4333-8333-333333333333';

describe('Inbox', () => {
  it('opens filtered by the course a notification named, and shows a hidden answer again', async () => {
    const user = userEvent.setup();
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [{ _id: COURSE, courseTitle: 'Physics for Class 9' }] })),
      on('GET', `/api/educator/courses/${COURSE}`, ok({ course: { _id: COURSE, courseTitle: 'Physics for Class 9', courseContent: [] } })),
      on('GET', `/api/educator/inbox?courseId=${COURSE}`, ok({ doubts: [], nextCursor: null })),
      on('GET', '/api/educator/inbox/hidden', ok({
        posts: [{ kind: 'answer', courseId: COURSE, courseTitle: 'Physics for Class 9', doubtId: DOUBT, answerId: ANSWER, html: '<p>Rude answer</p>', authorName: 'Diya Patel', hiddenAt: '2026-11-20T10:00:00.000Z' }],
        nextCursor: null,
      })),
      on('POST', `/api/doubts/${COURSE}/${DOUBT}/answers/${ANSWER}/unhide`, ok({ message: 'Shown to learners again' })),
    );
    renderEducatorApp(`/educator/inbox?courseId=${COURSE}`);
    expect(await screen.findByText('Nothing waiting: every doubt has your answer.')).toBeInTheDocument();
    expect(seen.some((request) => request.path === `/api/educator/inbox?courseId=${COURSE}`)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Hidden posts' }));
    const post = await screen.findByRole('article', { name: 'Hidden answer by Diya Patel' });
    expect(within(post).getByText('Physics for Class 9 · Answer by Diya Patel · hidden 20/11/2026')).toBeInTheDocument();
    await user.click(within(post).getByRole('button', { name: 'Show again' }));
    expect(await screen.findByText('Shown to learners again')).toBeInTheDocument();
    expect(seen.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`/api/doubts/${COURSE}/${DOUBT}/answers/${ANSWER}/unhide`]);
  });

  it('checks a review before sending: the marks within the assignment\'s range and feedback written, each message beside its field', async () => {
    const user = userEvent.setup();
    const ASSIGNMENT = '55555555-5555-4555-8555-555555555555';
    const SUBMISSION = '66666666-6666-4666-8666-666666666666';
    const handIn = {
      id: SUBMISSION, assignmentId: ASSIGNMENT, courseId: COURSE, learnerName: 'Diya Patel', textHtml: '<p>30°</p>', file: null,
      submittedAt: '2026-11-20T10:00:00.000Z', reviewedAt: null, marks: null, feedbackHtml: null,
      courseTitle: 'Physics for Class 9', assignmentTitle: 'Ray diagram', chapterTitle: 'Light', maxMarks: 10,
    };
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [] })),
      on('GET', '/api/educator/inbox', ok({ doubts: [], nextCursor: null })),
      on('GET', '/api/educator/inbox/parent-threads', ok({ threads: [] })),
      on('GET', '/api/educator/submissions', ok({ submissions: [handIn], nextCursor: null })),
      on('POST', `/api/assignments/${COURSE}/${ASSIGNMENT}/submissions/${SUBMISSION}/review`, ok({ message: 'Review sent', submission: handIn })),
    );
    renderEducatorApp('/educator/inbox');
    const item = await screen.findByRole('article', { name: /Diya Patel/ });
    await user.type(within(item).getByLabelText('Marks (0 to 10)'), '11');
    await user.click(within(item).getByRole('button', { name: /^Send review/ }));
    const marks = within(item).getByLabelText('Marks (0 to 10)');
    expect(marks).toHaveAttribute('aria-invalid', 'true');
    expect(marks).toHaveAccessibleDescription('Marks must be between 0 and 10');
    expect(within(item).getByLabelText('Feedback')).toHaveAccessibleDescription('Write your feedback');
    expect(within(item).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Marks must be between 0 and 10', 'Write your feedback']);

    await user.clear(marks);
    await user.type(marks, '8');
    await user.type(within(item).getByLabelText('Feedback'), 'Neat diagram.');
    await user.click(within(item).getByRole('button', { name: /^Send review/ }));
    expect(await screen.findByText('Review sent')).toBeInTheDocument();
    const posted = seen.filter((request) => request.method === 'POST');
    expect(posted.map((request) => JSON.parse(String(request.body)))).toEqual([{ marks: 8, feedback: 'Neat diagram.' }]);
  });

  it("answers a parent's message in place: the conversation, an answer sent, and the list asked again", async () => {
    const user = userEvent.setup();
    const THREAD = '44444444-4444-4444-8444-444444444444';
    let answered = false;
    const thread = (messages: object[]) => ({
      id: THREAD, childId: 'sandbox|student-aarav', childName: 'Aarav Sharma', parentName: 'Kavita Sharma', courseId: COURSE, courseTitle: 'Physics for Class 9', messages,
    });
    const question = { id: 'm1', from: 'parent', authorName: 'Kavita Sharma', text: 'How is Aarav doing?', sentAt: '2026-11-24T10:00:00.000Z' };
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [] })),
      on('GET', '/api/educator/inbox', ok({ doubts: [], nextCursor: null })),
      on('GET', '/api/educator/inbox/hidden', ok({ posts: [], nextCursor: null })),
      on('GET', '/api/educator/submissions', ok({ submissions: [], nextCursor: null })),
      on('GET', '/api/educator/inbox/parent-threads', () =>
        ok({ threads: [thread(answered ? [question, { id: 'm2', from: 'educator', authorName: 'Meera Iyer', text: 'Very well.', sentAt: '2026-11-25T10:00:00.000Z' }] : [question])] }),
      ),
      on('POST', `/api/educator/inbox/parent-threads/${THREAD}/messages`, () => {
        answered = true;
        return ok({ message: 'Answer sent to the parent', thread: thread([]) });
      }),
    );
    renderEducatorApp('/educator/inbox');
    const conversation = await screen.findByRole('article', { name: 'Kavita Sharma, parent of Aarav Sharma: Physics for Class 9' });
    expect(within(conversation).getByRole('list', { name: /^Messages:/ })).toHaveTextContent('Kavita Sharma · 24/11/2026How is Aarav doing?');
    await user.click(within(conversation).getByRole('button', { name: 'Send answer to Kavita Sharma' }));
    expect(within(conversation).getByText('Write your answer')).toHaveAttribute('aria-live', 'assertive');
    await user.type(within(conversation).getByLabelText('Your answer'), 'Very well.');
    await user.click(within(conversation).getByRole('button', { name: 'Send answer to Kavita Sharma' }));
    expect(await screen.findByText('Answer sent to the parent')).toBeInTheDocument();
    expect(await within(conversation).findByText('Very well.')).toBeInTheDocument();
    const post = seen.find((request) => request.method === 'POST')!;
    expect(JSON.parse(String(post.body))).toEqual({ text: 'Very well.' });
  });
});

describe('Inbox in Hindi', () => {
  const doubt = (id: string, meToo: number, answerCount: number, where: { lectureId: string | null; liveClassId: string | null } = { lectureId: 'l1', liveClassId: null }) => ({
    id, courseId: COURSE, ...where, atSecond: 62, html: '<p>Why?</p>', author: { name: 'Aarav Sharma', imageUrl: '' }, mine: false,
    createdAt: '2026-11-20T10:00:00.000Z', resolved: false, meToo, meTooByMe: false, answerCount, educatorAnswered: false, hidden: false, hasImage: false,
    courseTitle: 'Physics for Class 9', lectureTitle: null,
  });

  it("words each doubt's counts in Hindi, one and many", async () => {
    fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [] })),
      on('GET', '/api/educator/inbox', ok({ doubts: [doubt('d1', 1, 1), doubt('d2', 2, 3), doubt('d3', 0, 0, { lectureId: null, liveClassId: 'c1' })], nextCursor: null })),
      on('GET', '/api/educator/submissions', ok({ submissions: [], nextCursor: null })),
      on('GET', '/api/educator/inbox/parent-threads', ok({ threads: [] })),
    );
    await act(() => i18next.changeLanguage('hi'));
    renderEducatorApp('/educator/inbox');
    const list = within(await screen.findByRole('list', { name: 'बिना उत्तर वाले संदेह' }));
    const [one, many, inClass] = list.getAllByRole('article', { name: 'Aarav Sharma का संदेह' });
    expect(within(one!).getByText('Physics for Class 9 · लेक्चर हटा दिया गया · 1:02 पर')).toBeInTheDocument();
    expect(within(one!).getByText('Aarav Sharma · 20/11/2026 · 1 और विद्यार्थी का भी यही संदेह · विद्यार्थियों का 1 उत्तर')).toBeInTheDocument();
    expect(within(many!).getByText('Aarav Sharma · 20/11/2026 · 2 और विद्यार्थियों का भी यही संदेह · विद्यार्थियों के 3 उत्तर')).toBeInTheDocument();
    // Asked in a live class whose recording is not a lecture yet.
    expect(within(inClass!).getByText('Physics for Class 9 · लाइव क्लास में पूछा गया · 1:02 पर')).toBeInTheDocument();
  });

  it("follows CLDR: Hindi's one covers 0, English's does not", () => {
    const hindi = i18next.getFixedT('hi', 'educator');
    const english = i18next.getFixedT('en', 'educator');
    expect([0, 1, 2].map((count) => hindi('inbox.doubt.meToo', { count, formatted: String(count) }))).toEqual([
      '0 और विद्यार्थी का भी यही संदेह', '1 और विद्यार्थी का भी यही संदेह', '2 और विद्यार्थियों का भी यही संदेह',
    ]);
    expect([0, 1, 2].map((count) => english('inbox.doubt.learnerAnswers', { count, formatted: String(count) }))).toEqual([
      '0 answers by learners', '1 answer by learners', '2 answers by learners',
    ]);
  });
});
