import { useRenderedForPhone } from '@academy/platform';
import { useEffect, useState } from 'react';

/** Phones: below the tablet breakpoint of the design tokens (48rem). Matches the CSS `max-width: 47.99rem`. */
export const PHONE_MEDIA_QUERY = '(max-width: 47.99rem)';

/**
 * Whether the media query matches now (and after every change); false where matchMedia is missing (jsdom). Without a
 * window (the edge's render of a first screen) it is `withoutWindow`.
 */
export function useMediaQuery(query: string, withoutWindow = false): boolean {
  const [matches, setMatches] = useState(() =>
    typeof window === 'undefined' ? withoutWindow : typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** True on a phone-sized viewport (on the edge's render, when it renders for a phone). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY, useRenderedForPhone());
}
