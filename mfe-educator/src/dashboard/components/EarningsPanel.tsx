import { queryKeys, useFormat, useTranslation } from '@academy/platform';
import { formatEarningsPeriod, summariseEarnings, type EarningsGranularity, type EarningsPoint } from '@academy/contracts';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { useRemoteData } from '../../common/useRemoteData';
import { fetchEarningsSeries } from '../data/dashboardApi';

// recharts is only fetched when a series has points, in its own chunk (not in the remote's first chunk).
const EarningsChart = lazy(() => import('./EarningsChart'));

const GRANULARITIES: readonly EarningsGranularity[] = ['day', 'month'];

/** Earnings and enrolments over time: a day/month toggle, a chart, a text summary and the same data as a table. */
export function EarningsPanel() {
  const { t } = useTranslation('educator');
  const [granularity, setGranularity] = useState<EarningsGranularity>('day');
  const { state, reload } = useRemoteData(queryKeys.educator.earnings(granularity), (api) => fetchEarningsSeries(api, granularity));
  const headingId = useId();
  const summaryId = useId();
  const granularityLabels: Record<EarningsGranularity, string> = { day: t('dashboard.earnings.days'), month: t('dashboard.earnings.months') };

  return (
    <section className="earnings-panel" aria-labelledby={headingId}>
      <div className="earnings-panel__top">
        <h2 id={headingId}>{t('dashboard.earnings.title')}</h2>
        <div className="earnings-panel__toggle" role="group" aria-label={t('dashboard.earnings.groupBy')}>
          {GRANULARITIES.map((option) => (
            <button
              key={option}
              type="button"
              className="toggle-button"
              aria-pressed={granularity === option}
              onClick={() => setGranularity(option)}
            >
              {granularityLabels[option]}
            </button>
          ))}
        </div>
      </div>
      {state.status === 'loading' && <LoadingView label={t('dashboard.earnings.loading')} />}
      {state.status === 'error' && <ErrorPanel title={t('dashboard.earnings.failed')} message={state.message} onRetry={reload} />}
      {state.status === 'ready' && <EarningsContent series={state.data} granularity={granularity} summaryId={summaryId} />}
    </section>
  );
}

function EarningsContent({ series, granularity, summaryId }: { series: EarningsPoint[]; granularity: EarningsGranularity; summaryId: string }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  if (series.length === 0) {
    return <p className="earnings-panel__empty">{t('dashboard.earnings.empty')}</p>;
  }
  const totals = summariseEarnings(series);
  const summary = t('dashboard.earnings.summary', {
    amount: format.price(totals.earnings),
    enrolments: t('dashboard.earnings.enrolmentCount', { count: totals.enrolments, formatted: format.count(totals.enrolments) }),
    periods:
      granularity === 'day'
        ? t('dashboard.earnings.dayCount', { count: series.length, formatted: format.count(series.length) })
        : t('dashboard.earnings.monthCount', { count: series.length, formatted: format.count(series.length) }),
    from: formatEarningsPeriod(series[0]!.period),
    to: formatEarningsPeriod(series[series.length - 1]!.period),
  });
  return (
    <>
      <p id={summaryId} className="earnings-panel__summary">{summary}</p>
      <Suspense fallback={<LoadingView label={t('common.loadingChart')} />}>
        <EarningsChart series={series} describedBy={summaryId} />
      </Suspense>
      <details className="earnings-panel__table">
        <summary>{t('dashboard.earnings.showTable')}</summary>
        <table>
          <caption className="visually-hidden">{granularity === 'day' ? t('dashboard.earnings.captionDay') : t('dashboard.earnings.captionMonth')}</caption>
          <thead>
            <tr>
              <th scope="col">{granularity === 'day' ? t('dashboard.earnings.day') : t('dashboard.earnings.month')}</th>
              <th scope="col">{t('dashboard.earnings.earnings')}</th>
              <th scope="col">{t('dashboard.earnings.enrolments')}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.period}>
                <th scope="row">{formatEarningsPeriod(point.period)}</th>
                <td>{format.price(point.earnings)}</td>
                <td>{format.count(point.enrolments)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
