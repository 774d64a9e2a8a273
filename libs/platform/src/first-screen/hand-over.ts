// The browser's side of the first screen the edge renders (infra first-screen-render.ts): the HTML shows the page,
// inert, and the portal renders hidden beside it. Once the portal shows the same page, at least as far along, it
// takes the other's place in one step (before the next paint), so the reader never sees it go back to loading.
import { FIRST_SCREEN_ELEMENT_ID } from '@academy/contracts';

/** The longest the rendered screen stays when the portal never shows that page (a failure it does not report). */
export const FIRST_SCREEN_HAND_OVER_MAX_MS = 10_000;

/** Dispatched on the document when the rendered screen was made for another sign-in state than the portal found. */
const RENDERED_FOR_ANOTHER_VISITOR_EVENT = 'academy:first-screen-for-another-visitor';

/**
 * Tells the hand-over that the edge rendered its screen for a visitor this browser is not (signed in when the session
 * turned out gone, or anonymous when a session was restored): the portal's page is then shown at once, whatever it
 * shows, instead of the wrong one staying until the longest wait.
 */
export function firstScreenWasForAnotherVisitor(): void {
  document.dispatchEvent(new Event(RENDERED_FOR_ANOTHER_VISITOR_EVENT));
}

const LOADING = '[role="status"]';
const FAILURE = '[role="alert"]';
const NOT_THE_PAGE = new Set(['LINK', 'SCRIPT', 'STYLE', 'TEMPLATE']);

/** The page inside the main landmark: its first element's kind, and how many loading views it shows. */
function pageIn(container: Element): { kind: string; loading: number; failed: boolean } | null {
  const main = container.querySelector('main');
  // React renders a page's image preloads where the page is on the server, and puts them in the head in the browser.
  const page = main && [...main.children].find((child) => !NOT_THE_PAGE.has(child.tagName));
  if (!main || !page) return null;
  // Its kind by its element and first class: a modifier (`course-detail--with-buy-bar`, the phone's layout) may differ
  // when the edge guessed the screen wrong.
  return { kind: `${page.tagName}.${page.classList[0] ?? ''}`, loading: main.querySelectorAll(LOADING).length, failed: main.querySelector(FAILURE) !== null };
}

/**
 * Shows the portal rendered in `root` in place of the edge's first screen once its main landmark holds the same
 * page with no more loading views than the rendered one (or a failure, or after `maxWaitMs`, or at once when the
 * screen was rendered for another visitor: firstScreenWasForAnotherVisitor). Does nothing on a
 * page the edge did not render. Returns the hand-over, to call at once (the portal could not start).
 */
export function handOverFirstScreen(root: HTMLElement, { maxWaitMs = FIRST_SCREEN_HAND_OVER_MAX_MS } = {}): () => void {
  const rendered = document.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!rendered) return () => undefined;
  const shown = pageIn(rendered);
  let handedOver = false;
  const handOver = () => {
    if (handedOver) return;
    handedOver = true;
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener(RENDERED_FOR_ANOTHER_VISITOR_EVENT, handOver);
    rendered.remove();
    root.hidden = false;
  };
  // Mutation records are delivered after React's commit and before the browser paints it.
  const observer = new MutationObserver(() => {
    const page = pageIn(root);
    if (!page) return;
    if (page.failed || !shown || (page.kind === shown.kind && page.loading <= shown.loading)) handOver();
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['role', 'class'] });
  const timer = setTimeout(handOver, maxWaitMs);
  document.addEventListener(RENDERED_FOR_ANOTHER_VISITOR_EVENT, handOver);
  return handOver;
}
