import { fromPaise, type CouponPrice } from '@academy/contracts';
import { errorMessage, Trans, useApi, useCurrentUser, useFormat, useTranslation } from '@academy/platform';
import { useId, useState, type FormEvent } from 'react';
import { fetchCouponPrice } from '../../checkout/checkoutApi';
import './CouponField.css';

interface CouponFieldProps {
  courseId: string;
  applied: CouponPrice | null;
  onChange(price: CouponPrice | null): void;
}

/**
 * "Have a coupon code?" on the course page: the server says what the code makes the price (or why it cannot be
 * used); Enroll Now then buys with it, and the server prices the order again itself.
 */
export function CouponField({ courseId, applied, onChange }: CouponFieldProps) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const id = useId();
  const api = useApi();
  // Signed in but still loading the account: Apply waits (a press then would wrongly ask to sign in).
  const { isAuthenticated, isLoading } = useCurrentUser();
  // One field that the server judges (no schema, nothing to check here): its state is React's own. The course page
  // is a first page, and react-hook-form would add 13 KB to it (docs/DEVELOPING.md, forms).
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checking || code.trim() === '') return;
    if (!isAuthenticated) {
      setProblem(t('catalogue.coupon.logInToApply'));
      return;
    }
    setChecking(true);
    setProblem(null);
    try {
      onChange(await fetchCouponPrice(api, courseId, code));
    } catch (failure) {
      onChange(null);
      // The field's own refusal reads without the validation prefix, then in the reader's language.
      setProblem(errorMessage(failure instanceof Error ? failure.message.replace(/^Invalid request: code: /, '') : failure));
    } finally {
      setChecking(false);
    }
  };

  if (applied) {
    return (
      <div className="coupon-field coupon-field--applied" role="status">
        <p className="coupon-field__applied">
          <Trans
            t={t}
            i18nKey="catalogue.coupon.applied"
            values={{ code: applied.code, discount: format.price(fromPaise(applied.discountPaise)), price: format.price(fromPaise(applied.pricePaise)) }}
            components={{ strong: <strong /> }}
          />
        </p>
        <button type="button" className="coupon-field__remove" onClick={() => onChange(null)}>
          {t('catalogue.coupon.remove')}
        </button>
      </div>
    );
  }
  return (
    <form className="coupon-field" noValidate onSubmit={(event) => void apply(event)} aria-busy={checking}>
      <label htmlFor={`${id}-code`}>{t('catalogue.coupon.label')}</label>
      <div className="coupon-field__row">
        <input
          id={`${id}-code`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="submit" className="coupon-field__apply" disabled={checking || isLoading || code.trim() === ''}>
          {checking ? t('catalogue.coupon.checking') : t('catalogue.coupon.apply')}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="coupon-field__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
