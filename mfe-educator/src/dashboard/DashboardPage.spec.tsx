import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { failure, fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const dashboardData = {
  totalEnrolments: 12,
  totalCourses: 4,
  totalEarnings: 1498.5,
  enrolledStudentsData: [
    { student: { name: 'Aarav Sharma', imageUrl: 'https://img.test/aarav.png' }, courseTitle: 'Class 8 Algebra' },
    { student: { name: 'Diya Patel', imageUrl: '' }, courseTitle: 'Class 11 Physics' },
  ],
};

beforeAll(() => {
  // recharts' ResponsiveContainer measures its box; jsdom has no layout.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

describe('Dashboard', () => {
  it('shows the three totals and the latest enrollments', async () => {
    fakeServer(
      on('GET', '/api/educator/dashboard', ok({ dashboardData })),
      on('GET', '/api/educator/inbox/summary', ok({ summary: { medianSecondsToFirstAnswer: 12_000, answeredDoubts: 5, unansweredDoubts: 2 } })),
      on('GET', '/api/educator/submissions/summary', ok({ awaitingReview: 3 })),
    );
    renderEducatorApp('/educator');
    expect(await screen.findByText('Total Enrolments')).toBeInTheDocument();
    expect(await screen.findByText('Median time to first answer')).toBeInTheDocument();
    expect(await screen.findByText('Awaiting review')).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label).parentElement!.querySelector('dd')!.textContent;
    // The total comes from the aggregates; the table lists only the latest enrolments.
    expect(value('Total Enrolments')).toBe('12');
    expect(value('Total Courses')).toBe('4');
    expect(value('Total Earnings')).toBe('₹1,498.50');
    expect(value('Median time to first answer')).toBe('3 h 20 min');
    expect(value('Doubts awaiting your answer')).toBe('2');
    expect(value('Awaiting review')).toBe('3');

    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['#', 'Student Name', 'Course Title']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', 'Aarav Sharma', 'Class 8 Algebra'],
      ['2', 'DDiya Patel', 'Class 11 Physics'],
    ]);
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', 'https://img.test/aarav.png');
  });

  it('shows an empty chart state when commerce does not serve earnings yet (404)', async () => {
    const seen = fakeServer(on('GET', '/api/educator/dashboard', ok({ dashboardData })));
    renderEducatorApp('/educator');
    expect(await screen.findByText(/No earnings yet/)).toBeInTheDocument();
    expect(seen.map((r) => r.path)).toContain('/api/educator/earnings?granularity=day');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('summarises the series in text and as a table, and switches between days and months', async () => {
    const user = userEvent.setup();
    fakeServer(
      on('GET', '/api/educator/dashboard', ok({ dashboardData })),
      on('GET', '/api/educator/earnings?granularity=day', ok({ series: [
        { period: '2026-11-21', earnings: 449.55, enrolments: 1 },
        { period: '2026-11-22', earnings: 1048.95, enrolments: 2 },
      ] })),
      on('GET', '/api/educator/earnings?granularity=month', ok({ series: [] })),
    );
    renderEducatorApp('/educator');
    expect(await screen.findByText('₹1,498.50 earned from 3 enrolments over 2 days, 21/11/2026 to 22/11/2026.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Chart of earnings and enrolments' })).toHaveAccessibleDescription(/₹1,498.50 earned/);
    const table = screen.getByRole('table', { name: 'Earnings and enrolments by day' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['21/11/2026₹449.551', '22/11/2026₹1,048.952']);

    expect(screen.getByRole('button', { name: 'Days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Months' }));
    expect(screen.getByRole('button', { name: 'Months' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(/No earnings yet/)).toBeInTheDocument();
  });

  it("shows the server's message when the dashboard fails", async () => {
    fakeServer(on('GET', '/api/educator/dashboard', failure(503, 'Commerce is unavailable')));
    renderEducatorApp('/educator');
    expect(await screen.findByRole('heading', { name: 'The dashboard could not be loaded' })).toBeInTheDocument();
    expect(screen.getAllByText('Commerce is unavailable').length).toBeGreaterThan(0);
  });
});

describe('Dashboard in Hindi', () => {
  it('writes the totals with lakh grouping, the waiting time, and the summary for one day and for two months', async () => {
    const user = userEvent.setup();
    await act(() => i18next.changeLanguage('hi'));
    fakeServer(
      on('GET', '/api/educator/dashboard', ok({ dashboardData: { ...dashboardData, totalEnrolments: 123_456, totalEarnings: 150_000 } })),
      on('GET', '/api/educator/inbox/summary', ok({ summary: { medianSecondsToFirstAnswer: 2 * 86_400 + 4 * 3600, answeredDoubts: 5, unansweredDoubts: 2 } })),
      on('GET', '/api/educator/earnings?granularity=day', ok({ series: [{ period: '2026-11-21', earnings: 449.55, enrolments: 1 }] })),
      on('GET', '/api/educator/earnings?granularity=month', ok({ series: [
        { period: '2026-10', earnings: 100, enrolments: 1 },
        { period: '2026-11', earnings: 1048.95, enrolments: 2 },
      ] })),
    );
    renderEducatorApp('/educator');
    const value = (label: string) => screen.getByText(label).parentElement!.querySelector('dd')!.textContent;
    expect(await screen.findByText('कुल नामांकन')).toBeInTheDocument();
    expect(value('कुल नामांकन')).toBe('1,23,456');
    expect(value('कुल कमाई')).toBe('₹1,50,000.00');
    expect(await screen.findByText('पहले उत्तर में लगा समय (माध्यिका)')).toBeInTheDocument();
    expect(value('पहले उत्तर में लगा समय (माध्यिका)')).toBe('2 दिन 4 घंटे');
    expect(screen.getByRole('columnheader', { name: 'विद्यार्थी का नाम' })).toBeInTheDocument();

    expect(await screen.findByText('21/11/2026 से 21/11/2026 तक (1 दिन): 1 नामांकन, कुल कमाई ₹449.55।')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'महीने' }));
    expect(await screen.findByText('10/2026 से 11/2026 तक (2 माह): 3 नामांकन, कुल कमाई ₹1,148.95।')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'महीने के अनुसार कमाई और नामांकन' })).toBeInTheDocument();
  });
});
