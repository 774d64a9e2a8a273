import { CURRENCY_SYMBOL, formatEarningsPeriod, type EarningsPoint } from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface EarningsChartProps {
  series: EarningsPoint[];
  /** Id of the text that summarises the chart for screen readers. */
  describedBy: string;
}

/** Enrolments as bars (right axis) and earnings as a line (left axis). Loaded lazily with recharts. */
export default function EarningsChart({ series, describedBy }: EarningsChartProps) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  return (
    <figure className="earnings-chart" role="img" aria-label={t('dashboard.chart.label')} aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="period" tickFormatter={formatEarningsPeriod} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="earnings" tickFormatter={(value: number) => `${CURRENCY_SYMBOL}${format.count(value)}`} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="enrolments" orientation="right" allowDecimals={false} tickFormatter={(value: number) => format.count(value)} tick={{ fontSize: 12 }} />
          <Tooltip
            labelFormatter={(period) => formatEarningsPeriod(String(period))}
            formatter={(value, _name, item) => (item.dataKey === 'earnings' ? format.price(Number(value)) : format.count(Number(value)))}
          />
          <Legend />
          <Bar yAxisId="enrolments" dataKey="enrolments" name={t('dashboard.earnings.enrolments')} fill="#93c5fd" />
          <Line yAxisId="earnings" dataKey="earnings" name={t('dashboard.earnings.earnings')} stroke="#1d4ed8" strokeWidth={2} dot={series.length < 40} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
