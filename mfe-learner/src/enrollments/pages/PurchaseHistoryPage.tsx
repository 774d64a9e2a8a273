import { fromPaise, receiptPdfPath, type LearnerPurchase, type ReceiptRef } from '@academy/contracts';
import {
  errorMessage,
  Trans,
  useCurrentUser,
  useFormat,
  usePortalAuth,
  useRuntimeConfig,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useMemo, useState } from 'react';
import { Link } from '@academy/routing';
import { downloadPdf } from '../data/learningApi';
import { usePurchases } from '../data/usePurchases';
import { LoginRequired } from './MyEnrollmentsPage';
import './MyEnrollmentsPage.css';

/** The words of the purchase list that depend on a purchase, in the language shown. */
function usePurchaseText() {
  const { t } = useTranslation('learner');
  return useMemo(
    () => ({
      /** What the learner reads for a purchase's state. */
      status(purchase: LearnerPurchase): string {
        const refund = purchase.refund;
        if (purchase.status === 'refunded') return t('enrollments.purchases.status.refunded');
        if (refund && (refund.status === 'requested' || refund.status === 'pending')) return t('enrollments.purchases.status.refundPending');
        switch (purchase.status) {
          case 'paid':
            return purchase.amountPaise === 0 ? t('enrollments.purchases.status.free') : t('enrollments.purchases.status.paid');
          case 'pending':
            return t('enrollments.purchases.status.awaiting');
          case 'failed':
            return t('enrollments.purchases.status.failed');
          default:
            return t('enrollments.purchases.status.expired');
        }
      },
      receipt: (receipt: ReceiptRef) => (receipt.kind === 'payment' ? t('enrollments.purchases.receipt') : t('enrollments.purchases.creditNote')),
      /** Whose course a payment was for, as the Payments page's For column says it. */
      forWhom(purchase: LearnerPurchase): string {
        if (!purchase.learner) return t('enrollments.purchases.forYou');
        return purchase.learner.linked && purchase.learner.name ? purchase.learner.name : t('enrollments.purchases.forUnlinkedChild');
      },
    }),
    [t],
  );
}

/**
 * /purchase-history: every purchase of the signed-in learner, newest first, with status and receipt downloads.
 * `forParent` (/parent/payments): titled Payments, with a For column naming the child each course was for.
 */
export function PurchaseHistoryPage({ forParent = false }: { forParent?: boolean }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const text = usePurchaseText();
  const { isLoading, isAuthenticated, login } = useCurrentUser();
  const purchases = usePurchases(isAuthenticated);
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  if (isLoading) return <LoadingView label={t('enrollments.purchases.loading')} />;
  if (!isAuthenticated) {
    return forParent ? (
      <LoginRequired text={t('enrollments.purchases.logInParent')} onLogin={() => void login('/parent/payments')} />
    ) : (
      <LoginRequired text={t('enrollments.purchases.logIn')} onLogin={() => void login('/purchase-history')} />
    );
  }

  const download = async (purchase: LearnerPurchase, receipt: ReceiptRef) => {
    setMessage(null);
    try {
      const token = (await getAccessTokenSilently()) ?? '';
      // The receipt in the language shown (the `lang` query).
      const fileName = await downloadPdf(apiBaseUrl, token, receiptPdfPath(purchase.purchaseId, receipt.kind, receipt.number), 'receipt');
      setMessage({ text: t('enrollments.purchases.downloaded', { fileName }), failed: false });
    } catch (error) {
      setMessage({ text: errorMessage(error), failed: true });
    }
  };

  return (
    <div className="enrollments">
      {forParent ? (
        <>
          <h1 className="enrollments__heading">{t('enrollments.purchases.parentTitle')}</h1>
          <p>
            <Trans t={t} i18nKey="enrollments.purchases.parentIntro" components={{ pageLink: <Link to="/parent" /> }} />
          </p>
        </>
      ) : (
        <>
          <h1 className="enrollments__heading">{t('enrollments.purchases.title')}</h1>
          <p>
            <Trans t={t} i18nKey="enrollments.purchases.intro" components={{ pageLink: <Link to="/my-enrollments" /> }} />
          </p>
        </>
      )}
      <div role="status" className="enrollments__announcement">
        {message && !message.failed && message.text}
      </div>
      {message?.failed && (
        <p role="alert" className="modal-dialog__error">
          {message.text}
        </p>
      )}
      {purchases.status === 'loading' && <LoadingView label={t('enrollments.purchases.loading')} />}
      {purchases.status === 'error' && <ErrorPanel message={purchases.message} onRetry={purchases.reload} />}
      {purchases.status === 'ready' && purchases.data.length === 0 && (
        <p className="enrollments__empty">
          {forParent ? (
            <Trans t={t} i18nKey="enrollments.purchases.noneParent" components={{ pageLink: <Link to="/course-list" /> }} />
          ) : (
            <Trans t={t} i18nKey="enrollments.purchases.none" components={{ pageLink: <Link to="/course-list" /> }} />
          )}
        </p>
      )}
      {purchases.status === 'ready' && purchases.data.length > 0 && (
        <table className="enrollments__table purchase-history">
          <thead>
            <tr>
              {forParent && <th scope="col">{t('enrollments.purchases.table.for')}</th>}
              <th scope="col">{t('enrollments.table.course')}</th>
              <th scope="col">{t('enrollments.purchases.table.amount')}</th>
              <th scope="col">{t('enrollments.purchases.table.date')}</th>
              <th scope="col">{t('enrollments.table.status')}</th>
              <th scope="col">{t('enrollments.purchases.table.receipts')}</th>
            </tr>
          </thead>
          <tbody>
            {purchases.data.map((purchase) => (
              <tr key={purchase.purchaseId} className="enrollments__row">
                {forParent && (
                  <td data-label={t('enrollments.purchases.table.for')} className="parents__payments-for">
                    {text.forWhom(purchase)}
                  </td>
                )}
                <td className="enrollments__course" data-label={t('enrollments.table.course')}>
                  <Link to={`/course/${purchase.courseId}`}>{purchase.courseTitle || t('enrollments.table.course')}</Link>
                </td>
                <td data-label={t('enrollments.purchases.table.amount')}>{format.price(fromPaise(purchase.amountPaise))}</td>
                <td data-label={t('enrollments.purchases.table.date')}>
                  <time dateTime={purchase.paidAt ?? purchase.createdAt}>{format.date(purchase.paidAt ?? purchase.createdAt)}</time>
                </td>
                <td data-label={t('enrollments.table.status')}>
                  {text.status(purchase)}
                  {purchase.refund?.processedAt && (
                    <span className="enrollments__refund-note">
                      {' '}
                      {t('enrollments.purchases.refundedOn', {
                        amount: format.price(fromPaise(purchase.refund.amountPaise)),
                        date: format.date(purchase.refund.processedAt),
                      })}
                    </span>
                  )}
                </td>
                <td data-label={t('enrollments.purchases.table.receipts')}>
                  {purchase.receipts.length === 0
                    ? '—'
                    : purchase.receipts.map((receipt) => (
                        <button
                          key={receipt.kind}
                          type="button"
                          className="button button--secondary purchase-history__receipt"
                          onClick={() => void download(purchase, receipt)}
                        >
                          {text.receipt(receipt)} {receipt.number}
                          <span className="visually-hidden">
                            {' '}
                            {purchase.learner?.name ? t('enrollments.purchases.pdfFor', { name: purchase.learner.name }) : t('enrollments.purchases.pdf')}
                          </span>
                        </button>
                      ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
