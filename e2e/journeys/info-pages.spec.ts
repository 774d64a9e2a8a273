// Information pages and the portal's chrome: newsletter, contact through the sandbox form service,
// the WhatsApp box, the /loading redirect, and every info route rendering with a clean console.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl, sandboxUrl } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Submission {
  service: 'newsletter' | 'contact';
  fields: Record<string, string>;
}

async function inbox(): Promise<Submission[]> {
  const response = await fetch(new URL('/forms/inbox.json', sandboxUrl));
  return ((await response.json()) as { submissions: Submission[] }).submissions;
}

describe('information pages and chrome', () => {
  it('validates the newsletter, subscribes, counts down on /success and goes home', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/about`);
    const email = page.getByLabel('Email address');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });

    await subscribe.click();
    await page.getByText('Email is required.').waitFor();
    await email.fill('not-an-email');
    await subscribe.click();
    await page.getByText('Invalid email format.').waitFor();

    const address = `reader-${Date.now()}@school.example`;
    await email.fill(address);
    await subscribe.click();
    await page.waitForURL(`${portalUrl}/success`);
    await page.getByRole('heading', { name: 'Thanks for Contacting Us' }).waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe('');
    expect((await inbox()).some((entry) => entry.service === 'newsletter' && entry.fields.email === address)).toBe(true);

    await page.getByText(/\b3\b/).first().waitFor();
    await page.waitForURL(`${portalUrl}/`, { timeout: 10_000 });
    await context.close();
  });

  it('shows each contact error, then delivers a valid message to the form service', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/contact`);
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    for (const message of ['Name is required.', 'Email is required.', 'Subject is required.', 'Message is required.']) {
      await page.getByText(message).waitFor();
    }
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Kavya Menon');
    await page.getByLabel('Email Address', { exact: true }).fill('kavya@mail.abcdef');
    await send.click();
    await page.getByText('Invalid email format.').waitFor();
    expect(await page.getByText('Name is required.').count()).toBe(0);

    const subject = `Batch timings ${Date.now()}`;
    await page.getByLabel('Email Address', { exact: true }).fill('kavya@mail.com');
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Which batch suits a class 8 student?');
    await send.click();
    await page.waitForURL(`${portalUrl}/success`);
    const received = (await inbox()).find((entry) => entry.service === 'contact' && entry.fields.subject === subject);
    expect(received?.fields).toEqual({
      name: 'Kavya Menon',
      email: 'kavya@mail.com',
      subject,
      message: 'Which batch suits a class 8 student?',
    });
    await context.close();
  });

  it('opens WhatsApp with the typed question in a new tab, clears it, and ignores blanks', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/`);
    const config = (await (await fetch(`${portalUrl}/runtime-config.json`)).json()) as { whatsappNumber: string };
    const question = page.getByLabel('Your question for us on WhatsApp');
    const sendButton = page.getByRole('button', { name: 'Send on WhatsApp' });
    // Folded to its round button at every width, so it lies over no page; the button opens it.
    await page.getByRole('button', { name: 'Ask us on WhatsApp' }).click();

    await question.fill('   ');
    // Count the page's calls of window.open: sending runs in the click's submit handler, so once the click is done
    // a blank question has either opened the chat or not.
    await page.evaluate(() => {
      const pageWindow = window as unknown as { chatsOpened: number; open: typeof window.open };
      const open = pageWindow.open.bind(window);
      pageWindow.chatsOpened = 0;
      pageWindow.open = (...args) => {
        pageWindow.chatsOpened += 1;
        return open(...args);
      };
    });
    await sendButton.click();
    expect(await page.evaluate(() => (window as unknown as { chatsOpened: number }).chatsOpened)).toBe(0);

    // The chat service is outside this machine: answer its address locally so the new tab settles on it.
    await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'chat' }));
    await question.fill('Is there a batch for class 11 physics?');
    const [chat] = await Promise.all([context.waitForEvent('page'), sendButton.click()]);
    await chat.waitForURL(/^https:\/\/wa\.me\//);
    const target = new URL(chat.url());
    expect(`${target.origin}${target.pathname}`).toBe(`https://wa.me/${config.whatsappNumber}`);
    expect(target.searchParams.get('text')).toBe('Is there a batch for class 11 physics?');
    expect(await question.inputValue()).toBe('');
    await context.close();
  });

  it('moves from /loading/course-list to /course-list after 5 seconds', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}/loading/course-list`);
    await page.getByRole('status').first().waitFor();
    const started = Date.now();
    await page.waitForURL(`${portalUrl}/course-list`, { timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
    await context.close();
  });

  it.each([
    ['/about', 'About Academy'],
    ['/contact', null],
    ['/success', 'Thanks for Contacting Us'],
    ['/testimonials', null],
    ['/terms-conditions', null],
    ['/privacy-policy', null],
    ['/beyond-the-classroom', 'Enrichment'],
    ['/frequently-asked-questions', null],
  ])('renders %s with a heading and no console error', async (route, heading) => {
    const { page, context } = await openPage(browser);
    await page.goto(`${portalUrl}${route}`);
    const title = page.getByRole('heading', { level: 1 });
    await title.first().waitFor();
    if (heading) expect(await title.first().textContent()).toContain(heading);
    // The WhatsApp box is on every page outside /educator.
    await page.getByRole('button', { name: 'Ask us on WhatsApp' }).waitFor();
    await context.close();
  });
});
