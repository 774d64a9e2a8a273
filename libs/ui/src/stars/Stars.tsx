import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@academy/platform';

export const STAR_COUNT = 5;

/** Drawn, never read (aria-hidden): the same mark in every language. */
const STAR_MARK = '★';

export interface StarsProps {
  /** Current rating, 0 to 5 (0 = not rated). */
  rating: number;
  /** Makes the stars buttons; called with 1 to 5 when the user picks one. */
  onChange?: (rating: number) => void;
  /** Accessible name of the group, e.g. "Rate this course". */
  label?: string;
  /** Buttons only: the id of the text explaining a problem with the choice (its error), which marks the group invalid. */
  errorId?: string;
}

const starNumbers = Array.from({ length: STAR_COUNT }, (_unused, index) => index + 1);

/**
 * Five stars. Read-only by default; with `onChange` each star is a button: hover or arrow keys preview,
 * click / Enter / Space choose. Arrow keys only move focus so a keyboard user never sends a rating by accident.
 */
export function Stars({ rating, onChange, label, errorId }: StarsProps) {
  const { t } = useTranslation('ui');
  const [preview, setPreview] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const shown = Math.max(0, Math.min(STAR_COUNT, Math.floor(preview ?? rating)));

  if (!onChange) {
    return (
      <span className="stars" role="img" aria-label={label ?? t('stars.rated', { rating: shown, total: STAR_COUNT })}>
        {starNumbers.map((star) => (
          <span key={star} aria-hidden="true" className={`stars__star${star <= shown ? ' stars__star--filled' : ''}`}>
            {STAR_MARK}
          </span>
        ))}
      </span>
    );
  }

  const focusStar = (star: number) => {
    const target = Math.max(1, Math.min(STAR_COUNT, star));
    buttons.current[target - 1]?.focus();
    setPreview(target);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, star: number) => {
    const moves: Record<string, number> = { ArrowRight: star + 1, ArrowUp: star + 1, ArrowLeft: star - 1, ArrowDown: star - 1, Home: 1, End: STAR_COUNT };
    if (event.key in moves) {
      event.preventDefault();
      focusStar(moves[event.key]!);
    }
  };
  // Roving tab stop: one Tab reaches the group, on the current rating (or the first star).
  const tabStop = rating >= 1 ? Math.min(STAR_COUNT, Math.floor(rating)) : 1;

  return (
    <div
      className="stars stars--interactive"
      role="group"
      aria-label={label ?? t('stars.rating')}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId}
      onMouseLeave={() => setPreview(null)}
    >
      {starNumbers.map((star) => (
        <button
          key={star}
          ref={(element) => {
            buttons.current[star - 1] = element;
          }}
          type="button"
          className={`stars__star${star <= shown ? ' stars__star--filled' : ''}`}
          aria-label={t('stars.star', { count: star })}
          aria-pressed={star === Math.floor(rating)}
          tabIndex={star === tabStop ? 0 : -1}
          onMouseEnter={() => setPreview(star)}
          onFocus={() => setPreview(star)}
          onBlur={() => setPreview(null)}
          onKeyDown={(event) => onKeyDown(event, star)}
          onClick={() => onChange(star)}
        >
          <span aria-hidden="true">{STAR_MARK}</span>
        </button>
      ))}
    </div>
  );
}
