import { fromPaise, type CouponPrice } from '@academy/contracts';
import { errorMessage, useApi, useCurrentUser, useFormat } from '@academy/platform';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { fetchCouponPrice } from '../../checkout/checkoutApi';
import './CouponField.css';

/**
 * What is typed; Apply stays off until something is, and the server judges the code itself. Nothing to check here,
 * so no schema: the course page is a first page, and zod's classic API would add about 25 KB to it.
 */
interface CouponFormValues {
  code: string;
}

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
  const { register, handleSubmit, setError, watch, formState } = useForm<CouponFormValues>({ defaultValues: { code: '' } });
  const checking = formState.isSubmitting;
  const problem = formState.errors.code?.message;
  const code = watch('code');

  const apply = handleSubmit(async ({ code: typed }) => {
    if (!isAuthenticated) {
      setError('code', { message: t('catalogue.coupon.logInToApply') });
      return;
    }
    try {
      onChange(await fetchCouponPrice(api, courseId, typed));
    } catch (failure) {
      onChange(null);
      // The field's own refusal reads without the validation prefix, then in the reader's language.
      setError('code', { message: errorMessage(failure instanceof Error ? failure.message.replace(/^Invalid request: code: /, '') : failure) });
    }
  });
  const codeField = register('code');

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
    <form className="coupon-field" noValidate onSubmit={(event) => void (checking ? event.preventDefault() : apply(event))} aria-busy={checking}>
      <label htmlFor={`${id}-code`}>{t('catalogue.coupon.label')}</label>
      <div className="coupon-field__row">
        <input
          id={`${id}-code`}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={20}
          {...codeField}
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
