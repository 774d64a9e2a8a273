import { fromPaise, toPaise, type CreateCouponRequest, type EducatorCoupon } from '@academy/contracts';
import { queryKeys, useApi, useFormat, useToast, type Formatters } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
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

function CouponForm({ onCreated }: { onCreated(coupon: EducatorCoupon): void }) {
  const { t } = useTranslation('educator');
  const id = useId();
  const api = useApi();
  const toast = useToast();
  const courses = useRemoteData(queryKeys.educator.myCourses(), fetchMyCourses);
  const [code, setCode] = useState('');
  const [courseId, setCourseId] = useState('');
  const [kind, setKind] = useState<'percent' | 'flat'>('percent');
  const [amount, setAmount] = useState('');
  const [startsOn, setStartsOn] = useState(indianDay());
  const [endsOn, setEndsOn] = useState(indianDay(30));
  const [maxUses, setMaxUses] = useState('100');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const value = Number(amount);
    const request: CreateCouponRequest = {
      code: code.trim().toUpperCase(),
      courseId: courseId === '' ? null : courseId,
      kind,
      ...(kind === 'percent' ? { percentOff: value } : { amountOffPaise: toPaise(value) }),
      startsOn,
      endsOn,
      maxUses: Number(maxUses),
    };
    setSaving(true);
    setError(null);
    try {
      const coupon = await createCoupon(api, request);
      onCreated(coupon);
      toast.success(t('coupons.created', { code: coupon.code }));
      setCode('');
      setAmount('');
    } catch (failure) {
      // The server's message names the field and the rule (e.g. "percentOff must be 1 to 100").
      setError(formErrorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="coupon-form" onSubmit={(event) => void submit(event)} aria-busy={saving} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="coupons-page__subtitle">
        {t('coupons.newCode')}
      </h2>
      <div className="coupon-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-code`}>{t('coupons.code')}</label>
          <input id={`${id}-code`} type="text" required minLength={3} maxLength={20} autoCapitalize="characters" value={code} onChange={(event) => setCode(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-course`}>{t('common.course')}</label>
          <select id={`${id}-course`} value={courseId} onChange={(event) => setCourseId(event.target.value)}>
            <option value="">{t('common.allMyCourses')}</option>
            {courses.state.status === 'ready' &&
              courses.state.data.map((course) => (
                <option key={course._id} value={course._id}>
                  {course.courseTitle}
                </option>
              ))}
          </select>
        </div>
        <fieldset className="coupon-form__kind">
          <legend>{t('coupons.discountType')}</legend>
          <label>
            <input type="radio" name={`${id}-kind`} value="percent" checked={kind === 'percent'} onChange={() => setKind('percent')} /> {t('coupons.percentOff')}
          </label>
          <label>
            <input type="radio" name={`${id}-kind`} value="flat" checked={kind === 'flat'} onChange={() => setKind('flat')} /> {t('coupons.flatOff')}
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
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-starts`}>{t('coupons.startsOn')}</label>
          <input id={`${id}-starts`} type="date" required value={startsOn} onChange={(event) => setStartsOn(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-ends`}>{t('coupons.endsOn')}</label>
          <input id={`${id}-ends`} type="date" required value={endsOn} onChange={(event) => setEndsOn(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-uses`}>{t('coupons.totalUses')}</label>
          <input id={`${id}-uses`} type="number" required min={1} step={1} inputMode="numeric" value={maxUses} onChange={(event) => setMaxUses(event.target.value)} />
        </div>
      </div>
      <p className="coupon-form__hint">{t('coupons.hint')}</p>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={saving}>
        {saving ? t('coupons.creating') : t('coupons.create')}
      </button>
    </form>
  );
}
