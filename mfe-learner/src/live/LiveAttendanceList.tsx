import { liveAttendanceMineAllRoute, parentsChildLiveAttendanceRoute } from '@academy/contracts';
import { callApi, queryKeys, useApi, useFormat, useQuery, useTranslation } from '@academy/platform';
import { useId } from 'react';
import './live.css';

/**
 * The live classes a learner attended with their minutes (counted from joins, the player's heartbeats and leaves),
 * latest first: the learner's own on My Enrollments, a linked child's (`childId`) on the parent's child page.
 * Shows nothing until there is one.
 */
export function LiveAttendanceList({ childId, name }: { childId?: string; name?: string }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const api = useApi();
  const id = useId();
  const query = useQuery({
    queryKey: queryKeys.learner.liveAttendance(childId ?? 'mine'),
    queryFn: () => (childId ? callApi(api, parentsChildLiveAttendanceRoute, { params: { childId } }) : callApi(api, liveAttendanceMineAllRoute)),
    meta: { errorToast: false },
  });
  const classes = query.data?.classes ?? [];
  if (classes.length === 0) return null;
  return (
    <section className="live-attendance" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{childId ? t('live.attendance.childTitle', { name }) : t('live.attendance.title')}</h2>
      <ul className="live-attendance__list">
        {classes.map((item) => (
          <li key={item.classId}>
            <strong>{item.title ?? t('live.attendance.unnamed')}</strong>
            {item.courseTitle ? ` (${item.courseTitle})` : ''}
            {item.startsAt ? `, ${format.date(item.startsAt)}` : ''}:{' '}
            {item.minutes < 1 ? t('live.attendance.underAMinute') : t('live.attendance.minutes', { count: Math.round(item.minutes), formatted: format.count(Math.round(item.minutes)) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
