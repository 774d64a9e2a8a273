import {
  fromPaise,
  PAYOUT_HOLD_DAYS,
  PAYOUT_REAUTH_MESSAGE,
  payoutAccountRequestSchema,
  payoutStatementPath,
  type Payout,
  type PayoutAccount,
  type PayoutAccountRequest,
} from '@academy/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ApiError,
  downloadWithToken,
  errorMessage,
  queryKeys,
  Trans,
  translateMessage,
  useApi,
  useCurrentUser,
  useFormat,
  usePortalAuth,
  useRuntimeConfig,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { FieldError, fieldAria } from '../common/FieldError';
import { formErrorMessage } from '../common/formError';
import { educatorPaths } from '../common/educatorPaths';
import { useRemoteData } from '../common/useRemoteData';
import { fetchPayoutAccount, fetchPayouts, savePayoutAccount } from './payoutsApi';
import './payouts.css';

/** Rupees from paise, in the reader's language. */
function useRupees(): (paise: number) => string {
  const format = useFormat();
  return (paise) => format.price(fromPaise(paise));
}

/** /educator/payouts: where the money goes (a bank account), what is due, and every weekly payout with its statement. */
export function PayoutsPage() {
  const { t } = useTranslation('educator');
  const rupees = useRupees();
  const account = useRemoteData(queryKeys.educator.payoutAccount(), fetchPayoutAccount);
  const payouts = useRemoteData(queryKeys.educator.payouts(), fetchPayouts);
  return (
    <div className="payouts-page">
      <h1 className="page-title">{t('payouts.title')}</h1>
      {account.state.status === 'loading' && <LoadingView label={t('payouts.account.loading')} />}
      {account.state.status === 'error' && <ErrorPanel title={t('payouts.account.failed')} message={account.state.message} onRetry={account.reload} />}
      {account.state.status === 'ready' && <PayoutAccountSection account={account.state.data} onSaved={(saved) => account.setData(() => saved)} />}

      <h2 className="payouts-page__subtitle">{t('payouts.title')}</h2>
      {payouts.state.status === 'loading' && <LoadingView label={t('payouts.loading')} />}
      {payouts.state.status === 'error' && <ErrorPanel title={t('payouts.failed')} message={payouts.state.message} onRetry={payouts.reload} />}
      {payouts.state.status === 'ready' && (
        <>
          <dl className="payouts-summary">
            <div>
              <dt>{t('payouts.due')}</dt>
              <dd>{rupees(Math.max(0, payouts.state.data.settledUnpaidPaise))}</dd>
            </div>
            <div>
              <dt>{t('payouts.held', { days: PAYOUT_HOLD_DAYS })}</dt>
              <dd>{rupees(payouts.state.data.heldPaise)}</dd>
            </div>
          </dl>
          <p className="payouts-page__note">{t('payouts.note', { fee: payouts.state.data.feePercent, tds: payouts.state.data.tdsPercent })}</p>
          {payouts.state.data.payouts.length === 0 ? (
            <p>{t('payouts.none')}</p>
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
  const { t } = useTranslation('educator');
  const format = useFormat();
  const rupees = useRupees();
  const statusText: Record<Payout['status'], string> = {
    pending: t('payouts.status.pending'),
    paid: t('payouts.status.paid'),
    failed: t('payouts.status.failed'),
  };
  const period = t('payouts.period', { from: format.date(payout.salesFrom), to: format.date(payout.salesTo) });
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const toast = useToast();
  const headingId = useId();
  const download = async () => {
    try {
      const fileName = await downloadWithToken(apiBaseUrl, (await getAccessTokenSilently()) ?? '', payoutStatementPath(payout.id), 'the statement', 'payout.pdf');
      toast.success(t('common.downloaded', { fileName }));
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <article className="payout-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="payout-card__title">
        {period}
      </h3>
      <p className={`payout-card__status payout-card__status--${payout.status}`}>
        {payout.paidAt ? t('payouts.statusOn', { status: statusText[payout.status], date: format.date(payout.paidAt) }) : statusText[payout.status]}
      </p>
      <dl className="payout-card__lines">
        <div>
          <dt>{t('payouts.lines.gross')}</dt>
          <dd>{rupees(payout.grossPaise)}</dd>
        </div>
        <div>
          <dt>{t('payouts.lines.refunds')}</dt>
          <dd>{rupees(-payout.refundsPaise)}</dd>
        </div>
        <div>
          <dt>{t('payouts.lines.fee')}</dt>
          <dd>{rupees(-payout.feePaise)}</dd>
        </div>
        <div>
          <dt>{t('payouts.lines.tds')}</dt>
          <dd>{rupees(-payout.tdsPaise)}</dd>
        </div>
        <div className="payout-card__net">
          <dt>{t('payouts.lines.net')}</dt>
          <dd>{rupees(payout.netPaise)}</dd>
        </div>
      </dl>
      <button type="button" className="button button--secondary" onClick={() => void download()}>
        {t('payouts.download')}
        <span className="visually-hidden"> {t('payouts.downloadFor', { period })}</span>
      </button>
    </article>
  );
}

function PayoutAccountSection({ account, onSaved }: { account: PayoutAccount | null; onSaved(account: PayoutAccount): void }) {
  const { t } = useTranslation('educator');
  const [editing, setEditing] = useState(account === null);
  const headingId = useId();
  return (
    <section className="payout-account" aria-labelledby={headingId}>
      <h2 id={headingId} className="payouts-page__subtitle">
        {t('payouts.account.title')}
      </h2>
      {account && (
        <p>
          <Trans
            t={t}
            i18nKey="payouts.account.current"
            values={{ last4: account.accountNumberLast4, ifsc: account.ifsc, name: account.beneficiaryName }}
            components={{ strong: <strong /> }}
          />
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
          {t('payouts.account.change')}
        </button>
      )}
    </section>
  );
}

/** A refusal that asks for a fresh sign-in (shown with a "Sign in again" button). */
const REAUTH_REFUSAL = 'reauth';

// The contract's rules (the server's). `raw`: the form sends what was typed, as before; the server normalises it.
const payoutAccountResolver = zodResolver(payoutAccountRequestSchema, undefined, { raw: true }) as unknown as Resolver<PayoutAccountRequest>;

function PayoutAccountForm({ changing, onSaved, onCancel }: { changing: boolean; onSaved(account: PayoutAccount): void; onCancel?: () => void }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const { reauthenticate } = useCurrentUser();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PayoutAccountRequest>({
    defaultValues: { beneficiaryName: '', accountNumber: '', confirmAccountNumber: '', ifsc: '' },
    resolver: payoutAccountResolver,
  });
  const needsSignIn = errors.root?.type === REAUTH_REFUSAL;
  // The contract's English rules in the reader's language, each under its field.
  const shown = (name: keyof PayoutAccountRequest) => {
    const english = errors[name]?.message;
    return english ? translateMessage(english) : undefined;
  };
  const messages = { beneficiaryName: shown('beneficiaryName'), accountNumber: shown('accountNumber'), confirmAccountNumber: shown('confirmAccountNumber'), ifsc: shown('ifsc') };
  // Built before the JSX: field names, not text.
  const fields = {
    beneficiaryName: { ...register('beneficiaryName'), ...fieldAria(`${id}-name`, messages.beneficiaryName) },
    accountNumber: { ...register('accountNumber'), ...fieldAria(`${id}-number`, messages.accountNumber) },
    confirmAccountNumber: { ...register('confirmAccountNumber'), ...fieldAria(`${id}-confirm`, messages.confirmAccountNumber) },
    ifsc: { ...register('ifsc'), ...fieldAria(`${id}-ifsc`, messages.ifsc, `${id}-ifsc-hint`) },
  };

  const save = async (values: PayoutAccountRequest) => {
    try {
      const saved = await savePayoutAccount(api, values);
      toast.success(changing ? t('payouts.account.changed') : t('payouts.account.added'));
      onSaved(saved);
    } catch (failure) {
      const reauth = failure instanceof ApiError && failure.status === 403 && failure.message === PAYOUT_REAUTH_MESSAGE;
      setError('root', { type: reauth ? REAUTH_REFUSAL : 'server', message: formErrorMessage(failure) });
    }
  };

  return (
    <form className="payout-form" onSubmit={(event) => void handleSubmit(save)(event)} aria-busy={isSubmitting} noValidate>
      <p className="payout-form__hint">
        {changing ? `${t('payouts.form.hint')} ${t('payouts.form.changeHint')}` : t('payouts.form.hint')}
      </p>
      <div className="payout-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-name`}>{t('payouts.form.name')}</label>
          <input id={`${id}-name`} type="text" autoComplete="name" required maxLength={120} {...fields.beneficiaryName} />
          <FieldError fieldId={`${id}-name`} message={messages.beneficiaryName} className="payout-form__field-error" />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-number`}>{t('payouts.form.number')}</label>
          <input id={`${id}-number`} type="text" inputMode="numeric" autoComplete="off" required maxLength={22} {...fields.accountNumber} />
          <FieldError fieldId={`${id}-number`} message={messages.accountNumber} className="payout-form__field-error" />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-confirm`}>{t('payouts.form.confirm')}</label>
          <input id={`${id}-confirm`} type="text" inputMode="numeric" autoComplete="off" required maxLength={22} {...fields.confirmAccountNumber} />
          <FieldError fieldId={`${id}-confirm`} message={messages.confirmAccountNumber} className="payout-form__field-error" />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-ifsc`}>{t('payouts.form.ifsc')}</label>
          <input id={`${id}-ifsc`} type="text" autoCapitalize="characters" required maxLength={11} {...fields.ifsc} />
          <span id={`${id}-ifsc-hint`} className="payout-form__hint">
            {t('payouts.form.ifscHint')}
          </span>
          <FieldError fieldId={`${id}-ifsc`} message={messages.ifsc} className="payout-form__field-error" />
        </div>
      </div>
      <div role="alert" className="payout-form__error">
        {errors.root?.message && <p>{errors.root.message}</p>}
        {needsSignIn && (
          <button type="button" className="button" onClick={() => void reauthenticate(educatorPaths.payouts)}>
            {t('payouts.form.signInAgain')}
          </button>
        )}
      </div>
      <div className="payout-form__actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? t('common.saving') : t('payouts.form.save')}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
