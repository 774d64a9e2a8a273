import { PAYOUT_REAUTH_MESSAGE } from '@academy/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, fakeServer, meera, on, ok, renderEducatorApp } from '../testing/educatorTestKit';

const account = { beneficiaryName: 'Meera Iyer', accountNumberLast4: '5678', ifsc: 'HDFC0001234', updatedAt: '2026-11-20T10:00:00.000Z' };
const paid = {
  id: 'p1',
  salesFrom: '2026-11-10',
  salesTo: '2026-11-16',
  grossPaise: 126_414,
  refundsPaise: 12_345,
  feePaise: 11_407,
  tdsPaise: 126,
  netPaise: 102_536,
  status: 'paid',
  transferId: 'trf_1',
  createdAt: '2026-11-23T21:30:00.000Z',
  paidAt: '2026-11-23T21:31:00.000Z',
};
const listing = { payouts: [paid], settledUnpaidPaise: 33_333, heldPaise: 49_999, feePercent: 10, tdsPercent: 0.1 };

describe('Payouts page', () => {
  it('shows the account, what is due and held, and each payout with its lines to the paisa', async () => {
    fakeServer(on('GET', '/api/educator/payout-account', ok({ account })), on('GET', '/api/educator/payouts', ok(listing)));
    renderEducatorApp('/educator/payouts');
    expect(await screen.findByText(/Payouts go to the bank account ending/)).toHaveTextContent('ending 5678 (IFSC HDFC0001234, Meera Iyer)');
    expect(screen.getByText('Due in the next weekly payout').nextElementSibling).toHaveTextContent('₹333.33');
    expect(screen.getByText(/Held while learners may still ask/).nextElementSibling).toHaveTextContent('₹499.99');
    const card = screen.getByRole('article', { name: '10/11/2026 to 16/11/2026' });
    expect(within(card).getByText(/^Paid on/)).toHaveTextContent('Paid on 24/11/2026');
    const lines = within(card).getAllByRole('definition').map((line) => line.textContent);
    expect(lines).toEqual(['₹1,264.14', '-₹123.45', '-₹114.07', '-₹1.26', '₹1,025.36']);
    expect(within(card).getByRole('button', { name: 'Download statement for 10/11/2026 to 16/11/2026' })).toBeInTheDocument();
  });

  it('adds a first account; a change without a recent sign-in offers to sign in again and comes back here', async () => {
    const loginWithRedirect = jest.fn(async () => {});
    const seen = fakeServer(
      on('GET', '/api/educator/payout-account', ok({ account: null })),
      on('GET', '/api/educator/payouts', ok({ ...listing, payouts: [] })),
      on('PUT', '/api/educator/payout-account', ok({ account })),
    );
    renderEducatorApp('/educator/payouts', meera, { loginWithRedirect });
    await userEvent.type(await screen.findByLabelText('Account holder’s name'), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText('Account number'), '50100012345678');
    await userEvent.type(screen.getByLabelText('Account number again'), '50100012345678');
    await userEvent.type(screen.getByLabelText('IFSC'), 'hdfc0001234');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText(/Payouts go to the bank account ending/)).toHaveTextContent('5678');
    const put = seen.find((request) => request.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ beneficiaryName: 'Meera Iyer', accountNumber: '50100012345678', confirmAccountNumber: '50100012345678', ifsc: 'hdfc0001234' });

    fakeServer(
      on('GET', '/api/educator/payout-account', ok({ account })),
      on('GET', '/api/educator/payouts', ok(listing)),
      on('PUT', '/api/educator/payout-account', failure(403, PAYOUT_REAUTH_MESSAGE)),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Change payout account' }));
    await userEvent.type(screen.getByLabelText('Account holder’s name'), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText('Account number'), '123456789012');
    await userEvent.type(screen.getByLabelText('Account number again'), '123456789012');
    await userEvent.type(screen.getByLabelText('IFSC'), 'SBIN0000001');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    expect(await screen.findByText(PAYOUT_REAUTH_MESSAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(loginWithRedirect).toHaveBeenCalledWith({ authorizationParams: { prompt: 'login', max_age: 0 }, appState: { returnTo: '/educator/payouts' } });
  });

  it("checks the contract's rules before sending: each message beside its field, the field marked invalid", async () => {
    const seen = fakeServer(on('GET', '/api/educator/payout-account', ok({ account: null })), on('GET', '/api/educator/payouts', ok({ ...listing, payouts: [] })));
    renderEducatorApp('/educator/payouts');
    await userEvent.type(await screen.findByLabelText('Account holder’s name'), 'Meera Iyer');
    await userEvent.type(screen.getByLabelText('Account number'), '50100012345678');
    await userEvent.type(screen.getByLabelText('Account number again'), '50100012345679');
    await userEvent.type(screen.getByLabelText('IFSC'), 'HDFC123');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout account' }));
    const again = screen.getByLabelText('Account number again');
    await waitFor(() => expect(again).toHaveAttribute('aria-invalid', 'true'));
    expect(again).toHaveAccessibleDescription('The two account numbers differ');
    expect(screen.getByLabelText('IFSC')).toHaveAccessibleDescription(/^11 characters, on your cheque book.*An IFSC is 11 characters/);
    expect(screen.getByLabelText('Account number')).not.toHaveAttribute('aria-invalid');
    expect(seen.filter((request) => request.method === 'PUT')).toEqual([]);
  });
});
