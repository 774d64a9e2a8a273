// A parent's day on a 390 × 844 phone: signs up from the home page's "For parents" section, links a child with the
// child's code (Copy on the child's side), sees the child's card, buys a course for the child from the course page's
// first screen (the buy bar), finds the Payments page in the menu with the receipt naming the child, and is asked
// before a link is removed (Cancel keeps it).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { pdfText } from '@academy/service-core/testing';
import { launchBrowser, openPage } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const PHONE = { width: 390, height: 844 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Fills one of the sandbox's sign-up forms and waits to be back on the portal. */
async function fillSignUp(page: Page, formName: string, button: string, name: string, email: string): Promise<void> {
  const form = page.getByRole('region', { name: formName });
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel(/^Password/).fill('learn-academy-e2e');
  await form.getByRole('button', { name: button }).click();
  await page.waitForURL((url) => url.origin === new URL(portalUrl).origin);
}

/** True when the element's box lies within the first screen. */
async function onFirstScreen(page: Page, selector: ReturnType<Page['getByRole']>): Promise<boolean> {
  const box = await selector.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

describe('a parent on a phone', () => {
  it('signs up from the home page, links a child, sees the card, buys for the child from the first screen, finds the receipt naming the child, and is asked before unlinking', async () => {
    const id = randomUUID().slice(0, 6);
    const parentName = `Rekha Verma ${id}`;
    const childName = `Rohit Verma ${id}`;

    // The home page invites parents; "I'm a parent" opens the sign-in page on the parent's form, first and focused.
    const parent = await openPage(browser, PHONE);
    await parent.page.goto(`${portalUrl}/`);
    const forParents = parent.page.getByRole('region', { name: 'For parents' });
    await forParents.scrollIntoViewIfNeeded();
    await forParents.getByRole('button', { name: "I'm a parent: create my account" }).click();
    const parentForm = parent.page.getByRole('region', { name: 'Create a parent account' });
    await parentForm.waitFor();
    expect(await onFirstScreen(parent.page, parent.page.getByRole('heading', { name: 'Create a parent account' }))).toBe(true);
    await fillSignUp(parent.page, 'Create a parent account', 'Create parent account', parentName, `rekha-${id}@test.academy`);
    // Straight to the parent's home, as a parent.
    await parent.page.waitForURL(`${portalUrl}/parent`);
    await parent.page.getByRole('heading', { level: 1, name: 'My Children' }).waitFor();
    await parent.page.getByRole('heading', { level: 2, name: 'Link a child' }).waitFor();

    // The child signs up and creates a code: focus moves to it, Copy is there.
    const child = await openPage(browser, PHONE);
    await child.page.goto(`${portalUrl}/`);
    await child.page.getByRole('button', { name: 'Create Account' }).click();
    await fillSignUp(child.page, 'Create a student account', 'Create account', childName, `rohit-${id}@test.academy`);
    // Signed in once the portal has taken the provider's answer (the class question of a first sign-in is showing).
    await child.page.getByRole('button', { name: childName }).waitFor();
    await child.page.goto(`${portalUrl}/parent-access`);
    await child.page.getByRole('button', { name: 'Create a link code' }).click();
    const code = (await child.page.locator('.parents__code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await child.page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(code);
    await child.page.getByRole('button', { name: 'Copy code' }).waitFor();

    // The parent links the child and sees the child's card.
    await parent.page.getByLabel('Link code').fill(code);
    await parent.page.getByRole('button', { name: 'Link child' }).click();
    const card = parent.page.getByRole('article', { name: childName });
    await card.waitFor();
    await card.getByText(`${childName} is not enrolled in any course yet.`).waitFor();
    await parent.page.getByRole('heading', { level: 2, name: 'Link another child' }).waitFor();

    // A paid course: on the first screen the phone's buy bar offers "Enroll my child" (never Enroll Now).
    const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: { _id: string; courseTitle: string; coursePrice: number; discount: number }[] };
    const paid = all.courses.find((course) => Math.round(course.coursePrice * (100 - course.discount)) > 0)!;
    await parent.page.goto(`${portalUrl}/course/${paid._id}`);
    await parent.page.getByRole('heading', { level: 1, name: paid.courseTitle }).waitFor();
    const bar = parent.page.getByRole('region', { name: 'Buy this course' });
    const buy = bar.getByRole('button', { name: `Enroll my child (${childName})` });
    await buy.waitFor();
    expect(await onFirstScreen(parent.page, buy)).toBe(true);
    expect(await parent.page.getByRole('button', { name: 'Enroll Now' }).count()).toBe(0);
    await buy.click();
    const checkout = parent.page.getByRole('dialog', { name: paid.courseTitle });
    await checkout.waitFor();
    // The payment window names the child the course is for.
    await checkout.getByText(`Course Enrollment for ${childName}`).waitFor();
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await parent.page.getByText(`Enrollment successful! ${childName} is enrolled.`).first().waitFor({ timeout: 30_000 });
    await parent.page.getByRole('heading', { level: 1, name: `${childName}'s progress` }).waitFor();

    // Payments, from the menu: the payment names the child; its receipt says who it was for.
    await parent.page.getByRole('button', { name: parentName }).click();
    await parent.page.getByRole('menuitem', { name: 'Payments' }).click();
    await parent.page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    const row = parent.page.getByRole('row', { name: new RegExp(paid.courseTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await row.waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe(childName);
    const receiptButton = row.getByRole('button', { name: new RegExp(`^Receipt .* for ${childName} \\(PDF\\)$`) });
    const [download] = await Promise.all([parent.page.waitForEvent('download'), receiptButton.click()]);
    const text = await pdfText(await readFile(await download.path()));
    expect(text).toContain(parentName);
    expect(text).toContain(`For: ${childName}`);

    // Removing the link asks first, naming the child and what is lost; Cancel keeps it.
    await parent.page.goto(`${portalUrl}/parent`);
    await parent.page.getByRole('button', { name: `Remove link with ${childName}` }).click();
    const ask = parent.page.getByRole('alertdialog', { name: `Remove the link with ${childName}?` });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(`You will no longer see ${childName}'s courses, progress, certificates, receipts`);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(await ask.count()).toBe(0);
    await parent.page.getByRole('article', { name: childName }).waitFor();
    await parent.page.reload();
    await parent.page.getByRole('article', { name: childName }).getByText(paid.courseTitle).waitFor();

    // No sideways scrolling on the parent's pages.
    for (const path of ['/parent', '/parent/payments']) {
      await parent.page.goto(`${portalUrl}${path}`);
      await parent.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await parent.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await child.context.close();
    await parent.context.close();
  }, 180_000);
});
