import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PhoneScreening } from '../src/contracts/phone-screenings';
import { expectToast, launchBrowser, registerViaApi, uniqueName, waitForMail } from './browser';
import { createJobViaApi, openJob, signInAsOperator, withPage } from './hiring';

// CSV import of candidates in the browser (issue 17.4, docs/decisions/032-csv-import.md): a file
// chosen in the dialog, its bad row shown, the file fixed and chosen again, then imported; the
// candidates appear in the list, and for a job their invitations arrive.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A new company account, approved by the operator (so invitations may be sent). */
async function registerApprovedRecruiter(page: Page): Promise<void> {
  await registerViaApi(page, uniqueName('csvimport'), 'Lakeside Outfitters');
  const me = (await (await page.request.get('/api/user')).json()) as { id: number };
  await withPage(browser, async (operatorPage) => {
    await signInAsOperator(operatorPage);
    expect((await operatorPage.request.post(`/api/admin/accounts/${me.id}/approve`)).status()).toBe(200);
  });
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

it("imports a job's candidates from a file, after fixing a bad row, and emails their invitations", async () => {
  await withPage(browser, async (page) => {
    await registerApprovedRecruiter(page);
    const job = await createJobViaApi(page, { title: 'Shop Floor Lead', description: 'Runs the shop floor on weekends.', questions: ['How do you plan a busy Saturday?'] });
    const suffix = uniqueName('x');
    const maya = `maya.${suffix}@example.com`;
    const omar = `omar.${suffix}@example.com`;
    await openJob(page, job);
    await page.getByText('No interviews yet').waitFor();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import candidates from a CSV file' });
    await dialog.getByLabel('CSV file').setInputFiles(csvFile('candidates.csv', `\uFEFFCandidate name,Email\r\n"Okafor, Maya",${maya}\r\nOmar Haddad,omar@\r\n`));
    await dialog.getByText('1 candidate to import · 1 row with errors').waitFor();
    const badRow = dialog.getByRole('row').filter({ hasText: 'Omar Haddad' });
    await badRow.getByText('Please enter a valid email address').waitFor();
    expect(await dialog.getByRole('button', { name: 'Import 1 candidate' }).isDisabled()).toBe(true);
    // The dialog with its preview and an error row: labelled controls, readable contrast.
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // The recruiter fixes the file and chooses it again.
    await dialog.getByLabel('CSV file').setInputFiles(csvFile('candidates.csv', `Candidate name,Email\r\n"Okafor, Maya",${maya}\r\nOmar Haddad,${omar}\r\n`));
    await dialog.getByText('2 candidates to import').waitFor();
    expect(await dialog.getByText('Ready').count()).toBe(2);
    await dialog.getByLabel('Send invitations').check();
    await dialog.getByRole('button', { name: 'Import 2 candidates' }).click();

    await expectToast(page, 'Candidates imported', '2 candidates added. 2 invitations sent.');
    await dialog.waitFor({ state: 'detached' });
    const table = page.getByRole('table');
    await table.getByRole('rowheader', { name: 'Okafor, Maya', exact: true }).waitFor();
    await table.getByRole('rowheader', { name: 'Omar Haddad', exact: true }).waitFor();
    const mail = await waitForMail((m) => m.to === omar);
    expect(mail.subject).toBe('Interview Invitation for Shop Floor Lead at Lakeside Outfitters');
    expect(mail.text).toContain('Hi Omar Haddad,');
  });
});

it("imports a phone screening's candidates, edited in the dialog, and lists them", async () => {
  await withPage(browser, async (page) => {
    await registerViaApi(page, uniqueName('csvscreen'), 'Harbor Freight Lines');
    const created = await page.request.post('/api/phone-screening', { data: { jobTitle: 'Night Dispatcher' } });
    expect(created.status()).toBe(201);
    const screening = (await created.json()) as PhoneScreening;
    await page.goto(`/phone-screening/${screening.id}`);
    await page.getByText('No candidates added yet').waitFor();

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import candidates from a CSV file' });
    const header = 'Name,Country code,Phone,Date,Time,Time zone';
    await dialog.getByLabel('CSV file').setInputFiles(csvFile('screening.csv', `${header}\nPriya Nair,+91,98765 43210,2030-01-15,09:30,UTC+05:30\nTom Ortiz,+1,555 010 0199,15/01/2030,14:30,UTC-05:00\n`));
    await dialog.getByRole('row').filter({ hasText: 'Tom Ortiz' }).getByText('Date "15/01/2030" is not valid: write it as YYYY-MM-DD, such as 2030-01-15').waitFor();

    // Fixed in the text box this time: the rows must be checked again before importing.
    const text = dialog.getByLabel('CSV text');
    await text.fill((await text.inputValue()).replace('15/01/2030', '2030-01-15'));
    await dialog.getByText('The text changed: check the rows again before importing.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Import candidates' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await dialog.getByText('2 candidates to import').waitFor();
    expect(await dialog.getByLabel('Send invitations').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Import 2 candidates' }).click();

    await expectToast(page, 'Candidates imported', '2 candidates added.');
    const candidates = page.getByRole('region', { name: 'Candidates' });
    await candidates.getByRole('heading', { name: 'Priya Nair' }).waitFor();
    await candidates.getByRole('heading', { name: 'Tom Ortiz' }).waitFor();
    await candidates.getByText('+1 555 010 0199').waitFor();
  });
});
