import { assignmentInputSchema } from '@academy/contracts';
import { dueDateForDisplay, dueDateForServer } from './AssignmentsPage';

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
