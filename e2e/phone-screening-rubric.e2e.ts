import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneScreening } from '../src/contracts/phone-screenings';
import { expectToast, launchBrowser, registerViaApi, uniqueName } from './browser';
import { signInAsOperator, withPage } from './hiring';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** A new company account, approved by the operator as an operator would. */
async function registerApprovedRecruiter(page: Page): Promise<void> {
  await registerViaApi(page, uniqueName('rubric'), 'Harbor Freight Lines');
  const me = (await (await page.request.get('/api/user')).json()) as { id: number };
  await withPage(browser, async (operatorPage) => {
    await signInAsOperator(operatorPage);
    expect((await operatorPage.request.post(`/api/admin/accounts/${me.id}/approve`)).status()).toBe(200);
  });
}

async function screeningViaApi(page: Page, id: number): Promise<PhoneScreening> {
  return (await (await page.request.get(`/api/phone-screening/${id}`)).json()) as PhoneScreening;
}

/** A CSV as a recruiter's spreadsheet saves it: header in its own order, a quoted description with a comma and a line break. */
const GOOD_CSV = ['Weight,Name,Description', '3,Safety,"Pre-trip checks, hours of service', 'and load securement"', '1,Communication,Explains delays calmly', ''].join('\r\n');
const BAD_CSV = ['name,description,weight', 'Safety,Checks,30', 'Communication,Explains delays,lots', ''].join('\n');

describe('phone screening agent and rubric', () => {
  it('renames the agent and replaces the rubric with an uploaded CSV, shown scaled to 100%', async () => {
    await withPage(browser, async (page) => {
      await registerApprovedRecruiter(page);
      const created = await page.request.post('/api/phone-screening', { data: { jobTitle: 'Delivery Driver', jobDescription: 'City routes.', skills: 'safe driving' } });
      expect(created.status()).toBe(201);
      const screening = (await created.json()) as PhoneScreening;
      expect(screening.rubric?.length).toBeGreaterThan(0);

      await page.goto(`/phone-screening/${screening.id}`);
      const card = page.getByRole('region', { name: 'AI Agent & Rubric' });
      await card.waitFor();
      const criteria = card.getByRole('list', { name: 'Rubric criteria' }).getByRole('listitem');
      expect(await criteria.count()).toBe(screening.rubric!.length);

      // The agent's name: checked in the form first, then saved.
      const name = card.getByLabel('Agent name');
      expect(await name.inputValue()).toBe('Alex');
      await name.fill('R2-D2');
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await card.getByText('Agent name may use only letters, spaces, hyphens and apostrophes').waitFor();
      await name.fill("Jo-Anne O'Hara");
      await card.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, 'Agent name updated', "The AI agent will introduce itself as Jo-Anne O'Hara.");
      expect((await screeningViaApi(page, screening.id)).agentName).toBe("Jo-Anne O'Hara");

      // A file the server refuses: its reason, with the row and field, next to the button.
      const fileInput = card.locator('input[type="file"]');
      await fileInput.setInputFiles({ name: 'bad-rubric.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_CSV) });
      await card.getByText('Could not use bad-rubric.csv: Row 3: weight must be a positive number up to 100, not "lots"').waitFor();
      expect((await screeningViaApi(page, screening.id)).rubric).toEqual(screening.rubric);

      await fileInput.setInputFiles({ name: 'rubric.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD_CSV) });
      await expectToast(page, 'Rubric uploaded', "2 criteria from rubric.csv will score this screening's calls.");
      await criteria.first().getByText('Safety', { exact: true }).waitFor();
      expect(await criteria.count()).toBe(2);
      expect(await criteria.nth(0).getByText('75%', { exact: true }).isVisible()).toBe(true);
      await criteria.nth(0).getByText(/Pre-trip checks, hours of service\s+and load securement/).waitFor();
      expect(await criteria.nth(1).getByText('Communication', { exact: true }).isVisible()).toBe(true);
      expect(await criteria.nth(1).getByText('25%', { exact: true }).isVisible()).toBe(true);
      expect(await card.getByText(/Could not use/).count()).toBe(0);

      expect((await screeningViaApi(page, screening.id)).rubric).toEqual([
        { name: 'Safety', description: 'Pre-trip checks, hours of service\r\nand load securement', weight: 75 },
        { name: 'Communication', description: 'Explains delays calmly', weight: 25 },
      ]);

      // What was saved is still there after a reload.
      await page.reload();
      await criteria.first().getByText('Safety', { exact: true }).waitFor();
      expect(await card.getByLabel('Agent name').inputValue()).toBe("Jo-Anne O'Hara");

      const { violations } = await new AxeBuilder({ page }).include('main').analyze();
      const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  });
});
