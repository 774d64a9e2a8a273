import type { CourseAnalytics } from '@academy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const algebra = { _id: '5b0e7f5c-2f57-4c39-9f4e-3f1b2a6c9d10', courseTitle: 'Class 8 Algebra', isPublished: true };
const physics = { _id: '6c1f8a6d-3a68-4d4a-8a5f-4a2c3b7d0e21', courseTitle: 'Class 9 Physics', isPublished: true };

const algebraFigures: CourseAnalytics = {
  courseId: algebra._id,
  courseTitle: algebra.courseTitle,
  enrolled: 8,
  watchSeconds: 3 * 3600 + 5 * 60,
  lectures: [
    { lectureId: 'l1', label: '1.1', title: 'Variables', started: 8, finished: 7, watchSeconds: 4000 },
    { lectureId: 'l2', label: '1.2', title: 'Equations', started: 7, finished: 3, watchSeconds: 3000 },
    { lectureId: 'l3', label: '2.1', title: 'Graphs', started: 3, finished: 3, watchSeconds: 4100 },
  ],
  funnel: [
    { label: 'Enrolled', learners: 8 },
    { label: 'Started a lecture', learners: 8 },
    { label: 'Finished a lecture', learners: 7 },
    { label: 'Finished half the lectures', learners: 3 },
    { label: 'Finished every lecture', learners: 3 },
  ],
  quizzes: [
    {
      quizId: 'q', title: 'Chapter 1 check', version: 1, attempts: 10, averagePercent: 62,
      questions: [
        { questionId: 'a', label: 'Q1', prompt: 'Solve x + 2 = 5', answers: 10, percentCorrect: 90 },
        { questionId: 'b', label: 'Q2', prompt: 'Solve 2x = 9', answers: 10, percentCorrect: 30 },
      ],
    },
  ],
  updatedAt: '2026-11-26T06:00:00.000Z',
};

describe('Analytics page', () => {
  it('shows the first course: figures, the steepest drop-off in words, each lecture in a table, the funnel and quiz difficulty', async () => {
    fakeServer(on('GET', '/api/educator/courses', ok({ courses: [algebra, physics] })), on('GET', `/api/educator/analytics/${algebra._id}`, ok({ analytics: algebraFigures })));
    renderEducatorApp('/educator/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lecture analytics' })).toBeInTheDocument();
    expect(await screen.findByText('Most learners stop at lecture 1.2, Equations: 7 started it and 3 finished it (4 learners dropped off).')).toBeInTheDocument();
    expect(screen.getByText('3 h 05 min')).toBeInTheDocument();
    expect(screen.getByText('Latest learner activity counted on 26/11/2026; new activity appears within a few seconds.')).toBeInTheDocument();
    const lectures = within(screen.getByRole('region', { name: 'Learners per lecture' })).getAllByRole('row').slice(1);
    expect(lectures.map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['1.1 Variables', '8', '7', '1', '1 h 06 min'],
      ['1.2 Equations', '7', '3', '4', '50 min'],
      ['2.1 Graphs', '3', '3', '0', '1 h 08 min'],
    ]);
    const funnel = within(screen.getByRole('region', { name: 'Learners at each step' })).getAllByRole('row').slice(1);
    expect(funnel.map((row) => row.textContent)).toEqual([
      'Enrolled8100%', 'Started a lecture8100%', 'Finished a lecture788%', 'Finished half the lectures338%', 'Finished every lecture338%',
    ]);
    expect(screen.getByText('10 attempts, average score 62%. Hardest question: Q2, Solve 2x = 9 (30% right).')).toBeInTheDocument();
    // The charts come from a chunk loaded on demand, each an image described by its summary.
    const chart = await screen.findByRole('img', { name: 'Chart of learners who started and finished each lecture' }, { timeout: 10_000 });
    expect(chart).toHaveAccessibleDescription(/^Most learners stop at lecture 1\.2/);
  }, 20_000);

  it('switches course with the Course field and shows the server\'s refusal', async () => {
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [algebra, physics] })),
      on('GET', `/api/educator/analytics/${algebra._id}`, ok({ analytics: algebraFigures })),
      on('GET', `/api/educator/analytics/${physics._id}`, failure(404, 'Course not found')),
    );
    renderEducatorApp('/educator/analytics');
    await screen.findByText(/Most learners stop at lecture 1\.2/);
    await userEvent.selectOptions(screen.getByLabelText('Course'), 'Class 9 Physics');
    expect(await screen.findByText('Course not found', { selector: '.error-panel__message' })).toBeInTheDocument();
    await waitFor(() => expect(seen.map((request) => request.path)).toContain(`/api/educator/analytics/${physics._id}`));
  });

  it('says so when the educator has no course', async () => {
    fakeServer(on('GET', '/api/educator/courses', ok({ courses: [] })));
    renderEducatorApp('/educator/analytics');
    expect(await screen.findByText('You have no courses yet. Analytics appear once learners study your courses.')).toBeInTheDocument();
  });
});
