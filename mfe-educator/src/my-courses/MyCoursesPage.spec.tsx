import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { failure, fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const course = {
  _id: '10000000-0000-4000-8000-000100000000',
  courseTitle: 'Class 8 Algebra',
  courseThumbnail: '/media/thumbnails/algebra.svg',
  coursePrice: 999,
  discount: 50,
  educator: { _id: 'sandbox|educator-meera', name: 'Meera Iyer' },
  averageRating: 4,
  ratingCount: 3,
  studentCount: 3,
  createdAt: '2025-01-10T09:00:00.000Z',
  isPublished: true,
  isDraft: false,
};
/** Commerce's ledger answer: the earnings My Courses joins to catalogue's list. */
const ledger = on('GET', '/api/educator/earnings/by-course', ok({ courses: [{ courseId: course._id, earnings: 1498, enrolments: 3 }] }));

describe('My Courses', () => {
  it('lists a draft with "Continue editing" and "Preview" instead of Edit and Unpublish', async () => {
    const draft = { ...course, _id: '10000000-0000-4000-8000-000100000009', courseTitle: '', courseThumbnail: '', studentCount: 0, isPublished: false, isDraft: true };
    fakeServer(on('GET', '/api/educator/courses', ok({ courses: [draft, course] })), ledger);
    renderEducatorApp('/educator/my-courses');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Untitled draftDraft');
    expect(within(row).getByRole('link', { name: 'Continue editing Untitled draft' })).toHaveAttribute('href', `/educator/add-course?draft=${draft._id}`);
    expect(within(row).getByRole('link', { name: 'Preview Untitled draft' })).toHaveAttribute('href', `/educator/preview/${draft._id}`);
    expect(within(row).queryByRole('button')).toBeNull();
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('₹0.00'); // no sale yet: no ledger row
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('Not yet');
  });

  it('shows a loading view, then each course with thumbnail, earnings, students and date, each cell named for the phone cards', async () => {
    fakeServer(on('GET', '/api/educator/courses', ok({ courses: [course] })), ledger);
    renderEducatorApp('/educator/my-courses');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your courses');
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((th) => th.textContent)).toEqual(['All Courses', 'Earnings', 'Students', 'Published On', 'Actions']);
    expect(table).toHaveClass('data-table--cards');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Class 8 Algebra');
    expect(row.querySelector('img')).toHaveAttribute('src', course.courseThumbnail);
    expect(within(row).getAllByRole('cell').slice(0, 3).map((cell) => [cell.dataset.label, cell.textContent])).toEqual([
      ['Earnings', '₹1,498.00'],
      ['Students', '3'],
      ['Published On', '10/01/2025'],
    ]);
    expect(within(row).getByRole('link', { name: 'Edit Class 8 Algebra' })).toHaveAttribute('href', `/educator/edit-course/${course._id}`);
    expect(within(row).getByRole('link', { name: 'Quiz results of Class 8 Algebra' })).toHaveAttribute('href', `/educator/quiz-results?course=${course._id}`);
  });

  it('unpublishes and republishes a course', async () => {
    const user = userEvent.setup();
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [course] })), ledger,
      on('POST', `/api/educator/courses/${course._id}/unpublish`, ok({ message: 'Course Unpublished', isPublished: false })),
      on('POST', `/api/educator/courses/${course._id}/publish`, ok({ message: 'Course Published', isPublished: true })),
    );
    renderEducatorApp('/educator/my-courses');
    await user.click(await screen.findByRole('button', { name: 'Unpublish Class 8 Algebra' }));
    // Asked first, saying what happens to the learners already enrolled; Cancel sends nothing.
    const question = screen.getByRole('alertdialog', { name: "Unpublish 'Class 8 Algebra'?" });
    expect(question).toHaveTextContent('3 learners already enrolled keep full access');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(seen.filter((r) => r.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unpublish Class 8 Algebra' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Course Unpublished')).toBeInTheDocument();
    expect(screen.getByText('Unpublished')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Republish Class 8 Algebra' }));
    expect(await screen.findByText('Course Published')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish Class 8 Algebra' })).toBeInTheDocument();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/api/educator/courses/${course._id}/unpublish`,
      `/api/educator/courses/${course._id}/publish`,
    ]);
  });

  it("keeps the course as it was and shows the server's message when unpublishing fails", async () => {
    const user = userEvent.setup();
    fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [course] })), ledger,
      on('POST', `/api/educator/courses/${course._id}/unpublish`, failure(404, 'Course not found')),
    );
    renderEducatorApp('/educator/my-courses');
    await user.click(await screen.findByRole('button', { name: 'Unpublish Class 8 Algebra' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Course not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpublish Class 8 Algebra' })).toBeEnabled();
  });

  it('in Hindi: the table, ₹ with lakh grouping, dd/mm/yyyy, and the unpublish question counting learners (1 and 3)', async () => {
    const user = userEvent.setup();
    const rich = { ...course, _id: '10000000-0000-4000-8000-000100000001', courseTitle: 'Class 10 Physics', studentCount: 1 };
    fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [course, rich] })),
      on('GET', '/api/educator/earnings/by-course', ok({ courses: [{ courseId: rich._id, earnings: 123456.5, enrolments: 1 }] })),
      on('POST', `/api/educator/courses/${course._id}/unpublish`, ok({ message: 'Course Unpublished', isPublished: false })),
    );
    await act(() => i18next.changeLanguage('hi'));
    renderEducatorApp('/educator/my-courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'मेरे कोर्स' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['सभी कोर्स', 'कमाई', 'विद्यार्थी', 'प्रकाशन की तारीख', 'कार्रवाइयाँ']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getAllByRole('cell').slice(0, 3).map((cell) => [cell.dataset.label, cell.textContent])).toEqual([
      ['कमाई', '₹0.00'],
      ['विद्यार्थी', '3'],
      ['प्रकाशन की तारीख', '10/01/2025'],
    ]);
    expect(within(second!).getAllByRole('cell')[0]).toHaveTextContent('₹1,23,456.50');

    await user.click(within(second!).getByRole('button', { name: 'Class 10 Physics को अप्रकाशित करें' }));
    expect(screen.getByRole('alertdialog', { name: "'Class 10 Physics' को अप्रकाशित करें?" })).toHaveTextContent(
      'पहले से नामांकित 1 विद्यार्थी की पूरी पहुँच बनी रहेगी',
    );
    await user.keyboard('{Escape}');
    await user.click(within(first!).getByRole('button', { name: 'Class 8 Algebra को अप्रकाशित करें' }));
    const question = screen.getByRole('alertdialog');
    expect(question).toHaveTextContent('पहले से नामांकित 3 विद्यार्थियों की पूरी पहुँच बनी रहेगी');
    await user.click(within(question).getByRole('button', { name: 'अप्रकाशित करें' }));
    // The server answers in English; the toast shows its Hindi.
    expect(await screen.findByText('कोर्स अप्रकाशित हो गया')).toBeInTheDocument();
  });
});
