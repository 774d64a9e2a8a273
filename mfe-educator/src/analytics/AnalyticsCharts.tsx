// recharts, loaded only on the analytics page and in a chunk of its own (each chart is imported with React.lazy).
// Every chart is an image with a text summary (aria-describedby); the page shows the same figures in a table.
import type { FunnelStep, LectureAnalytics, QuestionDifficulty } from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { funnelStepLabel, questionLabel } from './analyticsText';

const STARTED_COLOUR = '#93c5fd';
const FINISHED_COLOUR = '#1d4ed8';

interface ChartProps {
  /** Id of the text that summarises the chart for screen readers. */
  describedBy: string;
}

/** Learners who started and who finished each lecture, side by side: the gap is the drop-off. */
export function DropOffChart({ lectures, describedBy }: ChartProps & { lectures: LectureAnalytics[] }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  return (
    <figure className="analytics-chart" role="img" aria-label={t('analytics.chart.dropOff')} aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={lectures} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tickFormatter={(value: number) => format.count(value)} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(label) => t('analytics.chart.lecture', { label: String(label) })} formatter={(value) => format.count(Number(value))} />
          <Legend />
          <Bar dataKey="started" name={t('analytics.dropOff.started')} fill={STARTED_COLOUR} />
          <Bar dataKey="finished" name={t('analytics.dropOff.finished')} fill={FINISHED_COLOUR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** How many learners reached each step, from enrolling to finishing every lecture. */
export function FunnelChart({ funnel, describedBy }: ChartProps & { funnel: FunnelStep[] }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const steps = funnel.map((step) => ({ ...step, label: funnelStepLabel(step.label, t) }));
  return (
    <figure className="analytics-chart" role="img" aria-label={t('analytics.chart.funnel')} aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={Math.max(160, funnel.length * 44)}>
        <BarChart data={steps} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis type="number" allowDecimals={false} tickFormatter={(value: number) => format.count(value)} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => format.count(Number(value))} />
          <Bar dataKey="learners" name={t('analytics.funnel.learners')} fill={FINISHED_COLOUR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** The share of right answers per question of one quiz: the lowest bars are the hardest questions. */
export function QuestionDifficultyChart({ questions, quizTitle, describedBy }: ChartProps & { questions: QuestionDifficulty[]; quizTitle: string }) {
  const { t } = useTranslation('educator');
  const percent = (value: unknown) => t('common.percent', { value: String(value) });
  const data = questions.map((question) => ({ ...question, label: questionLabel(question.label, t), percentCorrect: question.percentCorrect ?? 0 }));
  return (
    <figure className="analytics-chart" role="img" aria-label={t('analytics.chart.questions', { title: quizTitle })} aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} tickFormatter={percent} tick={{ fontSize: 12 }} />
          <Tooltip formatter={percent} />
          <Bar dataKey="percentCorrect" name={t('analytics.chart.rightAnswers')} fill={FINISHED_COLOUR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
