import { createCouponRequestSchema, fromPaise, toPaise, type CreateCouponRequest, type EducatorCoupon } from '@academy/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Formatters,
  queryKeys,
  translateMessage,
  useApi,
  useFormat,
  useToast,
  useTranslation,
} from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId } from 'react';
import { useForm, type FieldError as HookFieldError, type FieldErrors, type Resolver } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { FieldError, fieldAria } from '../common/FieldError';
import { formErrorMessage } from '../common/formError';
import { TableScroll } from '../common/TableScroll';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { createCoupon, fetchCoupons } from './couponsApi';
import './coupons.css';

const DAY_MS = 24 * 60 * 60_000;
/** Today (and days from it) in India, as a date input's yyyy-mm-dd. */
const indianDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY_MS + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);

const discountText = (coupon: EducatorCoupon, format: Formatters, t: TFunction<'educator'>) =>
  t('coupons.off', { discount: coupon.kind === 'percent' ? t('common.percent', { value: coupon.percentOff }) : format.price(fromPaise(coupon.amountOffPaise ?? 0)) });

/** /educator/coupons: create codes for one course or all of them; each code's uses, paid redemptions and revenue. */
export function CouponsPage() {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const coupons = useRemoteData(queryKeys.educator.coupons(), fetchCoupons);
  return (
    <div className="coupons-page">
      <h1 className="page-title">{t('coupons.title')}</h1>
      <CouponForm onCreated={(coupon) => coupons.setData((current) => [coupon, ...current])} />
      <h2 className="coupons-page__subtitle">{t('coupons.yourCodes')}</h2>
      {coupons.state.status === 'loading' && <LoadingView label={t('coupons.loading')} />}
      {coupons.state.status === 'error' && <ErrorPanel title={t('coupons.failed')} message={coupons.state.message} onRetry={coupons.reload} />}
      {coupons.state.status === 'ready' &&
        (coupons.state.data.length === 0 ? (
          <p>{t('coupons.none')}</p>
        ) : (
          <TableScroll label={t('coupons.table')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{t('coupons.code')}</th>
                  <th scope="col">{t('common.course')}</th>
                  <th scope="col">{t('coupons.discount')}</th>
                  <th scope="col">{t('coupons.valid')}</th>
                  <th scope="col">{t('coupons.uses')}</th>
                  <th scope="col">{t('coupons.redemptions')}</th>
                  <th scope="col">{t('coupons.revenue')}</th>
                </tr>
              </thead>
              <tbody>
                {coupons.state.data.map((coupon) => (
                  <tr key={coupon.id} data-code={coupon.code}>
                    <th scope="row">{coupon.code}</th>
                    <td>{coupon.courseTitle ?? t('common.allMyCourses')}</td>
                    <td>{discountText(coupon, format, t)}</td>
                    <td>{t('coupons.validRange', { from: format.date(coupon.startsOn), to: format.date(coupon.endsOn) })}</td>
                    <td>{t('coupons.usedOf', { used: format.count(coupon.usedCount), max: format.count(coupon.maxUses) })}</td>
                    <td>{format.count(coupon.redemptions)}</td>
                    <td>{format.price(fromPaise(coupon.revenuePaise))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ))}
    </div>
  );
}

/** What the coupon form holds: the fields as typed. */
interface CouponFields {
  code: string;
  courseId: string;
  kind: 'percent' | 'flat';
  amount: string;
  startsOn: string;
  endsOn: string;
  maxUses: string;
}

/** The request the typed fields make: the code upper-case, a flat amount in paise, no course for all of them. */
const toCouponRequest = (fields: CouponFields): CreateCouponRequest => {
  const value = Number(fields.amount);
  return {
    code: fields.code.trim().toUpperCase(),
    courseId: fields.courseId === '' ? null : fields.courseId,
    kind: fields.kind,
    ...(fields.kind === 'percent' ? { percentOff: value } : { amountOffPaise: toPaise(value) }),
    startsOn: fields.startsOn,
    endsOn: fields.endsOn,
    maxUses: Number(fields.maxUses),
  };
};

// The contract's rules (the server's) judge the request the fields make. `raw`: the form hands on what was typed.
const couponFormSchema = z
  .object({ code: z.string(), courseId: z.string(), kind: z.enum(['percent', 'flat']), amount: z.string(), startsOn: z.string(), endsOn: z.string(), maxUses: z.string() })
  .transform(toCouponRequest)
  .pipe(createCouponRequestSchema);
const contractResolver = zodResolver(couponFormSchema, undefined, { raw: true }) as unknown as Resolver<CouponFields>;

/** The contract names the discount percentOff or amountOffPaise; the form has one Amount field for both. */
const couponResolver: Resolver<CouponFields> = async (values, context, options) => {
  const result = await contractResolver(values, context, options);
  const { percentOff, amountOffPaise, ...errors } = result.errors as Record<string, HookFieldError | undefined>;
  const amount = percentOff ?? amountOffPaise;
  return amount ? { values: {}, errors: { ...errors, amount } as FieldErrors<CouponFields> } : result;
};

function CouponForm({ onCreated }: { onCreated(coupon: EducatorCoupon): void }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CouponFields>({
    defaultValues: { code: '', courseId: '', kind: 'percent', amount: '', startsOn: indianDay(), endsOn: indianDay(30), maxUses: '100' },
    resolver: couponResolver,
  });
  const kind = watch('kind');
  // The contract's English rules, in the reader's language, each under its field.
  const shown = (name: keyof CouponFields) => {
    const english = errors[name]?.message;
    return english ? translateMessage(english) : undefined;
  };
  const field = (name: keyof CouponFields) => ({ ...register(name), ...fieldAria(`${id}-${name}`, shown(name)) });
  // Built before the JSX: field names, not text.
  const fields = {
    code: field('code'),
    courseId: field('courseId'),
    amount: field('amount'),
    startsOn: field('startsOn'),
    endsOn: field('endsOn'),
    maxUses: field('maxUses'),
    kind: register('kind'),
  };
  const messages = { code: shown('code'), courseId: shown('courseId'), amount: shown('amount'), startsOn: shown('startsOn'), endsOn: shown('endsOn'), maxUses: shown('maxUses') };

  const create = async (values: CouponFields) => {
    try {
      const coupon = await createCoupon(api, toCouponRequest(values));
      onCreated(coupon);
      toast.success(t('coupons.created', { code: coupon.code }));
      resetField('code');
      resetField('amount');
    } catch (failure) {
      // The server's message names the field and the rule (e.g. "percentOff must be 1 to 100").
      setError('root', { message: formErrorMessage(failure) });
    }
  };

  return (
    <form className="coupon-form" onSubmit={(event) => void handleSubmit(create)(event)} noValidate aria-busy={isSubmitting} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="coupons-page__subtitle">
        {t('coupons.newCode')}
      </h2>
      <div className="coupon-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-code`}>{t('coupons.code')}</label>
          <input id={`${id}-code`} type="text" required minLength={3} maxLength={20} autoCapitalize="characters" {...fields.code} />
          <FieldError fieldId={`${id}-code`} message={messages.code} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-course`}>{t('common.course')}</label>
          <select id={`${id}-course`} {...fields.courseId}>
            <option value="">{t('common.allMyCourses')}</option>
            {courses.state.status === 'ready' &&
              courses.state.data.map((course) => (
                <option key={course._id} value={course._id}>
                  {course.courseTitle}
                </option>
              ))}
          </select>
          <FieldError fieldId={`${id}-courseId`} message={messages.courseId} />
        </div>
        <fieldset className="coupon-form__kind">
          <legend>{t('coupons.discountType')}</legend>
          <label>
            <input type="radio" value="percent" {...fields.kind} /> {t('coupons.percentOff')}
          </label>
          <label>
            <input type="radio" value="flat" {...fields.kind} /> {t('coupons.flatOff')}
          </label>
        </fieldset>
        <div className="form-field">
          <label htmlFor={`${id}-amount`}>{kind === 'percent' ? t('coupons.percentField') : t('coupons.amountField')}</label>
          <input
            id={`${id}-amount`}
            type="number"
            required
            inputMode="decimal"
            min={1}
            max={kind === 'percent' ? 100 : undefined}
            step={kind === 'percent' ? 1 : 0.01}
            {...fields.amount}
          />
          <FieldError fieldId={`${id}-amount`} message={messages.amount} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-starts`}>{t('coupons.startsOn')}</label>
          <input id={`${id}-starts`} type="date" required {...fields.startsOn} />
          <FieldError fieldId={`${id}-startsOn`} message={messages.startsOn} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-ends`}>{t('coupons.endsOn')}</label>
          <input id={`${id}-ends`} type="date" required {...fields.endsOn} />
          <FieldError fieldId={`${id}-endsOn`} message={messages.endsOn} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-uses`}>{t('coupons.totalUses')}</label>
          <input id={`${id}-uses`} type="number" required min={1} step={1} inputMode="numeric" {...fields.maxUses} />
          <FieldError fieldId={`${id}-maxUses`} message={messages.maxUses} />
        </div>
      </div>
      <p className="coupon-form__hint">{t('coupons.hint')}</p>
      {errors.root?.message && (
        <p className="form-field__error" role="alert">
          {errors.root.message}
        </p>
      )}
      <button type="submit" className="button" disabled={isSubmitting}>
        {isSubmitting ? t('coupons.creating') : t('coupons.create')}
      </button>
    </form>
  );
}
