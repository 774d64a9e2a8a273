// recharts, loaded only on the analytics page and in a chunk of its own (each chart is imported with React.lazy).
// Every chart is an image with a text summary (aria-describedby); the page shows the same figures in a table.
import type { FunnelStep, LectureAnalytics, QuestionDifficulty } from '@academy/contracts';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const STARTED_COLOUR = '#93c5fd';
const FINISHED_COLOUR = '#1d4ed8';

interface ChartProps {
  /** Id of the text that summarises the chart for screen readers. */
  describedBy: string;
}

/** Learners who started and who finished each lecture, side by side: the gap is the drop-off. */
export function DropOffChart({ lectures, describedBy }: ChartProps & { lectures: LectureAnalytics[] }) {
  return (
    <figure className="analytics-chart" role="img" aria-label="Chart of learners who started and finished each lecture" aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={lectures} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(label) => `Lecture ${String(label)}`} />
          <Legend />
          <Bar dataKey="started" name="Started" fill={STARTED_COLOUR} />
          <Bar dataKey="finished" name="Finished" fill={FINISHED_COLOUR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** How many learners reached each step, from enrolling to finishing every lecture. */
export function FunnelChart({ funnel, describedBy }: ChartProps & { funnel: FunnelStep[] }) {
  return (
    <figure className="analytics-chart" role="img" aria-label="Chart of the completion funnel" aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={Math.max(160, funnel.length * 44)}>
        <BarChart data={funnel} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
          <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Bar dataKey="learners" name="Learners" fill={FINISHED_COLOUR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}

/** The share of right answers per question of one quiz: the lowest bars are the hardest questions. */
export function QuestionDifficultyChart({ questions, quizTitle, describedBy }: ChartProps & { questions: QuestionDifficulty[]; quizTitle: string }) {
  return (
    <figure className="analytics-chart" role="img" aria-label={`Chart of right answers per question of ${quizTitle}`} aria-describedby={describedBy}>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={questions.map((question) => ({ ...question, percentCorrect: question.percentCorrect ?? 0 }))} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} tickFormatter={(value: number) => `${value}%`} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => `${String(value)}%`} />
          <Bar dataKey="percentCorrect" name="Right answers" fill={FINISHED_COLOUR} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
