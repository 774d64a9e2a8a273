import type { LiveClassDto } from '@academy/contracts';
import {
  downloadWithToken,
  errorMessage,
  queryKeys,
  useApi,
  useFormat,
  usePortalAuth,
  useQuery,
  useRuntimeConfig,
  useTranslation,
} from '@academy/platform';
import { Link } from '@academy/routing';
import { useEffect, useState } from 'react';
import { countdown, fetchCourseLiveClasses, liveCalendarPath, liveRoomPath } from './liveApi';
import './live.css';

/** The clock, ticking every second while something counts down. */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * "Live now" and "Upcoming" classes of a course with a countdown and a calendar file, for those who may join
 * (enrolled learners, the educator, a linked parent); shows nothing to anyone else.
 */
export function LiveClassesPanel({ courseId, headingLevel = 2 }: { courseId: string; /** 4 inside a card (a parent's child card). */ headingLevel?: 2 | 4 }) {
  const api = useApi();
  const query = useQuery({
    queryKey: queryKeys.learner.liveClasses(courseId),
    queryFn: () => fetchCourseLiveClasses(api, courseId),
    refetchInterval: 30_000,
    meta: { errorToast: false },
  });
  return <LiveClassesList classes={query.data?.liveClasses ?? []} headingId={`live-${courseId}`} headingLevel={headingLevel} />;
}

/**
 * The "Live now" and "Upcoming" list with its countdowns; nothing when empty. `showCourse`: each class names its
 * course (the home page lists classes of every course).
 */
export function LiveClassesList({
  classes,
  headingId,
  headingLevel = 2,
  showCourse = false,
}: {
  classes: LiveClassDto[];
  headingId: string;
  headingLevel?: 2 | 4;
  showCourse?: boolean;
}) {
  const { t } = useTranslation('learner');
  const now = useNow();
  if (classes.length === 0) return null;
  const live = classes.filter((item) => item.status === 'live');
  const upcoming = classes.filter((item) => item.status === 'scheduled');
  const Heading = headingLevel === 4 ? 'h4' : 'h2';
  const where = (item: LiveClassDto) => (showCourse ? `${item.courseTitle} · ${item.chapterTitle}` : item.chapterTitle);
  return (
    <section className="live-panel" aria-labelledby={headingId}>
      <Heading id={headingId} className="live-panel__title">
        {t('live.title')}
      </Heading>
      <ul className="live-panel__list">
        {live.map((item) => (
          <li key={item.id} className="live-panel__item live-panel__item--live">
            <span className="live-panel__badge">{t('live.liveNow')}</span> <strong>{item.title}</strong> ({where(item)}){' '}
            <Link className="live-panel__join" to={liveRoomPath(item.id)}>
              {t('live.join')}
            </Link>
          </li>
        ))}
        {upcoming.map((item) => (
          <UpcomingItem key={item.id} item={item} now={now} where={where(item)} />
        ))}
      </ul>
    </section>
  );
}

function UpcomingItem({ item, now, where }: { item: LiveClassDto; now: number; where: string }) {
  const { t } = useTranslation('learner');
  const format = useFormat();
  const { apiBaseUrl } = useRuntimeConfig();
  const { getAccessTokenSilently } = usePortalAuth();
  const [message, setMessage] = useState<string | null>(null);
  const addToCalendar = async () => {
    try {
      const token = (await getAccessTokenSilently()) ?? '';
      await downloadWithToken(apiBaseUrl, token, liveCalendarPath(item.id), 'the calendar file', 'live-class.ics');
      setMessage(t('live.calendarDownloaded'));
    } catch (error) {
      setMessage(errorMessage(error));
    }
  };
  return (
    <li className="live-panel__item">
      <span className="live-panel__badge live-panel__badge--upcoming">{t('live.upcoming')}</span> <strong>{item.title}</strong> ({where}),{' '}
      {t('live.when', { date: format.date(item.startsAt), time: format.time(item.startsAt) })}{' '}
      <span className="live-panel__countdown">{t('live.startsIn', { countdown: countdown(item.startsAt, now) })}</span>{' '}
      <button type="button" className="button-secondary live-panel__calendar" onClick={() => void addToCalendar()}>
        {t('live.addToCalendar')}
      </button>
      {message && <span role="status"> {message}</span>}
    </li>
  );
}
