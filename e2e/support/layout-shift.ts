// Read in the page, so typed with the DOM's PerformanceObserver (the e2e project's lib; infra's is Node's).
import type { Page } from 'playwright-core';

/**
 * The page's cumulative layout shift so far: every shift not caused by the user's input, from the browser's own
 * (buffered) entries. Lighthouse's first-page target is 0.02 (`npm run bench`).
 */
export async function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 250);
      }),
  );
}
