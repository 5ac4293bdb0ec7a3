import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, openDashboard, test } from './fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A datetime-local value some days from now (negative: in the past). */
function localInDays(days: number) {
  const d = new Date(Date.now() + days * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

async function createGrant(page: Page, name: string) {
  const response = await page.request.post('/api/grants', {
    data: {
      name,
      funder: 'River Trust',
      amount: 40_000,
      dueDate: new Date(Date.now() + 30 * DAY).toISOString(),
      status: 'submitted',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

test.beforeEach(async ({ page }) => {
  await openDashboard(page);
});

test('awarding a grant asks for the award, prefilled with the request, and clearing it clears it', async ({
  page,
}) => {
  const grant = await createGrant(page, 'Reading Rooms');
  await page.goto(`/grants/${grant.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Grant' });
  await expect(dialog.getByLabel('Awarded Amount')).toHaveCount(0);

  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Awarded' }).click();
  await expect(dialog.getByLabel('Awarded Amount')).toHaveValue('$40,000');
  // Chosen by mistake and changed back, the prefilled award goes again, and is not saved.
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Submitted' }).click();
  await expect(dialog.getByLabel('Awarded Amount')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Awarded' }).click();
  await expect(dialog.getByLabel('Awarded Amount')).toHaveValue('$40,000');
  await dialog.getByLabel('Awarded Amount').fill('35000');
  await dialog.getByLabel('Awarded Date').fill('2026-09-01');
  await dialog.getByLabel('Period Start').fill('2026-10-01');
  await dialog.getByLabel('Period End').fill('2026-09-30');
  await dialog.getByRole('button', { name: 'Update Grant' }).click();
  await expect(dialog.getByText('The period cannot end before it starts')).toBeVisible();
  await dialog.getByLabel('Period End').fill('2027-09-30');
  await dialog.getByRole('button', { name: 'Update Grant' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText('$35,000', { exact: true })).toBeVisible();
  await expect(page.getByText('September 1, 2026', { exact: true })).toBeVisible();
  await expect(page.getByText('October 1, 2026 – September 30, 2027')).toBeVisible();
  await page.reload();
  await expect(page.getByText('October 1, 2026 – September 30, 2027')).toBeVisible();

  // Emptied, the award is cleared, not kept.
  await page.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Awarded Amount').fill('');
  await dialog.getByLabel('Period End').fill('');
  await dialog.getByRole('button', { name: 'Update Grant' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByText('$35,000', { exact: true })).toHaveCount(0);
  await expect(page.getByText('October 1, 2026 – …')).toBeVisible();
  const stored = await (await page.request.get(`/api/grants/${grant.id}`)).json();
  expect(stored).toMatchObject({ awardedAmount: null, periodEnd: null });
});

test('an award the form filled in follows the amount asked for, and goes when the grant leaves Awarded', async ({
  page,
}) => {
  const grant = await createGrant(page, 'Garden Library');
  const stored = async () => (await page.request.get(`/api/grants/${grant.id}`)).json();
  await page.goto(`/grants/${grant.id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Grant' });
  const save = async () => {
    await dialog.getByRole('button', { name: 'Update Grant' }).click();
    await expect(dialog).toBeHidden();
  };

  await page.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Awarded' }).click();
  await save();
  expect(await stored()).toMatchObject({ awardedAmount: 40_000, awardFilledIn: true });

  // The amount asked for is corrected: the award filled in is corrected with it.
  await page.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel(/^Amount/).fill('45000');
  await expect(dialog.getByLabel('Awarded Amount')).toHaveValue('$45,000');
  await save();
  expect(await stored()).toMatchObject({ amount: 45_000, awardedAmount: 45_000 });

  // Rejected after all: no award is left behind.
  await page.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Rejected' }).click();
  await expect(dialog.getByLabel('Awarded Amount')).toHaveCount(0);
  await save();
  expect(await stored()).toMatchObject({ status: 'rejected', awardedAmount: null });
});

test("a grant's requirements: add, assign, deliver, edit and delete; the dashboard shows those due", async ({
  page,
}) => {
  const grant = await createGrant(page, 'Library Literacy');
  await page.goto(`/grants/${grant.id}`);
  const section = page.getByRole('region', { name: 'Requirements' });
  await expect(
    section.getByText('No requirements yet: add the reports and deliverables the funder asks for.'),
  ).toBeVisible();

  await section.getByRole('button', { name: 'New Requirement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Requirement' });
  await dialog.getByRole('button', { name: 'Add Requirement' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Type is required')).toBeVisible();
  await dialog.getByLabel('Name').fill('Interim report');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Interim report' }).click();
  await dialog.getByLabel('Due Date').fill(localInDays(-2));
  await dialog.getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option').first().click();
  await dialog.getByLabel('Notes').fill('Outcomes for the first half year');
  await dialog.getByRole('button', { name: 'Add Requirement' }).click();
  await expect(page.getByText('Requirement added')).toBeVisible();

  const item = section.getByRole('listitem').filter({ hasText: 'Interim report' });
  await expect(item.getByText('Overdue')).toBeVisible();
  await expect(item.getByText(/^Assigned to /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The dashboard lists it as due.
  await openDashboard(page);
  const due = page.getByRole('region', { name: 'Grant Requirements Due' });
  await expect(due.getByRole('link', { name: 'Interim report' })).toBeVisible();
  await expect(due.getByText('Interim report · Library Literacy')).toBeVisible();
  await due.getByRole('link', { name: 'Interim report' }).click();
  await expect(page).toHaveURL(new RegExp(`/grants/${grant.id}$`));

  // Delivered: no longer late, and off the dashboard.
  await item.getByLabel('Status of Interim report').selectOption('submitted');
  await expect(page.getByText('Requirement status updated')).toBeVisible();
  await expect(item.getByText('Overdue')).toHaveCount(0);

  // Edited: the assignee cleared is cleared.
  await item.getByRole('button', { name: 'Edit Interim report' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Requirement' });
  await edit.getByLabel('Name').fill('Six-month report');
  await edit.getByRole('button', { name: 'Clear assignee' }).click();
  await edit.getByRole('button', { name: 'Update Requirement' }).click();
  await expect(page.getByText('Requirement updated')).toBeVisible();
  const renamed = section.getByRole('listitem').filter({ hasText: 'Six-month report' });
  await expect(renamed.getByText('Unassigned')).toBeVisible();
  await page.reload();
  await expect(renamed.getByText('Unassigned')).toBeVisible();

  await openDashboard(page);
  await expect(
    page
      .getByRole('region', { name: 'Grant Requirements Due' })
      .getByText('No requirements due in the next 14 days'),
  ).toBeVisible();

  await page.goto(`/grants/${grant.id}`);
  await renamed.getByRole('button', { name: 'Delete Six-month report' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Requirement deleted')).toBeVisible();
  await expect(renamed).toHaveCount(0);
  // The focus, on the Delete of the last item, now gone, goes to the section's New
  // Requirement, not the page's start.
  await expect(page.getByRole('button', { name: 'New Requirement' })).toBeFocused();
});

test.describe("an award's days, in two time zones", () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('are the same days for everyone, and stay put when someone else edits the grant', async ({
    page,
    browser,
  }) => {
    const grant = await createGrant(page, 'Harbour Choir');
    await page.goto(`/grants/${grant.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Grant' });
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Awarded' }).click();
    await dialog.getByLabel('Awarded Date').fill('2026-11-01');
    await dialog.getByLabel('Period Start').fill('2027-01-01');
    await dialog.getByLabel('Period End').fill('2027-12-31');
    await dialog.getByRole('button', { name: 'Update Grant' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('January 1, 2027 – December 31, 2027')).toBeVisible();

    // A colleague in Los Angeles sees the same days, and saving the grant keeps them.
    const there = await browser.newContext({
      timezoneId: 'America/Los_Angeles',
      storageState: await page.context().storageState(),
    });
    const colleague = await there.newPage();
    await colleague.goto(`/grants/${grant.id}`);
    await expect(colleague.getByText('November 1, 2026', { exact: true })).toBeVisible();
    await expect(colleague.getByText('January 1, 2027 – December 31, 2027')).toBeVisible();
    await colleague.getByRole('button', { name: 'Edit' }).click();
    const edit = colleague.getByRole('dialog', { name: 'Edit Grant' });
    await expect(edit.getByLabel('Period Start')).toHaveValue('2027-01-01');
    await edit.getByLabel('Notes').fill('Signed in December');
    await edit.getByRole('button', { name: 'Update Grant' }).click();
    await expect(edit).toBeHidden();
    await there.close();

    await page.reload();
    await expect(page.getByText('January 1, 2027 – December 31, 2027')).toBeVisible();
    const stored = await (await page.request.get(`/api/grants/${grant.id}`)).json();
    expect(stored).toMatchObject({
      awardedDate: '2026-11-01T12:00:00.000Z',
      periodStart: '2027-01-01T12:00:00.000Z',
      periodEnd: '2027-12-31T12:00:00.000Z',
    });
  });
});

test('a member removed in another browser, chosen from the team read before, is refused and offered no more', async ({
  page,
}) => {
  const grant = await createGrant(page, 'Orchard Outreach');
  const added = await page.request.post('/api/organization/users', {
    data: {
      name: 'Mo Leaving',
      email: 'mo@example.org',
      username: `mo_${Date.now().toString(36)}`,
      password: 'Mo-pass-123',
    },
  });
  expect(added.status()).toBe(201);
  const { id } = (await added.json()) as { id: number };

  await page.goto(`/grants/${grant.id}`);
  await page.getByRole('button', { name: 'New Requirement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Requirement' });
  await dialog.getByLabel('Name').fill('Final report');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Final report' }).click();
  await dialog.getByLabel('Due Date').fill(localInDays(20));
  const assignee = dialog.getByRole('combobox', { name: 'Assignee' });
  await assignee.click();
  await expect(page.getByRole('option', { name: 'Mo Leaving' })).toBeVisible();

  // Meanwhile an admin elsewhere removes Mo.
  expect((await page.request.delete(`/api/organization/users/${id}`)).status()).toBe(204);

  await page.getByRole('option', { name: 'Mo Leaving' }).click();
  await dialog.getByRole('button', { name: 'Add Requirement' }).click();
  await expect(dialog.getByText('Assignee must be a member of your organization')).toBeVisible();

  // The team is read again: Mo is offered no more.
  await dialog.getByRole('button', { name: 'Clear assignee' }).click();
  await assignee.click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expect(page.getByRole('option', { name: 'Mo Leaving' })).toHaveCount(0);
  await assignee.press('Escape');
  await dialog.getByRole('button', { name: 'Add Requirement' }).click();
  await expect(page.getByText('Requirement added')).toBeVisible();
});
