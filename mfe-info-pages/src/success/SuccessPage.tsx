import { learnerPaths } from '@academy/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from '@academy/routing';
import './SuccessPage.css';

/** The success page counts down from this many seconds, then goes home. */
export const SUCCESS_REDIRECT_SECONDS = 4;

/** Shown after a newsletter sign-up or a contact message; counts down, then returns home. */
export default function SuccessPage() {
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
        <div className="success-page__badge" aria-hidden="true">
          ✓
        </div>
        <h1>Thanks for Contacting Us</h1>
        <p>We have your details and will be in touch soon.</p>
        {/* role="timer" is not announced every second, which would be noisy for screen-reader users. */}
        <p role="timer" aria-label="Seconds until the home page" className="success-page__countdown">
          Taking you back to the home page in <strong>{secondsLeft}</strong>{' '}
          {secondsLeft === 1 ? 'second' : 'seconds'}.
        </p>
      </div>
    </div>
  );
}
