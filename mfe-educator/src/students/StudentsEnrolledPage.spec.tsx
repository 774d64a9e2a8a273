import { screen, within } from '@testing-library/react';
import { fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';
import { formatDate } from '@academy/contracts';
import { newestFirst } from './data/studentsApi';

const record = (name: string, purchaseDate: string, courseTitle = 'Class 8 Algebra') => ({ student: { name, imageUrl: `https://img.test/${name}.png` }, courseTitle, purchaseDate });

describe('Students Enrolled', () => {
  it('lists #, student (avatar and name), course, date and status (refunded rows marked), newest first, with "Invalid Date" for unreadable dates', async () => {
    fakeServer(on('GET', '/api/educator/enrolledStudents', ok({ enrolledStudents: [
      record('Old', '2025-01-02T10:00:00.000Z'),
      record('Broken', 'not a date', 'Class 11 Physics'),
      record('New', '2025-03-04T10:00:00.000Z'),
      { ...record('Refunded', '2025-02-01T10:00:00.000Z'), refunded: true, refundedAt: '2025-02-03T10:00:00.000Z' },
    ] })));
    renderEducatorApp('/educator/students-enrolled');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['#', 'Student Name', 'Course Title', 'Date', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'New', 'Class 8 Algebra', '04/03/2025', 'Paid'],
      ['2', 'Refunded', 'Class 8 Algebra', '01/02/2025', 'Refunded on 03/02/2025'],
      ['3', 'Old', 'Class 8 Algebra', '02/01/2025', 'Paid'],
      ['4', 'Broken', 'Class 11 Physics', 'Invalid Date', 'Paid'],
    ]);
    expect(table.querySelector('img')).toHaveAttribute('src', 'https://img.test/New.png');
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
