import type { ReportedReview, UserData } from '@academy/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, fakeServer, meera, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const algebra = { _id: '5b0e7f5c-2f57-4c39-9f4e-3f1b2a6c9d10', courseTitle: 'Class 8 Algebra', isPublished: true };
const reported: ReportedReview = {
  _id: '7a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  courseId: algebra._id,
  courseTitle: algebra.courseTitle,
  userName: 'Kabir Singh',
  rating: 2,
  text: 'Too fast.\nCall me on 98xxxx',
  createdAt: '2026-11-20T10:00:00.000Z',
  hidden: false,
  reportCount: 2,
  lastReportedAt: '2026-11-25T10:00:00.000Z',
  reports: [
    { reason: 'Shares a phone number', reportedAt: '2026-11-25T10:00:00.000Z' },
    { reason: '', reportedAt: '2026-11-24T10:00:00.000Z' },
  ],
};
const nisha: UserData = { ...meera, _id: 'sandbox|admin-nisha', name: 'Nisha Rao', email: 'nisha@demo.academy', publicMetadata: { role: 'student' } };

describe('Reported reviews page', () => {
  it("shows the educator's course's reports (count, reasons, dates, never who) and hides a review from there", async () => {
    const seen = fakeServer(
      on('GET', '/api/educator/courses', ok({ courses: [algebra] })),
      on('GET', `/api/reviews/reported?courseId=${algebra._id}`, ok({ reviews: [reported] })),
      on('POST', `/api/reviews/${reported._id}/hide`, ok({ message: 'Review hidden' })),
    );
    renderEducatorApp('/educator/reported-reviews');
    const card = await screen.findByRole('article', { name: 'Review by Kabir Singh' });
    expect(within(card).getByText('2 reports, latest 25/11/2026')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['25/11/2026: Shares a phone number', '24/11/2026: No reason given']);
    expect(within(card).getByText('Shown to learners')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hide from learners' }));
    expect(await within(card).findByText('Hidden from learners')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Show to learners' })).toBeInTheDocument();
    expect(JSON.parse(String(seen.find((request) => request.method === 'POST')?.body))).toEqual({ hidden: true });
    expect(screen.getByRole('navigation', { name: 'Educator' })).toBeInTheDocument();
  });

  it("gives the academy's administrator every course's reports, without the educator's menu", async () => {
    fakeServer(on('GET', '/api/reviews/reported', ok({ reviews: [{ ...reported, hidden: true }] })));
    renderEducatorApp('/educator/reported-reviews', nisha);
    const card = await screen.findByRole('article', { name: 'Review by Kabir Singh on Class 8 Algebra' });
    expect(within(card).getByRole('button', { name: 'Show to learners' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Educator' })).not.toBeInTheDocument();
  });

  it("shows a student the server's refusal, and keeps the rest of the educator area closed", async () => {
    fakeServer(on('GET', '/api/reviews/reported', failure(403, 'Only educator or academy administrator accounts can do this')));
    renderEducatorApp('/educator/reported-reviews', { ...nisha, name: 'Aarav Sharma' });
    expect(await screen.findByText('Only educator or academy administrator accounts can do this', { selector: '.error-panel__message' })).toBeInTheDocument();
  });
});
