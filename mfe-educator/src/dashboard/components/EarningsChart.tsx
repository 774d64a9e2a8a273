import { CURRENCY_SYMBOL, formatEarningsPeriod, formatPrice, type EarningsPoint } from '@academy/contracts';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface EarningsChartProps {
  series: EarningsPoint[];
  /** Id of the text that summarises the chart for screen readers. */
  describedBy: string;
}

/** Enrolments as bars (right axis) and earnings as a line (left axis). Loaded lazily with recharts. */
export default function EarningsChart({ series, describedBy }: EarningsChartProps) {
  return (
    <figure className="earnings-chart" role="img" aria-label="Chart of earnings and enrolments" aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={280}>
        <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="period" tickFormatter={formatEarningsPeriod} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="earnings" tickFormatter={(value: number) => `${CURRENCY_SYMBOL}${value}`} tick={{ fontSize: 12 }} />
          <YAxis yAxisId="enrolments" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(period) => formatEarningsPeriod(String(period))} formatter={(value, name) => (name === 'Earnings' ? formatPrice(Number(value)) : value)} />
          <Legend />
          <Bar yAxisId="enrolments" dataKey="enrolments" name="Enrolments" fill="#93c5fd" />
          <Line yAxisId="earnings" dataKey="earnings" name="Earnings" stroke="#1d4ed8" strokeWidth={2} dot={series.length < 40} type="monotone" />
        </ComposedChart>
      </ResponsiveContainer>
    </figure>
  );
}
