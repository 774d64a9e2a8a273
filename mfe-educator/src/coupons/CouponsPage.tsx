import { formatDate, formatPrice, fromPaise, toPaise, type CreateCouponRequest, type EducatorCoupon } from '@academy/contracts';
import { errorMessage, queryKeys, useApi, useToast } from '@academy/platform';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { useId, useState, type FormEvent } from 'react';
import { TableScroll } from '../common/TableScroll';
import { useRemoteData } from '../common/useRemoteData';
import { fetchMyCourses } from '../my-courses/data/myCoursesApi';
import { createCoupon, fetchCoupons } from './couponsApi';
import './coupons.css';

const DAY_MS = 24 * 60 * 60_000;
/** Today (and days from it) in India, as a date input's yyyy-mm-dd. */
const indianDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * DAY_MS + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);

const discountText = (coupon: EducatorCoupon) =>
  coupon.kind === 'percent' ? `${coupon.percentOff}% off` : `${formatPrice(fromPaise(coupon.amountOffPaise ?? 0))} off`;

/** /educator/coupons: create codes for one course or all of them; each code's uses, paid redemptions and revenue. */
export function CouponsPage() {
  const coupons = useRemoteData(queryKeys.educator.coupons(), fetchCoupons);
  return (
    <div className="coupons-page">
      <h1 className="page-title">Coupons</h1>
      <CouponForm onCreated={(coupon) => coupons.setData((current) => [coupon, ...current])} />
      <h2 className="coupons-page__subtitle">Your codes</h2>
      {coupons.state.status === 'loading' && <LoadingView label="Loading coupons" />}
      {coupons.state.status === 'error' && <ErrorPanel title="Coupons could not be loaded" message={coupons.state.message} onRetry={coupons.reload} />}
      {coupons.state.status === 'ready' &&
        (coupons.state.data.length === 0 ? (
          <p>You have no coupon codes yet.</p>
        ) : (
          <TableScroll label="Your coupon codes">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Course</th>
                  <th scope="col">Discount</th>
                  <th scope="col">Valid</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Redemptions</th>
                  <th scope="col">Revenue</th>
                </tr>
              </thead>
              <tbody>
                {coupons.state.data.map((coupon) => (
                  <tr key={coupon.id} data-code={coupon.code}>
                    <th scope="row">{coupon.code}</th>
                    <td>{coupon.courseTitle ?? 'All my courses'}</td>
                    <td>{discountText(coupon)}</td>
                    <td>
                      {formatDate(coupon.startsOn)} to {formatDate(coupon.endsOn)}
                    </td>
                    <td>
                      {coupon.usedCount} of {coupon.maxUses}
                    </td>
                    <td>{coupon.redemptions}</td>
                    <td>{formatPrice(fromPaise(coupon.revenuePaise))}</td>
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
      toast.success(`Code ${coupon.code} created`);
      setCode('');
      setAmount('');
    } catch (failure) {
      // The server's message names the field and the rule (e.g. "percentOff must be 1 to 100").
      setError(errorMessage(failure).replace(/^Invalid request: /, ''));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="coupon-form" onSubmit={(event) => void submit(event)} aria-busy={saving} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="coupons-page__subtitle">
        New code
      </h2>
      <div className="coupon-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-code`}>Code</label>
          <input id={`${id}-code`} type="text" required minLength={3} maxLength={20} autoCapitalize="characters" value={code} onChange={(event) => setCode(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-course`}>Course</label>
          <select id={`${id}-course`} value={courseId} onChange={(event) => setCourseId(event.target.value)}>
            <option value="">All my courses</option>
            {courses.state.status === 'ready' &&
              courses.state.data.map((course) => (
                <option key={course._id} value={course._id}>
                  {course.courseTitle}
                </option>
              ))}
          </select>
        </div>
        <fieldset className="coupon-form__kind">
          <legend>Discount type</legend>
          <label>
            <input type="radio" name={`${id}-kind`} value="percent" checked={kind === 'percent'} onChange={() => setKind('percent')} /> Percent off
          </label>
          <label>
            <input type="radio" name={`${id}-kind`} value="flat" checked={kind === 'flat'} onChange={() => setKind('flat')} /> Flat amount off
          </label>
        </fieldset>
        <div className="form-field">
          <label htmlFor={`${id}-amount`}>{kind === 'percent' ? 'Percent off (1 to 100)' : 'Amount off (₹)'}</label>
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
          <label htmlFor={`${id}-starts`}>Starts on</label>
          <input id={`${id}-starts`} type="date" required value={startsOn} onChange={(event) => setStartsOn(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-ends`}>Ends on</label>
          <input id={`${id}-ends`} type="date" required value={endsOn} onChange={(event) => setEndsOn(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={`${id}-uses`}>Total uses</label>
          <input id={`${id}-uses`} type="number" required min={1} step={1} inputMode="numeric" value={maxUses} onChange={(event) => setMaxUses(event.target.value)} />
        </div>
      </div>
      <p className="coupon-form__hint">Each learner may use a code once. A price never drops below ₹1, except that 100 % makes the course free.</p>
      {error && (
        <p className="form-field__error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={saving}>
        {saving ? 'Creating…' : 'Create code'}
      </button>
    </form>
  );
}
