// The educator's profile: Meera uploads a photo and writes her bio and qualifications in Settings (a renamed file
// is refused in words); a visitor opens one of her courses, follows the byline to her page and reads them (as text:
// markup stays inert) beside her photo and her published courses.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import type { CourseSummary } from '@academy/contracts';
import { launchBrowser, openPage, signIn } from '@academy/infra/browser';
import { portal } from '../support/portal.js';

const { portalUrl } = portal();
const PHOTO_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('educator profile', () => {
  it('written in Settings, reached from a course byline, read by a visitor with the educator’s courses', async () => {
    const educator = await openPage(browser);
    await signIn(educator.page, portalUrl, 'Meera Iyer');
    await educator.page.goto(`${portalUrl}/educator/settings`);
    const photo = educator.page.getByRole('region', { name: 'Your photo' });
    const photoField = photo.getByLabel(/Upload a photo|Change your photo/);
    // A text file named .png is refused by the server, which reads its bytes.
    educator.expectProblem('request', /415 PUT .*\/api\/educator\/profile\/photo$/);
    await photoField.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
    await photo.getByText('The photo must be a PNG, JPEG or WebP picture').waitFor();
    await photoField.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO_PNG });
    await educator.page.getByText('Photo saved').waitFor();
    const photoUrl = await photo.getByRole('img', { name: /^Photo of / }).getAttribute('src');
    expect(photoUrl).toMatch(/^\/api\/educators\/[0-9a-f]{24}\/photo\?v=/);
    const form = educator.page.getByRole('form', { name: 'Your public profile' });
    await form.getByLabel('Display name').fill('Meera Iyer');
    await form.getByLabel('Qualifications').fill('M.Sc. Physics (IIT Madras), B.Ed.');
    const bio = `Twelve years of teaching physics and maths to classes 8 to 12. <img src=x onerror="document.title='owned'"> ${Date.now()}`;
    await form.getByLabel('Bio').fill(bio);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await educator.page.getByText('Profile saved').waitFor();
    await educator.context.close();

    const all = (await (await fetch(`${portalUrl}/api/course/all?limit=100`)).json()) as { courses: CourseSummary[] };
    const hers = all.courses.filter((course) => course.educator.name === 'Meera Iyer');
    const visitor = await openPage(browser);
    const { page } = visitor;
    await page.goto(`${portalUrl}/course/${hers[0]!._id}`);
    await page.getByRole('link', { name: 'Meera Iyer', exact: true }).click();
    // Addressed by the educator's public id, never by their sign-in subject.
    await page.waitForURL(new RegExp(`/educators/${hers[0]!.educator._id}$`));
    expect(hers[0]!.educator._id).toMatch(/^[0-9a-f]{24}$/);
    await page.getByRole('heading', { level: 1, name: 'Meera Iyer' }).waitFor();
    await page.getByText('M.Sc. Physics (IIT Madras), B.Ed.').waitFor();
    await page.getByText(bio).waitFor(); // shown as the text she typed
    // The photo she uploaded, loaded by the browser from its public address.
    const shownPhoto = page.locator('img.educator-page__photo');
    expect(await shownPhoto.getAttribute('src')).toBe(photoUrl);
    // A function, not a string: a string predicate polled in the page is eval'd there, which the portal's CSP refuses
    // (the journey failed so whenever the photo had not arrived at the first look).
    await page.waitForFunction(() => {
      const image = document.querySelector<HTMLImageElement>('img.educator-page__photo');
      return image !== null && image.complete && image.naturalWidth > 0;
    });
    expect(await page.title()).not.toBe('owned');
    const grid = page.getByRole('list', { name: 'Courses by Meera Iyer' });
    await grid.waitFor();
    // Her published courses, and no one else's.
    expect(await grid.getByRole('listitem').count()).toBe(hers.length);
    for (const course of hers.slice(0, 3)) await grid.getByRole('heading', { name: course.courseTitle }).waitFor();
    await visitor.context.close();
  });
});
