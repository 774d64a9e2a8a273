import type { Page } from 'playwright-core';

/** A control on screen that something else lies over at its centre. */
export interface CoveredControl {
  /** The control: its tag and accessible text (or label). */
  control: string;
  /** The element the browser hit at the control's centre, with its tag, class and text. */
  coveredBy: string;
  /** The control's centre in the viewport, in CSS pixels. */
  x: number;
  y: number;
}

/** Links, buttons and form fields; `extraSelector` adds what else must stay visible (a price, say). */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="tab"]';

/**
 * Every control whose centre lies in the viewport but under something floating (`elementFromPoint` at its centre
 * hits a fixed or sticky element, or something inside one, that does not hold the control). Run it where the learner's thumb would be: the first screen, and
 * the bottom of the page after scrolling. Controls scrolled out of view, hidden, or of zero size are not counted.
 */
export async function coveredControls(page: Page, extraSelector?: string): Promise<CoveredControl[]> {
  const selector = extraSelector ? `${CONTROLS}, ${extraSelector}` : CONTROLS;
  // A function given as source: this package compiles without the DOM's types.
  return page.evaluate(`(() => {
    const describe = (element) => {
      const label = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('placeholder') || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
      const className = typeof element.className === 'string' && element.className ? '.' + element.className.trim().split(/\\s+/).join('.') : '';
      return element.tagName.toLowerCase() + className + (label ? ' "' + label + '"' : '');
    };
    const covered = [];
    for (const control of document.querySelectorAll(${JSON.stringify(selector)})) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none' || control.closest('[inert], [aria-hidden="true"]')) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === control || control.contains(hit) || hit.contains(control)) continue;
      // Only what floats counts: a fixed or sticky element (or one inside it) that the page scrolls under. A card's
      // stretched link over its own price is the card, not something lying over it.
      const floating = (() => {
        for (let element = hit; element; element = element.parentElement) {
          const position = getComputedStyle(element).position;
          if (position === 'fixed' || position === 'sticky') return !element.contains(control);
        }
        return false;
      })();
      if (!floating) continue;
      covered.push({ control: describe(control), coveredBy: describe(hit), x: Math.round(x), y: Math.round(y) });
    }
    return covered;
  })()`);
}
