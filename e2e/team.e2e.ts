import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicUser } from '../src/contracts/auth';
import { expectToast, launchBrowser, newPage, registerViaApi, uniqueName, waitForMail, waitForPath } from './browser';
import { createJobViaApi, signInAsOperator } from './hiring';

// Members and invitations in the browser (issue 16.1, docs/decisions/027-members-and-invitations.md):
// an owner invites from the Team page, the invitee opens the link from the email the SMTP server
// received, joins and lands on the company's dashboard; the owner changes their role, which the
// member's page follows, and removes them, which ends their session. A used or unknown link shows
// a page that says so.

const COMPANY = 'Orbit Logistics';
const JOB_TITLE = 'Night Dispatcher';

let browser: Browser;
let owner: { context: BrowserContext; page: Page };
let ownerName: string;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await newPage(browser);
  ownerName = uniqueName('owner');
  await registerViaApi(owner.page, ownerName, COMPANY);
  const me = (await (await owner.page.request.get('/api/user')).json()) as PublicUser;
  // The operator approves the company: one awaiting review cannot invite anyone.
  const operator = await newPage(browser);
  await signInAsOperator(operator.page);
  const approved = await operator.page.request.post(`/api/admin/accounts/${me.id}/approve`);
  if (approved.status() !== 200) throw new Error(`approve: ${approved.status()} ${await approved.text()}`);
  await operator.context.close();
  await createJobViaApi(owner.page, { title: JOB_TITLE, description: 'Plans the night routes and answers the drivers.' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const memberRow = (page: Page, username: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${username}\\b`) }) });

it('invites by email; the invitee joins from the link, sees the company\'s job; the owner changes their role and removes them', async () => {
  const { page } = owner;
  const invitee = `dispatch.${Date.now().toString(36)}@example.com`;
  const memberName = uniqueName('member');

  await page.goto('/settings');
  await page.getByRole('link', { name: 'View the team' }).click();
  await waitForPath(page, '/settings/team');
  await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
  await memberRow(page, ownerName).getByText('(you)').waitFor();

  await page.getByLabel('Email address').fill(invitee);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Recruiter' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expectToast(page, 'Invitation sent', `${invitee} will get an email with a link to join as Recruiter. The link works for 7 days.`);
  const invitations = page.getByRole('table', { name: 'Open invitations' });
  await invitations.getByRole('rowheader', { name: invitee }).waitFor();
  await expectNoSeriousViolations(page);

  // The email names the company and who invited, and carries the link.
  const mail = await waitForMail((m) => m.to === invitee);
  expect(mail.subject).toBe(`${ownerName} invited you to join ${COMPANY} on Hireloop`);
  const link = /(http\S+\/join\/\S+)/.exec(mail.text)?.[1];
  expect(link).toBeDefined();

  const joiner = await newPage(browser);
  try {
    await joiner.page.goto(link!);
    await joiner.page.getByRole('heading', { name: `Join ${COMPANY} as Recruiter` }).waitFor();
    // The invited address is suggested as the username; they choose another.
    expect(await joiner.page.getByLabel('Username').inputValue()).toBe(invitee);
    await expectNoSeriousViolations(joiner.page);
    await joiner.page.getByLabel('Username').fill(memberName);
    await joiner.page.getByLabel('Password').fill('password');
    await joiner.page.getByRole('button', { name: `Join ${COMPANY}` }).click();
    await joiner.page.getByText('This password is one of the most commonly used passwords', { exact: false }).waitFor();
    await joiner.page.getByLabel('Password').fill('three quiet lanterns');
    await joiner.page.getByRole('button', { name: `Join ${COMPANY}` }).click();
    await waitForPath(joiner.page, '/dashboard');
    await joiner.page.getByText(JOB_TITLE).first().waitFor();
    await joiner.page.getByText(`Welcome, ${COMPANY}`).waitFor();

    // The owner's page: a member now, no open invitation left.
    await page.reload();
    await memberRow(page, memberName).waitFor();
    await page.getByText('No open invitations.').waitFor();

    await memberRow(page, memberName).getByLabel(`Role of ${memberName}`).selectOption({ label: 'Viewer' });
    await expectToast(page, 'Role changed', `${memberName} is now Viewer.`);
    // The member's next look at the team is read-only.
    await joiner.page.goto('/settings/team');
    await joiner.page.getByText('Only an owner of the company can invite members, change roles or remove anyone.').waitFor();
    expect(await memberRow(joiner.page, memberName).getByRole('cell').first().textContent()).toBe('Viewer');
    expect(await joiner.page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    expect(await joiner.page.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);

    await memberRow(page, memberName).getByRole('button', { name: `Remove ${memberName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Remove ${memberName}?` });
    await dialog.getByText(`They lose access to ${COMPANY} at once`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await expectToast(page, 'Member removed', `${memberName} no longer has access to ${COMPANY}.`);
    expect(await memberRow(page, memberName).count()).toBe(0);

    // Their session has ended: the workspace sends them to sign in.
    await joiner.page.goto('/dashboard');
    await waitForPath(joiner.page, '/auth');

    // The link, used, opens nothing and says what to do.
    await joiner.page.goto(link!);
    await joiner.page.getByRole('heading', { name: 'This invitation can no longer be used' }).waitFor();
    await joiner.page.getByText('This invitation has already been used.', { exact: false }).waitFor();
    await expectNoSeriousViolations(joiner.page);
  } finally {
    await joiner.context.close();
  }
});

it('shows a clear page for a link that names no invitation, and for one the owner revoked', async () => {
  const { page } = owner;
  const visitor = await newPage(browser);
  try {
    await visitor.page.goto('/join/not-a-real-invitation');
    await visitor.page.getByRole('heading', { name: 'This invitation link is not valid' }).waitFor();
    await visitor.page.getByText('ask the person who invited you for a new one', { exact: false }).waitFor();

    const invitee = `revoked.${Date.now().toString(36)}@example.com`;
    await page.goto('/settings/team');
    await page.getByLabel('Email address').fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expectToast(page, 'Invitation sent', `${invitee} will get an email with a link to join as Recruiter. The link works for 7 days.`);
    const link = /(http\S+\/join\/\S+)/.exec((await waitForMail((m) => m.to === invitee)).text)![1]!;
    await page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
    await expectToast(page, 'Invitation revoked', `The link sent to ${invitee} no longer works.`);

    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { name: 'This invitation can no longer be used' }).waitFor();
    await visitor.page.getByText('This invitation has been withdrawn.', { exact: false }).waitFor();
  } finally {
    await visitor.context.close();
  }
});
