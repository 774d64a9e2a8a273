import { useEffect, useRef, type RefObject } from 'react';

/**
 * Calls onReachEnd when the sentinel element scrolls into view (with some margin), while enabled. Browsers
 * without IntersectionObserver (and jsdom) simply keep the Load more button.
 */
export function useInfiniteScroll(sentinel: RefObject<Element | null>, onReachEnd: () => void, enabled: boolean): void {
  const latestCallback = useRef(onReachEnd);
  useEffect(() => {
    latestCallback.current = onReachEnd;
  }, [onReachEnd]);

  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latestCallback.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [sentinel, enabled]);
}
