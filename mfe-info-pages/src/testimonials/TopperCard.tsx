import { useId, useState } from 'react';
import type { Topper } from './testimonialsContent.js';

/**
 * A topper's portrait whose name and result appear on hover, and on focus so keyboard and touch users (a tap
 * focuses the card) see them too. The result is also the card's description, so screen readers hear it at once.
 */
export function TopperCard({ topper }: { topper: Topper }) {
  const [revealed, setRevealed] = useState(false);
  const detailsId = useId();
  const show = () => setRevealed(true);
  const hide = () => setRevealed(false);

  return (
    <li className="topper-card-slot">
      <article
        className={revealed ? 'topper-card is-revealed' : 'topper-card'}
        tabIndex={0}
        aria-label={topper.name}
        aria-describedby={detailsId}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
      >
        <img src={topper.image} alt="" className="topper-card__image" />
        <div id={detailsId} className="topper-card__details" hidden={!revealed}>
          <p className="topper-card__name">{topper.name}</p>
          <p className="topper-card__result">{topper.result}</p>
        </div>
      </article>
    </li>
  );
}
