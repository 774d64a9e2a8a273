import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import { failure, fakeServer, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const algebra = { _id: '5b0e7f5c-2f57-4c39-9f4e-3f1b2a6c9d10', courseTitle: 'Class 8 Algebra', isPublished: true };
const listed = {
  id: 'c1',
  code: 'DIWALI50',
  courseId: null,
  courseTitle: null,
  kind: 'percent',
  percentOff: 50,
  amountOffPaise: null,
  startsOn: '2026-11-01',
  endsOn: '2026-11-30',
  maxUses: 100,
  usedCount: 3,
  redemptions: 2,
  revenuePaise: 1_24_950_00,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('Coupons page', () => {
  it("lists the educator's codes with uses, redemptions and revenue in rupees", async () => {
    fakeServer(on('GET', '/api/educator/coupons', ok({ coupons: [listed] })), on('GET', '/api/educator/courses', ok({ courses: [algebra] })));
    renderEducatorApp('/educator/coupons');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('DIWALI50');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'All my courses',
      '50% off',
      '01/11/2026 to 30/11/2026',
      '3 of 100',
      '2',
      '₹1,24,950.00',
    ]);
  });

  it('creates a flat code for one course (rupees sent as paise) and shows it at the top; a refusal is shown as an alert', async () => {
    const created = { ...listed, id: 'c2', code: 'FLAT200', courseId: algebra._id, courseTitle: algebra.courseTitle, kind: 'flat', percentOff: null, amountOffPaise: 20_000, usedCount: 0, redemptions: 0, revenuePaise: 0 };
    let attempt = 0;
    const seen = fakeServer(
      on('GET', '/api/educator/coupons', ok({ coupons: [listed] })),
      on('GET', '/api/educator/courses', ok({ courses: [algebra] })),
      on('POST', '/api/educator/coupons', () => (++attempt === 1 ? failure(409, 'This code is already taken: choose another') : { status: 201, body: { success: true, coupon: created } })),
    );
    renderEducatorApp('/educator/coupons');
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'New code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'flat200');
    await userEvent.selectOptions(within(form).getByLabelText('Course'), algebra._id);
    await userEvent.click(within(form).getByLabelText('Flat amount off'));
    await userEvent.type(within(form).getByLabelText('Amount off (₹)'), '200');
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This code is already taken: choose another');

    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    await waitFor(() => expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['FLAT200', 'DIWALI50']));
    const posted = JSON.parse(String(seen.filter((request) => request.method === 'POST').at(-1)!.body)) as Record<string, unknown>;
    expect(posted).toMatchObject({ code: 'FLAT200', courseId: algebra._id, kind: 'flat', amountOffPaise: 20_000, maxUses: 100 });
    expect(posted).not.toHaveProperty('percentOff');
  });

  it("checks the contract's rules before sending: each message beside its field, the field marked invalid", async () => {
    const seen = fakeServer(on('GET', '/api/educator/coupons', ok({ coupons: [] })), on('GET', '/api/educator/courses', ok({ courses: [algebra] })));
    renderEducatorApp('/educator/coupons');
    const form = await screen.findByRole('form', { name: 'New code' });
    await userEvent.type(within(form).getByLabelText('Percent off (1 to 100)'), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    const code = within(form).getByLabelText('Code');
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(code).toHaveAccessibleDescription('Enter a coupon code');
    expect(within(form).getByLabelText('Percent off (1 to 100)')).toHaveAccessibleDescription('percentOff must be 1 to 100');
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });
});

describe('Coupons page in Hindi', () => {
  const refusal = 'Invalid request: percentOff: percentOff must be 1 to 100; endsOn: The end date must not be before the start date';

  it("shows the codes' figures in Hindi and the server's refusal rule by rule, field names kept", async () => {
    fakeServer(
      on('GET', '/api/educator/coupons', ok({ coupons: [listed] })),
      on('GET', '/api/educator/courses', ok({ courses: [algebra] })),
      on('POST', '/api/educator/coupons', failure(400, refusal)),
    );
    await act(() => i18next.changeLanguage('hi'));
    renderEducatorApp('/educator/coupons');
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'मेरे सभी कोर्स', '50% की छूट', '01/11/2026 से 30/11/2026 तक', '100 में से 3', '2', '₹1,24,950.00',
    ]);
    const form = screen.getByRole('form', { name: 'नया कोड' });
    await userEvent.type(within(form).getByLabelText('कोड'), 'BIG150');
    await userEvent.type(within(form).getByLabelText('प्रतिशत छूट (1 से 100)'), '50');
    await userEvent.click(within(form).getByRole('button', { name: 'कोड बनाएँ' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'percentOff: प्रतिशत छूट 1 से 100 के बीच होनी चाहिए; endsOn: समाप्त होने की तारीख़ शुरू होने की तारीख़ से पहले नहीं हो सकती',
    );
  });

  it('shows the same refusal in English as the server wrote it, without its prefix', async () => {
    fakeServer(
      on('GET', '/api/educator/coupons', ok({ coupons: [] })),
      on('GET', '/api/educator/courses', ok({ courses: [algebra] })),
      on('POST', '/api/educator/coupons', failure(400, refusal)),
    );
    renderEducatorApp('/educator/coupons');
    const form = await screen.findByRole('form', { name: 'New code' });
    await userEvent.type(within(form).getByLabelText('Code'), 'BIG150');
    await userEvent.type(within(form).getByLabelText('Percent off (1 to 100)'), '50');
    await userEvent.click(within(form).getByRole('button', { name: 'Create code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('percentOff: percentOff must be 1 to 100; endsOn: The end date must not be before the start date');
  });
});
