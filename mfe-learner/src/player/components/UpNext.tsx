import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from '@academy/platform';

/** Seconds "Up next" counts down before the next lecture starts by itself. */
export const UP_NEXT_SECONDS = 5;

interface UpNextProps {
  /** The next lecture's label and title ("1.2 Expressions"). */
  title: string;
  onPlay(): void;
  onCancel(): void;
}

/**
 * Shown when a lecture ends: counts down to the next lecture, which starts at zero. Cancel stops it; Play now
 * starts it at once. The count is announced politely once a second would be noise, so only the title is live.
 */
export function UpNext({ title, onPlay, onCancel }: UpNextProps) {
  const { t } = useTranslation('learner-study');
  const [left, setLeft] = useState(UP_NEXT_SECONDS);
  const played = useRef(false);
  const onPlayRef = useRef(onPlay);
  onPlayRef.current = onPlay;
  const cancelButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    cancelButton.current?.focus({ preventScroll: true });
    const timer = window.setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left > 0 || played.current) return;
    played.current = true;
    onPlayRef.current();
  }, [left]);

  return (
    <div className="up-next" role="region" aria-label={t('player.upNext.region')}>
      <p className="up-next__title" aria-live="polite">
        <Trans t={t} i18nKey="player.upNext.title" values={{ title }} components={{ strong: <strong /> }} />
      </p>
      <p className="up-next__count">
        <Trans t={t} i18nKey="player.upNext.startsIn" values={{ seconds: left }} components={{ seconds: <span className="up-next__seconds" /> }} />
      </p>
      <div className="up-next__actions">
        <button type="button" className="button" onClick={onPlay}>
          {t('player.upNext.playNow')}
        </button>
        <button type="button" ref={cancelButton} className="button button--secondary up-next__cancel" onClick={onCancel}>
          {t('player.upNext.cancel')}
        </button>
      </div>
    </div>
  );
}
