import {
  formatDate,
  formatPrice,
  fromPaise,
  PAYOUT_HOLD_DAYS,
  PAYOUT_REAUTH_MESSAGE,
  payoutStatementPath,
  type Payout,
  type PayoutAccount,
} from '@academy/contracts';
import { ApiError, downloadWithToken, errorMessage, queryKeys, useApi, useCurrentUser, usePortalAuth, useRuntimeConfig, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useState, type FormEvent } from 'react';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { fetchPayoutAccount, fetchPayouts, savePayoutAccount } from './payoutsApi';
import './payouts.css';

const rupees = (paise: number) => formatPrice(fromPaise(paise));
const statusText: Record<Payout['status'], string> = { pending: 'Being paid', paid: 'Paid', failed: 'Failed: we are looking into it' };

/** /educator/payouts: where the money goes (a bank account), what is due, and every weekly payout with its statement. */
export function PayoutsPage() {
  const account = useRemoteData(queryKeys.educator.payoutAccount(), fetchPayoutAccount);
  const payouts = useRemoteData(queryKeys.educator.payouts(), fetchPayouts);
  return (
    <div className="payouts-page">
      <h1 className="page-title">Payouts</h1>
      {account.state.status === 'loading' && <LoadingView label="Loading your payout account" />}
      {account.state.status === 'error' && <ErrorPanel title="Your payout account could not be loaded" message={account.state.message} onRetry={account.reload} />}
      {account.state.status === 'ready' && <PayoutAccountSection account={account.state.data} onSaved={(saved) => account.setData(() => saved)} />}

      <h2 className="payouts-page__subtitle">Payouts</h2>
      {payouts.state.status === 'loading' && <LoadingView label="Loading payouts" />}
      {payouts.state.status === 'error' && <ErrorPanel title="Payouts could not be loaded" message={payouts.state.message} onRetry={payouts.reload} />}
      {payouts.state.status === 'ready' && (
        <>
          <dl className="payouts-summary">
            <div>
              <dt>Due in the next weekly payout</dt>
              <dd>{rupees(Math.max(0, payouts.state.data.settledUnpaidPaise))}</dd>
            </div>
            <div>
              <dt>Held while learners may still ask for a refund ({PAYOUT_HOLD_DAYS} days)</dt>
              <dd>{rupees(payouts.state.data.heldPaise)}</dd>
            </div>
          </dl>
          <p className="payouts-page__note">
            Payouts are made every Monday for sales whose refund window has closed. The platform fee is {payouts.state.data.feePercent}% of what you
            earned after refunds; TDS under section 194-O is {payouts.state.data.tdsPercent}% of gross sales.
          </p>
          {payouts.state.data.payouts.length === 0 ? (
            <p>No payouts yet.</p>
          ) : (
            <ul className="payout-list">
              {payouts.state.data.payouts.map((payout) => (
                <li key={payout.id}>
                  <PayoutCard payout={payout} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function PayoutCard({ payout }: { payout: Payout }) {
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const toast = useToast();
  const headingId = useId();
  const download = async () => {
    try {
      const fileName = await downloadWithToken(apiBaseUrl, (await getAccessTokenSilently()) ?? '', payoutStatementPath(payout.id), 'the statement', 'payout.pdf');
      toast.success(`Downloaded ${fileName}`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <article className="payout-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="payout-card__title">
        {formatDate(payout.salesFrom)} to {formatDate(payout.salesTo)}
      </h3>
      <p className={`payout-card__status payout-card__status--${payout.status}`}>
        {statusText[payout.status]}
        {payout.paidAt && ` on ${formatDate(payout.paidAt)}`}
      </p>
      <dl className="payout-card__lines">
        <div>
          <dt>Gross sales</dt>
          <dd>{rupees(payout.grossPaise)}</dd>
        </div>
        <div>
          <dt>Refunds</dt>
          <dd>{rupees(-payout.refundsPaise)}</dd>
        </div>
        <div>
          <dt>Platform fee</dt>
          <dd>{rupees(-payout.feePaise)}</dd>
        </div>
        <div>
          <dt>TDS</dt>
          <dd>{rupees(-payout.tdsPaise)}</dd>
        </div>
        <div className="payout-card__net">
          <dt>Net paid</dt>
          <dd>{rupees(payout.netPaise)}</dd>
        </div>
      </dl>
      <button type="button" className="button button--secondary" onClick={() => void download()}>
        Download statement<span className="visually-hidden"> for {formatDate(payout.salesFrom)} to {formatDate(payout.salesTo)}</span>
      </button>
    </article>
  );
}

function PayoutAccountSection({ account, onSaved }: { account: PayoutAccount | null; onSaved(account: PayoutAccount): void }) {
  const [editing, setEditing] = useState(account === null);
  const headingId = useId();
  return (
    <section className="payout-account" aria-labelledby={headingId}>
      <h2 id={headingId} className="payouts-page__subtitle">
        Payout account
      </h2>
      {account && (
        <p>
          Payouts go to the bank account ending <strong>{account.accountNumberLast4}</strong> (IFSC {account.ifsc}, {account.beneficiaryName}).
        </p>
      )}
      {editing ? (
        <PayoutAccountForm
          changing={account !== null}
          onCancel={account ? () => setEditing(false) : undefined}
          onSaved={(saved) => {
            onSaved(saved);
            setEditing(false);
          }}
        />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
          Change payout account
        </button>
      )}
    </section>
  );
}

function PayoutAccountForm({ changing, onSaved, onCancel }: { changing: boolean; onSaved(account: PayoutAccount): void; onCancel?: () => void }) {
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const { reauthenticate } = useCurrentUser();
  const [fields, setFields] = useState({ beneficiaryName: '', accountNumber: '', confirmAccountNumber: '', ifsc: '' });
  const [error, setError] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [saving, setSaving] = useState(false);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    setNeedsSignIn(false);
    try {
      const saved = await savePayoutAccount(api, fields);
      toast.success(changing ? 'Payout account changed; we have emailed you about it' : 'Payout account added');
      onSaved(saved);
    } catch (failure) {
      const reauth = failure instanceof ApiError && failure.status === 403 && failure.message === PAYOUT_REAUTH_MESSAGE;
      setNeedsSignIn(reauth);
      setError(errorMessage(failure).replace(/^Invalid request: /, ''));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="payout-form" onSubmit={(event) => void submit(event)} aria-busy={saving} noValidate>
      <p className="payout-form__hint">
        Payouts are paid to an Indian bank account through Razorpay Route.{changing && ' Changing the account asks you to sign in again, and we email you about the change.'}
      </p>
      <div className="payout-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>Account holder’s name</label>
          <input id={`${id}-name`} type="text" autoComplete="name" required maxLength={120} value={fields.beneficiaryName} onChange={set('beneficiaryName')} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-number`}>Account number</label>
          <input id={`${id}-number`} type="text" inputMode="numeric" autoComplete="off" required maxLength={22} value={fields.accountNumber} onChange={set('accountNumber')} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-confirm`}>Account number again</label>
          <input id={`${id}-confirm`} type="text" inputMode="numeric" autoComplete="off" required maxLength={22} value={fields.confirmAccountNumber} onChange={set('confirmAccountNumber')} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-ifsc`}>IFSC</label>
          <input id={`${id}-ifsc`} type="text" autoCapitalize="characters" required maxLength={11} aria-describedby={`${id}-ifsc-hint`} value={fields.ifsc} onChange={set('ifsc')} />
          <span id={`${id}-ifsc-hint`} className="payout-form__hint">
            11 characters, on your cheque book (e.g. HDFC0001234)
          </span>
        </div>
      </div>
      <div role="alert" className="payout-form__error">
        {error && <p>{error}</p>}
        {needsSignIn && (
          <button type="button" className="button" onClick={() => void reauthenticate(educatorPaths.payouts)}>
            Sign in again
          </button>
        )}
      </div>
      <div className="payout-form__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save payout account'}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
