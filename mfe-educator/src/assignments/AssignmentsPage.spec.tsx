import { assignmentInputSchema } from '@academy/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';
import { dueDateForDisplay, dueDateForServer } from './AssignmentsPage';

const COURSE = '41111111-1111-4111-8111-111111111111';
const CHAPTER = '51111111-1111-4111-8111-11111111111a';

describe('the assignment form\'s due date (typed dd/mm/yyyy, stored yyyy-mm-dd)', () => {
  it.each([
    ['31/12/2027', '2027-12-31'],
    ['5/1/2027', '2027-01-05'],
    [' 05/01/2027 ', '2027-01-05'],
    ['', null],
    ['   ', null],
  ])('reads %j as %j', (typed, stored) => {
    expect(dueDateForServer(typed)).toBe(stored);
  });

  it('keeps what is not a date as typed, so the contract refuses it with its message', () => {
    const base = { chapterId: '51111111-1111-4111-8111-11111111111a', title: 'Essay', instructions: 'Write', maxMarks: 10 };
    for (const typed of ['31/02/2027', 'next week', '2027-13-01']) {
      const parsed = assignmentInputSchema.safeParse({ ...base, dueDate: dueDateForServer(typed) });
      expect(parsed.success ? 'accepted' : parsed.error.issues[0]!.message).toBe('Due date must be a date');
    }
  });

  it('shows a stored day as dd/mm/yyyy', () => {
    expect(dueDateForDisplay('2027-12-31')).toBe('31/12/2027');
  });
});

describe('the assignment form', () => {
  it("checks the contract's rules before sending: each message beside its field, then sends the typed day as yyyy-mm-dd", async () => {
    const user = userEvent.setup();
    const course = { _id: COURSE, courseTitle: 'Optics', courseContent: [{ chapterId: CHAPTER, chapterOrder: 1, chapterTitle: 'Light', chapterContent: [] }] };
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [{ _id: COURSE, courseTitle: 'Optics' }] })),
      on('GET', `/api/educator/courses/${COURSE}`, ok({ course })),
      on('GET', `/api/assignments/${COURSE}`, ok({ assignments: [] })),
      on('POST', `/api/assignments/${COURSE}`, ok({ message: 'Assignment added', assignment: {} })),
    );
    renderEducatorApp(`/educator/assignments?course=${COURSE}`);
    await user.click(await screen.findByRole('button', { name: '+ Add assignment to Light' }));
    const form = screen.getByRole('form', { name: 'Add assignment for Light' });
    await user.type(within(form).getByLabelText('Due date (dd/mm/yyyy, optional)'), '31/02/2027');
    await user.click(within(form).getByRole('button', { name: 'Add assignment' }));
    const due = within(form).getByLabelText('Due date (dd/mm/yyyy, optional)');
    expect(due).toHaveAttribute('aria-invalid', 'true');
    expect(due).toHaveAccessibleDescription('Due date must be a date');
    expect(within(form).getByLabelText('Title')).toHaveAccessibleDescription('Give the assignment a title');
    expect(within(form).getByLabelText('Max marks')).not.toHaveAttribute('aria-invalid');

    await user.type(within(form).getByLabelText('Title'), 'Ray diagram');
    await user.type(within(form).getByLabelText('Instructions'), 'Draw it.');
    await user.clear(due);
    await user.type(due, '31/12/2027');
    await user.click(within(form).getByRole('button', { name: 'Add assignment' }));
    expect(await screen.findByText('Assignment added')).toBeInTheDocument();
    const posted = seen.filter((request) => request.method === 'POST').map((request) => JSON.parse(String(request.body)));
    expect(posted).toEqual([{ chapterId: CHAPTER, title: 'Ray diagram', instructions: 'Draw it.', dueDate: '2027-12-31', maxMarks: 10, acceptedFileTypes: ['pdf'] }]);
  });
});
