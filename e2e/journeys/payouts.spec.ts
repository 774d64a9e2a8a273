// Payouts: the demo educator adds a bank account on the Payouts page (a Route linked account in the sandbox); a
// change after the sign-in has aged asks for the password again, goes through the sandbox's sign-in and back, and
// is mailed; the weekly run, through commerce's real queue, pays nothing still inside the refund window.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { Job, Queue } from 'bullmq';
import { launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';
import { eventually } from '@academy/service-core/testing';

const { portalUrl, sandboxUrl, redisUrl, queuePrefix, payoutReauthSeconds } = portal();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('payouts', () => {
  it('an account added, changed only after signing in again (and mailed), and the weekly run holding unsettled sales', async () => {
    const { page, context, expectProblem } = await openPage(browser);
    expectProblem('request', /^403 PUT .*\/api\/educator\/payout-account$/); // the change before signing in again
    // A sign-in of its own: the re-authentication rule counts from it.
    await signIn(page, portalUrl, 'Meera Iyer', { fresh: true });
    const signedInAt = Date.now();
    await page.goto(`${portalUrl}/educator/payouts`);
    await page.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();

    const fill = async (accountNumber: string, ifsc: string) => {
      await page.getByLabel('Account holder’s name').fill('Meera Iyer');
      await page.getByLabel('Account number', { exact: true }).fill(accountNumber);
      await page.getByLabel('Account number again').fill(accountNumber);
      await page.getByLabel('IFSC').fill(ifsc);
      await page.getByRole('button', { name: 'Save payout account' }).click();
    };
    // A wrong IFSC is refused with the rule (by the form, before anything is sent); then the account is added.
    if (await page.getByRole('button', { name: 'Change payout account' }).isVisible()) await page.getByRole('button', { name: 'Change payout account' }).click();
    await fill('50100012345678', 'HDFC123');
    await page.getByText('An IFSC is 11 characters').waitFor();
    await page.getByLabel('IFSC').fill('hdfc0001234');
    await page.getByRole('button', { name: 'Save payout account' }).click();
    await page.getByText('Payouts go to the bank account ending 5678 (IFSC HDFC0001234, Meera Iyer).').waitFor();

    // Once the sign-in is older than the portal allows, a change asks for the password again.
    await page.waitForTimeout(Math.max(0, signedInAt + (payoutReauthSeconds + 1) * 1000 - Date.now()));
    const suffix = String(Date.now()).slice(-6);
    await page.getByRole('button', { name: 'Change payout account' }).click();
    await fill(`123456${suffix}`, 'SBIN0000001');
    await page.getByText(/Sign in again to change your payout account/).waitFor();
    await page.getByRole('button', { name: 'Sign in again' }).click();
    await page.getByRole('button', { name: 'Sign in as Meera Iyer' }).click();
    await page.waitForURL(`${portalUrl}/educator/payouts`);
    await page.getByRole('button', { name: 'Change payout account' }).click();
    await fill(`123456${suffix}`, 'SBIN0000001');
    await page.getByText(`Payouts go to the bank account ending ${suffix.slice(-4)} (IFSC SBIN0000001, Meera Iyer).`).waitFor();

    // The change is mailed to the educator (through commerce's outbox and worker, so it may take a moment).
    const inbox = await openPage(browser);
    const mail = inbox.page.locator('article.mail', { hasText: 'meera@demo.academy' }).filter({ hasText: `ending ${suffix.slice(-4)}` });
    await eventually(
      async () => {
        await inbox.page.goto(`${sandboxUrl}/forms/inbox`);
        return (await mail.count()) > 0;
      },
      { what: 'the payout account mail in the inbox', timeoutMs: 15_000, intervalMs: 500 },
    );
    await mail.first().getByRole('heading', { name: 'Your payout account was changed' }).waitFor();
    await inbox.context.close();

    // The weekly run through commerce's real queue: today's demo sales are still refundable, so they stay held.
    const queue = new Queue('commerce', { connection: { url: redisUrl }, prefix: queuePrefix });
    try {
      const { id } = await queue.add('payouts.weekly', {});
      const run = await eventually(() => Job.fromId(queue, id!), (job) => Boolean(job?.finishedOn), {
        what: 'the weekly payout run to finish',
        timeoutMs: 30_000,
        intervalMs: 500,
      });
      expect(run?.returnvalue).toMatchObject({ pending: expect.any(Number) });
    } finally {
      await queue.close();
    }
    await page.reload();
    const held = page.getByText(/Held while learners may still ask for a refund/);
    await held.waitFor();
    expect(await held.locator('xpath=following-sibling::dd').textContent()).toMatch(/^₹[1-9][\d,]*\.\d\d$/);
    await context.close();
  });
});
