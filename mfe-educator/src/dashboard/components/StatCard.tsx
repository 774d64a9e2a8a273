export interface StatCardProps {
  label: string;
  value: string;
  icon: string;
}

export function StatCard({ label, value, icon }: StatCardProps) {
  return (
    <div className="stat-card">
      <svg className="stat-card__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
        <path d={icon} fill="currentColor" />
      </svg>
      <dl>
        <dt className="stat-card__label">{label}</dt>
        <dd className="stat-card__value">{value}</dd>
      </dl>
    </div>
  );
}
