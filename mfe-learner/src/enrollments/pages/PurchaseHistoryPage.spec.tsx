import type { LearnerPurchase } from '@academy/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Route } from '@academy/routing';
import { fileResponse } from '@academy/platform/testing';
import { failure, fakeServer, ok, renderAt, userData, type FakeRequest } from '../testing/learningTestKit';
import { PurchaseHistoryPage } from './PurchaseHistoryPage';

const routes = (
  <>
    <Route path="/purchase-history" element={<PurchaseHistoryPage />} />
    <Route path="/parent/payments" element={<PurchaseHistoryPage forParent />} />
  </>
);

const purchase = (overrides: Partial<LearnerPurchase>): LearnerPurchase => ({
  purchaseId: 'p-1',
  courseId: 'course-1',
  courseTitle: 'Algebra Foundations',
  amountPaise: 159_900,
  refundedPaise: 0,
  status: 'paid',
  createdAt: '2026-11-20T09:00:00.000Z',
  paidAt: '2026-11-20T09:01:00.000Z',
  refund: null,
  refundable: true,
  refundBlockedReason: null,
  receipts: [],
  learner: null,
  ...overrides,
});

describe('Purchase history', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks signed-out visitors to log in', () => {
    const requests = fakeServer();
    renderAt('/purchase-history', routes);
    expect(screen.getByText('Please log in to see your purchase history')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('lists purchases with amount, date, status and receipt downloads for the signed-in learner', async () => {
    const downloads: { url: string; auth: string | undefined }[] = [];
    const receipts = (request: FakeRequest) => {
      if (!request.path.includes('/receipts/')) return undefined;
      downloads.push({ url: request.path, auth: request.headers.Authorization });
      return request.path.includes('/p-2/receipts/refund') ? failure(404, 'Receipt not found') : fileResponse('ACAD-2026-27-000001.pdf', '%PDF-1.3');
    };
    const requests = fakeServer((request) =>
      request.path === '/api/user/purchases'
        ? ok({
            purchases: [
              purchase({
                purchaseId: 'p-2',
                courseTitle: 'Physics',
                status: 'refunded',
                refund: { status: 'processed', amountPaise: 159_900, requestedAt: '2026-11-21T09:00:00.000Z', processedAt: '2026-11-22T09:00:00.000Z' },
                receipts: [
                  { kind: 'payment', number: 'ACAD/2026-27/000002', issuedAt: '2026-11-20T09:01:00.000Z' },
                  { kind: 'refund', number: 'ACAD-CN/2026-27/000001', issuedAt: '2026-11-22T09:00:00.000Z' },
                ],
              }),
              purchase({ receipts: [{ kind: 'payment', number: 'ACAD/2026-27/000001', issuedAt: '2026-11-20T09:01:00.000Z' }] }),
              purchase({ purchaseId: 'p-0', courseTitle: 'Chemistry', status: 'expired', paidAt: null, createdAt: '2026-11-01T09:00:00.000Z' }),
            ],
          })
        : undefined,
      receipts,
    );
    URL.createObjectURL = jest.fn(() => 'blob:receipt');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    renderAt('/purchase-history', routes, { user: userData() });
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Physics', '₹1,599.00', '20/11/2026', 'Refunded (₹1,599.00 on 22/11/2026)', 'Receipt ACAD/2026-27/000002 (PDF)Refund credit note ACAD-CN/2026-27/000001 (PDF)'],
      ['Algebra Foundations', '₹1,599.00', '20/11/2026', 'Paid', 'Receipt ACAD/2026-27/000001 (PDF)'],
      ['Chemistry', '₹1,599.00', '01/11/2026', 'Expired without payment', '—'],
    ]);
    expect(requests[0]!.headers.Authorization).toBe('Bearer test-access-token');

    await userEvent.click(screen.getByRole('button', { name: 'Receipt ACAD/2026-27/000001 (PDF)' }));
    expect(await screen.findByText('Downloaded ACAD-2026-27-000001.pdf')).toBeInTheDocument();
    expect(downloads).toEqual([{ url: '/api/user/purchases/p-1/receipts/payment', auth: 'Bearer test-access-token' }]);

    await userEvent.click(screen.getByRole('button', { name: /Refund credit note ACAD-CN/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Receipt not found');
  });

  it("a parent's Payments: each payment names the child it was for; a child no longer linked is not named and has no receipt", async () => {
    fakeServer((request) =>
      request.path === '/api/user/purchases'
        ? ok({
            purchases: [
              purchase({
                learner: { id: 'sandbox|student-aarav', name: 'Aarav Sharma', linked: true },
                receipts: [{ kind: 'payment', number: 'ACAD/2026-27/000003', issuedAt: '2026-11-20T09:01:00.000Z' }],
              }),
              purchase({ purchaseId: 'p-4', courseTitle: 'Physics', learner: { id: 'sandbox|student-old', name: null, linked: false } }),
              purchase({ purchaseId: 'p-5', courseTitle: 'Chemistry' }),
            ],
          })
        : undefined,
    );
    renderAt('/parent/payments', routes, { user: userData({ name: 'Kavita Sharma', publicMetadata: { role: 'parent' } }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['For', 'Course', 'Amount', 'Date', 'Status', 'Receipts']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Aarav Sharma', 'Algebra Foundations', '₹1,599.00', '20/11/2026', 'Paid', 'Receipt ACAD/2026-27/000003 for Aarav Sharma (PDF)'],
      ['A child no longer linked to you', 'Physics', '₹1,599.00', '20/11/2026', 'Paid', '—'],
      ['You', 'Chemistry', '₹1,599.00', '20/11/2026', 'Paid', '—'],
    ]);
    expect(screen.getByRole('button', { name: 'Receipt ACAD/2026-27/000003 for Aarav Sharma (PDF)' })).toBeInTheDocument();
  });
});

describe('Purchase history in Hindi', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows amounts, dates and states in Hindi, and asks for the receipt PDF in Hindi', async () => {
    await act(() => i18next.changeLanguage('hi'));
    const downloads: string[] = [];
    const receipts = (request: FakeRequest) => {
      if (!request.path.includes('/receipts/')) return undefined;
      downloads.push(`${request.path}${request.search}`);
      return fileResponse('ACAD-2026-27-000001.pdf', '%PDF-1.3');
    };
    fakeServer((request) =>
      request.path === '/api/user/purchases'
        ? ok({
            purchases: [
              purchase({ amountPaise: 1_25_000_00, receipts: [{ kind: 'payment', number: 'ACAD/2026-27/000001', issuedAt: '2026-11-20T09:01:00.000Z' }] }),
              purchase({ purchaseId: 'p-0', courseTitle: 'Chemistry', status: 'expired', paidAt: null, createdAt: '2026-11-01T09:00:00.000Z' }),
            ],
          })
        : undefined,
      receipts,
    );
    URL.createObjectURL = jest.fn(() => 'blob:receipt');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const view = renderAt('/purchase-history', routes, { user: userData() });
    expect(screen.getByRole('heading', { level: 1, name: 'ख़रीद का इतिहास' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['कोर्स', 'राशि', 'तारीख़', 'स्थिति', 'रसीदें']);
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Algebra Foundations', '₹1,25,000.00', '20/11/2026', 'भुगतान हुआ', 'रसीद ACAD/2026-27/000001 (PDF)'],
      ['Chemistry', '₹1,599.00', '01/11/2026', 'भुगतान के बिना समाप्त', '—'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'रसीद ACAD/2026-27/000001 (PDF)' }));
    expect(await screen.findByText('ACAD-2026-27-000001.pdf डाउनलोड हो गई')).toBeInTheDocument();
    expect(downloads).toEqual(['/api/user/purchases/p-1/receipts/payment?number=ACAD%2F2026-27%2F000001&lang=hi']);
    view.unmount(); // before the setup switches back to English
  });

  it('asks for a credit note in the language shown beside its number', async () => {
    const downloads: string[] = [];
    const receipts = (request: FakeRequest) => {
      if (!request.path.includes('/receipts/')) return undefined;
      downloads.push(request.search);
      return { status: 502, body: {} };
    };
    fakeServer((request) =>
      request.path === '/api/user/purchases'
        ? ok({ purchases: [purchase({ receipts: [{ kind: 'refund', number: 'ACAD-CN/2026-27/000004', issuedAt: '2026-11-22T09:00:00.000Z' }] })] })
        : undefined,
      receipts,
    );

    const view = renderAt('/purchase-history', routes, { user: userData() });
    await userEvent.click(await screen.findByRole('button', { name: /Refund credit note/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not download the receipt (HTTP 502)');
    expect(downloads).toEqual(['?number=ACAD-CN%2F2026-27%2F000004&lang=en']);
    await act(() => i18next.changeLanguage('hi'));
    await userEvent.click(screen.getByRole('button', { name: /रिफ़ंड क्रेडिट नोट/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('रसीद डाउनलोड नहीं हो सकी (HTTP 502)');
    expect(downloads[1]).toBe('?number=ACAD-CN%2F2026-27%2F000004&lang=hi');
    view.unmount(); // before the setup switches back to English
  });
});
