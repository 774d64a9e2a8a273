import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { startShell } from './bootstrap';

describe('startShell', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('builds the course cards’ number formatters in a task of its own while the runtime config is still on its way', async () => {
    const NumberFormat = Intl.NumberFormat;
    const built: string[] = [];
    jest.spyOn(Intl, 'NumberFormat').mockImplementation(((locale: string, options?: Intl.NumberFormatOptions) => {
      built.push(locale);
      return new NumberFormat(locale, options);
    }) as typeof Intl.NumberFormat);
    document.body.innerHTML = '<div id="root"></div>';

    // The runtime config never answers: nothing is rendered, and the page's first Intl object must not wait for it.
    startShell(() => new Promise<Response>(() => undefined));
    expect(built).toEqual([]); // not inside startShell's own task
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(built).toEqual(['en-IN', 'en-IN']);
  });
});
