import { formatVideoSecond } from '@academy/contracts';
import { useFormat, useTranslation } from '@academy/platform';
import { Link } from '@academy/routing';
import type { LiveRoom } from '@academy/ui/live';
import { useId } from 'react';

/**
 * The doubts learners ask during the class, newest first, as they arrive over the class's connection (a reconnect
 * brings back the ones asked so far). Each is also in the inbox, where the teacher answers it.
 */
export function LiveDoubtsList({ room, courseId }: { room: LiveRoom; courseId: string }) {
  const { t } = useTranslation('educator');
  const format = useFormat();
  const id = useId();
  const doubts = [...room.state.doubts].reverse();
  return (
    <section className="live-doubts" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('liveClasses.doubts.title', { count: doubts.length, formatted: format.count(doubts.length) })}</h3>
      {doubts.length === 0 && <p>{t('liveClasses.doubts.none')}</p>}
      <ol className="live-doubts__list" aria-live="polite" aria-relevant="additions">
        {doubts.map((doubt) => (
          <li key={doubt.id}>
            <p className="live-doubts__meta">
              <strong>{doubt.userName}</strong> · {t('liveClasses.doubts.at', { time: formatVideoSecond(doubt.atSecond) })}
            </p>
            <div dangerouslySetInnerHTML={{ __html: doubt.html }} />
          </li>
        ))}
      </ol>
      <p>
        <Link to={`/educator/inbox?${new URLSearchParams({ courseId }).toString()}`}>{t('liveClasses.doubts.answerInInbox')}</Link>
      </p>
    </section>
  );
}
