import { formatDate, formatPrice, fromPaise, receiptPdfPath, type LearnerPurchase, type ReceiptRef } from '@academy/contracts';
import { downloadWithToken, errorMessage, useCurrentUser, usePortalAuth, useRuntimeConfig } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useState } from 'react';
import { Link } from '@academy/routing';
import { usePurchases } from '../data/usePurchases';
import { LoginRequired } from './MyEnrollmentsPage';
import './MyEnrollmentsPage.css';

/** What the learner reads for a purchase's state. */
export function purchaseStatusText(purchase: LearnerPurchase): string {
  const refund = purchase.refund;
  if (purchase.status === 'refunded') return 'Refunded';
  if (refund && (refund.status === 'requested' || refund.status === 'pending')) return 'Paid, refund pending';
  switch (purchase.status) {
    case 'paid':
      return purchase.amountPaise === 0 ? 'Free enrolment' : 'Paid';
    case 'pending':
      return 'Awaiting payment';
    case 'failed':
      return 'Payment failed';
    default:
      return 'Expired without payment';
  }
}

const receiptLabel = (receipt: ReceiptRef) => (receipt.kind === 'payment' ? 'Receipt' : 'Refund credit note');

/** Whose course a payment was for, as the Payments page's For column says it. */
export function purchaseForText(purchase: LearnerPurchase): string {
  if (!purchase.learner) return 'You';
  return purchase.learner.linked && purchase.learner.name ? purchase.learner.name : 'A child no longer linked to you';
}

/**
 * /purchase-history: every purchase of the signed-in learner, newest first, with status and receipt downloads.
 * `forParent` (/parent/payments): titled Payments, with a For column naming the child each course was for.
 */
export function PurchaseHistoryPage({ forParent = false }: { forParent?: boolean }) {
  const { isLoading, isAuthenticated, login } = useCurrentUser();
  const purchases = usePurchases(isAuthenticated);
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);

  if (isLoading) return <LoadingView label="Loading your purchases" />;
  if (!isAuthenticated) {
    return forParent ? (
      <LoginRequired text="Please log in to see your payments" onLogin={() => void login('/parent/payments')} />
    ) : (
      <LoginRequired text="Please log in to see your purchase history" onLogin={() => void login('/purchase-history')} />
    );
  }

  const download = async (purchase: LearnerPurchase, receipt: ReceiptRef) => {
    setMessage(null);
    try {
      const token = (await getAccessTokenSilently()) ?? '';
      const fileName = await downloadWithToken(apiBaseUrl, token, receiptPdfPath(purchase.purchaseId, receipt.kind, receipt.number), 'the receipt', 'receipt.pdf');
      setMessage({ text: `Downloaded ${fileName}`, failed: false });
    } catch (error) {
      setMessage({ text: errorMessage(error), failed: true });
    }
  };

  return (
    <div className="enrollments">
      {forParent ? (
        <>
          <h1 className="enrollments__heading">Payments</h1>
          <p>
            Every payment you made, who it was for, and its receipt. <Link to="/parent">Back to My Children</Link>
          </p>
        </>
      ) : (
        <>
          <h1 className="enrollments__heading">Purchase history</h1>
          <p>
            Payments, refunds and receipts of your courses. <Link to="/my-enrollments">Back to My Enrollments</Link>
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
      {purchases.isPending && <LoadingView label="Loading your purchases" />}
      {purchases.isError && <ErrorPanel message={errorMessage(purchases.error)} onRetry={() => void purchases.refetch()} />}
      {purchases.data && purchases.data.length === 0 && (
        <p className="enrollments__empty">
          {forParent ? 'You have not paid for any course yet.' : 'You have not bought any course yet.'} <Link to="/course-list">Browse courses</Link>
        </p>
      )}
      {purchases.data && purchases.data.length > 0 && (
        <table className="enrollments__table purchase-history">
          <thead>
            <tr>
              {forParent && <th scope="col">For</th>}
              <th scope="col">Course</th>
              <th scope="col">Amount</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Receipts</th>
            </tr>
          </thead>
          <tbody>
            {purchases.data.map((purchase) => (
              <tr key={purchase.purchaseId} className="enrollments__row">
                {forParent && (
                  <td data-label="For" className="parents__payments-for">
                    {purchaseForText(purchase)}
                  </td>
                )}
                <td className="enrollments__course" data-label="Course">
                  <Link to={`/course/${purchase.courseId}`}>{purchase.courseTitle || 'Course'}</Link>
                </td>
                <td data-label="Amount">{formatPrice(fromPaise(purchase.amountPaise))}</td>
                <td data-label="Date">
                  <time dateTime={purchase.paidAt ?? purchase.createdAt}>{formatDate(purchase.paidAt ?? purchase.createdAt)}</time>
                </td>
                <td data-label="Status">
                  {purchaseStatusText(purchase)}
                  {purchase.refund?.processedAt && (
                    <span className="enrollments__refund-note"> ({formatPrice(fromPaise(purchase.refund.amountPaise))} on {formatDate(purchase.refund.processedAt)})</span>
                  )}
                </td>
                <td data-label="Receipts">
                  {purchase.receipts.length === 0
                    ? '—'
                    : purchase.receipts.map((receipt) => (
                        <button
                          key={receipt.kind}
                          type="button"
                          className="button button--secondary purchase-history__receipt"
                          onClick={() => void download(purchase, receipt)}
                        >
                          {receiptLabel(receipt)} {receipt.number}
                          <span className="visually-hidden">{purchase.learner?.name ? ` for ${purchase.learner.name}` : ''} (PDF)</span>
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
