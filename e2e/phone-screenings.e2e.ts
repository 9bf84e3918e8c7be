import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, launchBrowser, newPage, registerViaApi, uniqueName, waitForPath, chooseOption } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('phone screenings', () => {
  it('creates a screening, edits its questions, and adds and edits a candidate in another time zone', async () => {
    const { context, page } = await newPage(browser);
    try {
      await registerViaApi(page, uniqueName('phone'), 'Freight Co');
      await page.goto('/dashboard');
      await page.getByRole('tab', { name: 'Phone Screenings' }).click();
      await page.getByText('No phone screenings created yet').waitFor();
      await page.getByRole('link', { name: 'New Phone Screening' }).click();
      await waitForPath(page, '/phone-screening/new');

      await page.getByRole('button', { name: /Create/ }).click();
      await page.getByText('Job title is required').waitFor();

      await page.getByLabel('Job Title').fill('Warehouse Associate');
      await page.getByLabel('Job Description').fill('Pick and pack orders.\nForklift work on nights.');
      await page.getByLabel('Skills').fill('forklift certification, inventory control');
      await page.getByRole('button', { name: /Create/ }).click();
      await page.waitForURL(/\/phone-screening\/\d+$/);
      await expectToast(page, 'Phone screening created', 'Your phone screening has been created successfully.');
      await page.getByRole('heading', { name: 'Warehouse Associate', level: 1 }).waitFor();
      expect(await page.getByText('forklift certification, inventory control').count()).toBeGreaterThan(0);
      expect(await page.getByText('No candidates added yet').isVisible()).toBe(true);

      // Questions: add one, save, and see it numbered at the end.
      await page.getByRole('button', { name: 'Edit Questions' }).click();
      await page.getByRole('button', { name: 'Add Question' }).click();
      const added = page.getByRole('textbox', { name: /^Question \d+$/ }).last();
      expect(await added.inputValue()).toBe('New question');
      await added.fill('Are you comfortable lifting 50 lb with or without reasonable accommodation?');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Questions updated', 'Phone screening questions have been updated successfully.');
      await page.getByText('Are you comfortable lifting 50 lb with or without reasonable accommodation?').waitFor();

      // A candidate in India (UTC+05:30) at 9:30 AM their time.
      await page.getByRole('button', { name: 'Add Candidate' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Add a candidate for this phone screening.').waitFor();
      await dialog.getByLabel('Candidate Name').fill('Priya Nair');
      await chooseOption(page, dialog.getByRole('combobox', { name: /Country/ }), '+91 India');
      await dialog.getByLabel('Phone Number').fill('98765 43210');
      await dialog.getByLabel('Interview Date').fill('2026-12-01');
      await chooseOption(page, dialog.getByRole('combobox', { name: /Time$/ }), '9:30 AM');
      await chooseOption(page, dialog.getByRole('combobox', { name: /Time Zone/ }), 'UTC+05:30 (India)');
      await dialog.getByRole('button', { name: 'Add Candidate' }).click();
      await expectToast(page, 'Candidate added', 'Candidate has been added to the phone screening.');
      await page.getByText('Priya Nair').waitFor();
      await page.getByText('+91 98765 43210').waitFor();
      await page.getByText(/09:30 UTC\+05:30/).waitFor();

      const id = Number(new URL(page.url()).pathname.split('/').pop());
      const stored = await (await page.request.get(`/api/phone-screening/${id}/candidates`)).json() as { interviewTime: string; status: string }[];
      expect(stored).toEqual([expect.objectContaining({ interviewTime: '2026-12-01T04:00:00.000Z', status: 'pending' })]);

      // Editing shows the same local time back, so saving unchanged keeps the instant.
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog');
      await edit.getByText('Update candidate information').waitFor();
      expect(await edit.getByLabel('Interview Date').inputValue()).toBe('2026-12-01');
      await edit.getByLabel('Phone Number').fill('98765 00000');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Candidate updated', 'Candidate information has been updated successfully.');
      await page.getByText('+91 98765 00000').waitFor();
      const after = await (await page.request.get(`/api/phone-screening/${id}/candidates`)).json() as { interviewTime: string }[];
      expect(after[0]?.interviewTime).toBe('2026-12-01T04:00:00.000Z');
    } finally {
      await context.close();
    }
  });

  it('says when a screening does not exist', async () => {
    const { context, page } = await newPage(browser);
    try {
      await registerViaApi(page, uniqueName('phone404'), 'Nobody Co');
      await page.goto('/phone-screening/999999');
      await page.getByText('Phone Screening Not Found').waitFor();
      await page.getByText('The requested phone screening could not be found.').waitFor();
      await page.getByRole('link', { name: 'Return to Dashboard' }).click();
      await waitForPath(page, '/dashboard');
    } finally {
      await context.close();
    }
  });
});
