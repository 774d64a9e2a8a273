import { queryKeys } from '@academy/platform';
import { formatEarningsPeriod, formatPrice, pluralize, summariseEarnings, type EarningsGranularity, type EarningsPoint } from '@academy/contracts';
import { ErrorPanel, LoadingView } from '@academy/ui';
import { lazy, Suspense, useId, useState } from 'react';
import { useRemoteData } from '../../common/useRemoteData';
import { fetchEarningsSeries } from '../data/dashboardApi';

// recharts is only fetched when a series has points, in its own chunk (not in the remote's first chunk).
const EarningsChart = lazy(() => import('./EarningsChart'));

const granularityLabels: Record<EarningsGranularity, string> = { day: 'Days', month: 'Months' };

/** Earnings and enrolments over time: a day/month toggle, a chart, a text summary and the same data as a table. */
export function EarningsPanel() {
  const [granularity, setGranularity] = useState<EarningsGranularity>('day');
  const { state, reload } = useRemoteData(queryKeys.educator.earnings(granularity), (api) => fetchEarningsSeries(api, granularity));
  const headingId = useId();
  const summaryId = useId();

  return (
    <section className="earnings-panel" aria-labelledby={headingId}>
      <div className="earnings-panel__top">
        <h2 id={headingId}>Earnings and enrolments over time</h2>
        <div className="earnings-panel__toggle" role="group" aria-label="Group by">
          {(Object.keys(granularityLabels) as EarningsGranularity[]).map((option) => (
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
      {state.status === 'loading' && <LoadingView label="Loading earnings" />}
      {state.status === 'error' && <ErrorPanel title="Earnings could not be loaded" message={state.message} onRetry={reload} />}
      {state.status === 'ready' && <EarningsContent series={state.data} granularity={granularity} summaryId={summaryId} />}
    </section>
  );
}

function EarningsContent({ series, granularity, summaryId }: { series: EarningsPoint[]; granularity: EarningsGranularity; summaryId: string }) {
  if (series.length === 0) {
    return <p className="earnings-panel__empty">No earnings yet. Sales will appear here once students enrol in your courses.</p>;
  }
  const totals = summariseEarnings(series);
  const unit = granularity === 'day' ? 'day' : 'month';
  const summary = `${formatPrice(totals.earnings)} earned from ${pluralize(totals.enrolments, 'enrolment')} over ${pluralize(series.length, unit)}, ${formatEarningsPeriod(series[0]!.period)} to ${formatEarningsPeriod(series[series.length - 1]!.period)}.`;
  return (
    <>
      <p id={summaryId} className="earnings-panel__summary">{summary}</p>
      <Suspense fallback={<LoadingView label="Loading chart" />}>
        <EarningsChart series={series} describedBy={summaryId} />
      </Suspense>
      <details className="earnings-panel__table">
        <summary>Show the figures as a table</summary>
        <table>
          <caption className="visually-hidden">Earnings and enrolments by {granularity}</caption>
          <thead>
            <tr>
              <th scope="col">{granularity === 'day' ? 'Day' : 'Month'}</th>
              <th scope="col">Earnings</th>
              <th scope="col">Enrolments</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.period}>
                <th scope="row">{formatEarningsPeriod(point.period)}</th>
                <td>{formatPrice(point.earnings)}</td>
                <td>{point.enrolments}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
