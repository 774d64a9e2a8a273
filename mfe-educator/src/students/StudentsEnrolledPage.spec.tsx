import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';
import { formatDate } from '@academy/contracts';
import { newestFirst } from './data/studentsApi';

const algebra = { _id: '5b0e7f5c-2f57-4c39-9f4e-3f1b2a6c9d10', courseTitle: 'Class 8 Algebra', isPublished: true };
const record = (name: string, purchaseDate: string, courseTitle = 'Class 8 Algebra', amountPaise = 49_950) => ({
  student: { name, imageUrl: `https://img.test/${name}.png` },
  courseId: algebra._id,
  courseTitle,
  purchaseDate,
  amountPaise,
});
const myCourses = on('GET', '/api/educator/courses', ok({ courses: [algebra] }));

describe('Students Enrolled', () => {
  it('lists #, student (avatar and name), course, date, amount and status (free and refunded rows marked), newest first, with "Invalid Date" for unreadable dates', async () => {
    fakeServer(myCourses, on('GET', '/api/educator/enrolledStudents', ok({ enrolledStudents: [
      record('Old', '2025-01-02T10:00:00.000Z', 'Class 8 Algebra', 0),
      record('Broken', 'not a date', 'Class 11 Physics'),
      record('New', '2025-03-04T10:00:00.000Z'),
      { ...record('Refunded', '2025-02-01T10:00:00.000Z'), refunded: true, refundedAt: '2025-02-03T10:00:00.000Z' },
    ] })));
    renderEducatorApp('/educator/students-enrolled');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['#', 'Student Name', 'Course Title', 'Date', 'Amount', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'New', 'Class 8 Algebra', '04/03/2025', '₹499.50', 'Paid'],
      ['2', 'Refunded', 'Class 8 Algebra', '01/02/2025', '₹499.50', 'Refunded on 03/02/2025'],
      ['3', 'Old', 'Class 8 Algebra', '02/01/2025', 'Free', 'Enrolled free'],
      ['4', 'Broken', 'Class 11 Physics', 'Invalid Date', '₹499.50', 'Paid'],
    ]);
    expect(table.querySelector('img')).toHaveAttribute('src', 'https://img.test/New.png');
  });

  it('shows the first page, then the next one when "Load more students" is pressed (with the cursor the first gave)', async () => {
    const firstPage = Array.from({ length: 3 }, (_, index) => record(`First ${index}`, `2025-03-0${3 - index}T10:00:00.000Z`));
    const seen = fakeServer(
      myCourses,
      on('GET', '/api/educator/enrolledStudents?cursor=page-2', ok({ enrolledStudents: [record('Second page', '2025-01-01T10:00:00.000Z')], nextCursor: null })),
      on('GET', '/api/educator/enrolledStudents', ok({ enrolledStudents: firstPage, nextCursor: 'page-2' })),
    );
    renderEducatorApp('/educator/students-enrolled');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    await userEvent.click(screen.getByRole('button', { name: 'Load more students' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 4));
    expect(within(within(table).getAllByRole('row')[4]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '4', 'Second page', 'Class 8 Algebra', '01/01/2025', '₹499.50', 'Paid',
    ]);
    expect(seen.map((request) => request.path)).toContain('/api/educator/enrolledStudents?cursor=page-2');
    expect(screen.queryByRole('button', { name: 'Load more students' })).not.toBeInTheDocument();
  });

  it('asks again for one course and for typed words, and says when nothing matches', async () => {
    const seen = fakeServer(
      myCourses,
      on('GET', `/api/educator/enrolledStudents?courseId=${algebra._id}&q=rohit`, ok({ enrolledStudents: [], nextCursor: null })),
      on('GET', `/api/educator/enrolledStudents?courseId=${algebra._id}`, ok({ enrolledStudents: [record('Rohit', '2025-01-01T10:00:00.000Z')], nextCursor: null })),
      on('GET', '/api/educator/enrolledStudents', ok({ enrolledStudents: [record('Aarav', '2025-02-01T10:00:00.000Z')], nextCursor: null })),
    );
    renderEducatorApp('/educator/students-enrolled');
    await screen.findByRole('table');
    await userEvent.selectOptions(await screen.findByLabelText('Course'), algebra._id);
    await screen.findByText('Rohit');
    await userEvent.type(screen.getByLabelText('Search by student or course'), ' rohit ');
    await screen.findByText('No students match these filters.');
    expect(seen.map((request) => request.path)).toContain(`/api/educator/enrolledStudents?courseId=${algebra._id}&q=rohit`);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it.each([[''], ['not a date'], ['2025-13-45']])('formats %j as "Invalid Date"', (value) => {
    expect(formatDate(value)).toBe('Invalid Date');
  });

  it('keeps the server order for equal dates', () => {
    const a = record('A', '2025-01-01T00:00:00Z');
    const b = record('B', '2025-01-01T00:00:00Z');
    expect(newestFirst([a, b]).map((r) => r.student.name)).toEqual(['A', 'B']);
  });
});
