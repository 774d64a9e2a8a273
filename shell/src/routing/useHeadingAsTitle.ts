import { useEffect, useRef } from 'react';
import { useTranslation } from '@academy/platform';

export const SITE_NAME = 'Academy';
const WAIT_FOR_HEADING_MS = 10_000;

/** The page's own heading: the first h1 in the main landmark, else its first h2. */
function pageHeading(): HTMLElement | null {
  const main = document.querySelector('main');
  const heading = main?.querySelector<HTMLElement>('h1') ?? main?.querySelector<HTMLElement>('h2') ?? null;
  return heading?.textContent?.trim() ? heading : null;
}

/**
 * On every route: the tab title becomes "<page heading> | Academy" once the page (often a remote that is still
 * loading) shows its heading, and after a navigation, not on the first load, focus moves to that heading so a
 * screen reader announces the new page. One place for every remote's pages. A language change renames the tab
 * after the translated heading, without moving focus.
 */
export function useHeadingAsTitle(pathname: string): void {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    const moveFocus = shownPath.current !== null && shownPath.current !== pathname;
    shownPath.current = pathname;
    const apply = (): boolean => {
      const heading = pageHeading();
      if (!heading) return false;
      document.title = `${heading.textContent!.trim()} | ${SITE_NAME}`;
      if (moveFocus) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
      return true;
    };
    if (apply()) return undefined;
    const observer = new MutationObserver(() => {
      if (apply()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, language]);
}
