import { learnerPaths } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from '@academy/routing';
import { Trans, useTranslation } from '@academy/platform';
import './SuccessPage.css';

/** The success page counts down from this many seconds, then goes home. */
export const SUCCESS_REDIRECT_SECONDS = 4;

/** Shown after a newsletter sign-up or a contact message; counts down, then returns home. */
export default function SuccessPage() {
  const { t } = useTranslation('info');
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_SECONDS);

  useEffect(() => {
    if (secondsLeft === 0) {
      navigate(learnerPaths.home);
      return;
    }
    const tick = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(tick);
  }, [secondsLeft, navigate]);

  return (
    <div className="success-page">
      <div className="success-page__card">
        <div className="success-page__badge" aria-hidden="true" />
        <h1>{t('success.title')}</h1>
        <p>{t('success.body')}</p>
        {/* role="timer" is not announced every second, which would be noisy for screen-reader users. */}
        <p role="timer" aria-label={t('success.timerLabel')} className="success-page__countdown">
          <Trans t={t} i18nKey="success.countdown" count={secondsLeft} components={{ strong: <strong /> }} />
        </p>
      </div>
    </div>
  );
}
