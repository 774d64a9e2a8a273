import type { QuizAttemptResult, QuizForLearner, QuizOverview } from '@academy/contracts';
import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { Route } from '@academy/routing';
import { enrolledCourse, fakeServer, failure, ok, progress, renderAt, userData } from '../../enrollments/testing/learningTestKit';
import { PlayerPage } from '../pages/PlayerPage';

const QUIZ_ID = '40000000-0000-4000-8000-000100010000';
const overview: QuizOverview = { quizId: QUIZ_ID, version: 2, title: 'Algebra check', passMark: 60, attemptLimit: 2, questionCount: 3, totalPoints: 4 };
const forLearner: QuizForLearner = {
  quiz: {
    quizId: QUIZ_ID,
    version: 2,
    title: 'Algebra check',
    passMark: 60,
    attemptLimit: 2,
    questions: [
      { questionId: 'q-1', kind: 'single', prompt: 'Solve x + 2 = 5', points: 1, choices: ['x = 3', 'x = 7'] },
      { questionId: 'q-2', kind: 'multiple', prompt: 'Which are even?', points: 1, choices: ['2', '3', '4'] },
      { questionId: 'q-3', kind: 'numeric', prompt: 'What is 2.5 × 2?', points: 2, choices: [] },
    ],
  },
  standing: { quizId: QUIZ_ID, attempts: 0, bestPercent: null, passed: false },
  attemptsLeft: 2,
};
/** Not passed with an attempt left: the server sends the score and what was wrong, not the key. */
const graded: QuizAttemptResult = {
  attemptId: 'a', quizId: QUIZ_ID, quizVersion: 2, attemptNumber: 1, score: 1, maxScore: 4, percent: 25, passed: false, createdAt: '2026-01-01T00:00:00.000Z',
  questions: [
    { questionId: 'q-1', correct: true, pointsAwarded: 1, given: [0], correctChoices: null, answer: null, tolerance: null, explanation: null },
    { questionId: 'q-2', correct: false, pointsAwarded: 0, given: [0], correctChoices: null, answer: null, tolerance: null, explanation: null },
    { questionId: 'q-3', correct: false, pointsAwarded: 0, given: 4, correctChoices: null, answer: null, tolerance: null, explanation: null },
  ],
  answersShown: false,
  standing: { quizId: QUIZ_ID, attempts: 1, bestPercent: 25, passed: false },
  attemptsLeft: 1,
};
/** The last attempt used: the key comes with the result. */
const gradedLast: QuizAttemptResult = {
  ...graded,
  attemptNumber: 2,
  questions: [
    { questionId: 'q-1', correct: true, pointsAwarded: 1, given: [0], correctChoices: [0], answer: null, tolerance: null, explanation: null },
    { questionId: 'q-2', correct: false, pointsAwarded: 0, given: [0], correctChoices: [0, 2], answer: null, tolerance: null, explanation: 'Even numbers divide by 2' },
    { questionId: 'q-3', correct: false, pointsAwarded: 0, given: 4, correctChoices: [], answer: 5, tolerance: 0, explanation: null },
  ],
  answersShown: true,
  attemptsLeft: 0,
};

const routes = <Route path="/player/:courseId" element={<PlayerPage />} />;

function quizServer(reply: () => ReturnType<typeof ok> = () => ok({ message: 'Quiz not passed yet', result: graded })) {
  const course = enrolledCourse();
  course.courseContent[0] = { ...course.courseContent[0]!, quiz: overview };
  return fakeServer(
    (request) => (request.path === '/api/user/enrolled-courses' ? ok({ enrolledCourses: [course] }) : undefined),
    (request) => (request.path === '/api/user/get-course-progress' ? ok({ progressData: progress({ lectureCompleted: ['l-1', 'l-2', 'l-3'] }) }) : undefined),
    (request) => (request.path === `/api/user/quizzes/course-1/${QUIZ_ID}` ? ok(forLearner) : undefined),
    (request) => (request.path === `/api/user/quizzes/course-1/${QUIZ_ID}/attempts` ? reply() : undefined),
    (request) => (request.path === '/api/user/data' ? ok({ user: userData() }) : undefined),
  );
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('chapter quiz in the player', () => {
  it('follows the lectures, holds back the certificate, sends the answers and shows the graded result', async () => {
    const requests = quizServer();
    renderAt('/player/course-1', routes, { user: userData() });
    const item = (await screen.findByText('Quiz: Algebra check')).closest('li')!;
    expect(within(item).getByRole('img', { name: 'Not passed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Certificate' })).toBeNull();

    await userEvent.click(within(item).getByRole('button', { name: 'Take quiz Algebra check' }));
    const first = await screen.findByRole('group', { name: /Question 1 of 3 \(1 point\) Solve x \+ 2 = 5/ });
    await userEvent.click(within(first).getByRole('radio', { name: 'x = 3' }));
    await userEvent.click(within(screen.getByRole('group', { name: /Which are even\?/ })).getByRole('checkbox', { name: '2' }));
    const number = screen.getByLabelText('Your answer to question 3');
    await userEvent.type(number, 'four');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(number).toHaveAccessibleDescription('Enter a number, like 1.5');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'POST' && request.path.endsWith('/attempts'))).toEqual([]);

    await userEvent.clear(number);
    await userEvent.type(number, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('heading', { name: 'Not passed yet: 1 / 4 points (25%)' })).toHaveFocus();
    const sent = requests.find((request) => request.path.endsWith('/attempts'))!.body!;
    expect(sent).toEqual({ attemptId: expect.stringMatching(/^[0-9a-f-]{36}$/), quizVersion: 2, answers: { 'q-1': [0], 'q-2': [0], 'q-3': 4 } });
    expect(screen.getByText('The right answers and explanations are shown once you pass or have used every attempt.')).toBeInTheDocument();
    expect(screen.queryByText(/Right answer/)).toBeNull();
    expect(screen.getAllByText(/^Wrong$/)).toHaveLength(2);
    expect(screen.getByText(/1 attempt left/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Submit answers' })).toBeInTheDocument();
  }, 20_000);

  it('shows the right answers and explanations once no attempt is left', async () => {
    quizServer(() => ok({ message: 'Quiz not passed yet', result: gradedLast }));
    renderAt('/player/course-1', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Take quiz Algebra check' }));
    await userEvent.click(within(await screen.findByRole('group', { name: /Question 1 of 3/ })).getByRole('radio', { name: 'x = 3' }));
    await userEvent.type(screen.getByLabelText('Your answer to question 3'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await screen.findByRole('heading', { name: 'Not passed yet: 1 / 4 points (25%)' });
    expect(screen.getByText('Explanation: Even numbers divide by 2')).toBeInTheDocument();
    expect(screen.getByText(/Right answer: 2, 4\./)).toBeInTheDocument();
    expect(screen.getByText(/Right answer: 5\./)).toBeInTheDocument();
    expect(screen.queryByText(/shown once you pass/)).toBeNull();
  }, 20_000);

  it('shows one question per screen on a phone', async () => {
    window.matchMedia = ((query: string) => ({ matches: query === '(max-width: 600px)', addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
    quizServer();
    renderAt('/player/course-1', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Take quiz Algebra check' }));
    await screen.findByRole('group', { name: /Question 1 of 3/ });
    expect(screen.getAllByRole('group', { name: /^Question/ })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(screen.getByRole('group', { name: /Question 2 of 3/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    expect(screen.getByRole('button', { name: 'Submit answers' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous question' }));
    expect(screen.getByRole('group', { name: /Question 2 of 3/ })).toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal and keeps the answers", async () => {
    quizServer(() => failure(409, 'You have used all 2 attempts at this quiz'));
    renderAt('/player/course-1', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: 'Take quiz Algebra check' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'x = 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByText('You have used all 2 attempts at this quiz')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'x = 3' })).toBeChecked();
  });

  it('is taken fully in Hindi: questions with their points (1 and 2), the number check, the graded result and attempts left', async () => {
    quizServer();
    await act(() => i18next.changeLanguage('hi'));
    const view = renderAt('/player/course-1', routes, { user: userData() });
    const item = (await screen.findByText('क्विज़: Algebra check')).closest('li')!;
    expect(within(item).getByRole('img', { name: 'पास नहीं' })).toBeInTheDocument();
    expect(within(item).getByText('3 प्रश्न')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Algebra check: क्विज़ दें' }));
    expect(await screen.findByText('3 प्रश्न, पास अंक 60%। 2 प्रयास बाकी।')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('group', { name: /^प्रश्न 1 \/ 3 \(1 अंक\) Solve x/ })).getByRole('radio', { name: 'x = 3' }));
    expect(screen.getByRole('group', { name: /^प्रश्न 3 \/ 3 \(2 अंक\)/ })).toBeInTheDocument();
    expect(screen.getByText('सभी सही उत्तर चुनें।')).toBeInTheDocument();
    const number = screen.getByLabelText('प्रश्न 3 का आपका उत्तर');
    await userEvent.type(number, 'four');
    await userEvent.click(screen.getByRole('button', { name: 'उत्तर जमा करें' }));
    expect(number).toHaveAccessibleDescription('कोई संख्या लिखें, जैसे 1.5');
    await userEvent.clear(number);
    await userEvent.type(number, '4');
    await userEvent.click(screen.getByRole('button', { name: 'उत्तर जमा करें' }));
    expect(await screen.findByRole('heading', { name: 'अभी पास नहीं: 1 / 4 अंक (25%)' })).toHaveFocus();
    expect(screen.getByText('पास अंक 60%। आपका सर्वश्रेष्ठ स्कोर: 25%। 1 प्रयास बाकी।')).toBeInTheDocument();
    // Hindi's "one" form covers 0 as well: "(0 अंक)", like "(1 अंक)".
    expect(screen.getAllByText(/^\(0 अंक\)। आपका उत्तर:/)).toHaveLength(2);
    expect(screen.getByText(/^\(1 अंक\)। आपका उत्तर: x = 3।/)).toBeInTheDocument();
    expect(screen.getAllByText('गलत')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'फिर से प्रयास करें' })).toBeInTheDocument();
    view.unmount(); // before the setup switches back to English
  }, 20_000);
});
