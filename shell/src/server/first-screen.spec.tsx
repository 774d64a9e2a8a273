/**
 * @jest-environment node
 */
// The shell's server module as the edge runs it: the chrome around the slot where the page's remote's HTML goes.
import { FIRST_SCREEN_PAGE_SLOT } from '@academy/contracts';
import { testRuntimeConfig } from '@academy/platform/testing';
import { renderChrome } from './first-screen';

const request = (language: 'en' | 'hi') => ({
  url: '/course-list',
  language,
  phone: true,
  runtimeConfig: testRuntimeConfig,
  fetchApi: () => Promise.reject(new Error('the chrome asks for nothing')),
});

describe('the shell’s chrome rendered on the server', () => {
  it('renders the skip link, the navigation and the footer around the page’s slot in the main landmark', async () => {
    const html = await renderChrome(request('en'));
    expect(html).toContain('<a class="skip-link" href="#main-content">Skip to content</a>');
    expect(html).toContain(`<main class="shell-main" id="main-content">${FIRST_SCREEN_PAGE_SLOT}</main>`);
    expect(html.indexOf('<header')).toBeLessThan(html.indexOf('<main'));
    expect(html.indexOf('<main')).toBeLessThan(html.indexOf('<footer'));
    // An anonymous visitor's chrome: sign-in is offered.
    expect(html).toContain('Create Account');
  });

  it('renders in the visitor’s language', async () => {
    const html = await renderChrome(request('hi'));
    expect(html).toContain('<option value="hi" lang="hi" selected="">');
    expect(html).not.toContain('Skip to content');
  });

  it('refuses a runtime config the browser would refuse', async () => {
    await expect(renderChrome({ ...request('en'), runtimeConfig: { apiBaseUrl: 42 } })).rejects.toThrow();
  });
});
