import type { Page } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  openDashboard,
  openFromSidebar,
  test,
} from './fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
/** A datetime-local value some days ahead. */
function localInDays(days: number) {
  const d = new Date(Date.now() + days * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

async function createGrant(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/grants', { data });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

async function createTask(page: Page, grantId: number, data: Record<string, unknown>) {
  const response = await page.request.post(`/api/grants/${grantId}/tasks`, { data });
  expect(response.status()).toBe(201);
}

// Each test signs in through the API as the admin of a company of its own.
test.use({ session: 'own' });

test.beforeEach(async ({ page }) => {
  await openDashboard(page);
});

test('add, edit and delete a grant; the dashboard shows its deadline', async ({ page }) => {
  await openFromSidebar(page, 'Grants');
  await expect(page.getByRole('link', { name: 'Search for Grants' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await page.getByRole('button', { name: 'Add Grant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Grant' });
  await dialog.getByRole('button', { name: 'Create Grant' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Funder is required')).toBeVisible();
  await expect(dialog.getByText('Due date is required')).toBeVisible();

  await dialog.getByLabel('Name').fill('Literacy for All');
  await dialog.getByLabel('Funder').fill('River Trust');
  await dialog.getByLabel('Amount').fill('25000');
  await dialog.getByLabel('Due Date').fill(localInDays(12));
  await dialog.getByLabel('Document URL').fill('https://docs.example.org/literacy');
  await dialog.getByRole('button', { name: 'Create Grant' }).click();
  await expect(page.getByText('Grant created successfully')).toBeVisible();

  const row = page.getByRole('row', { name: /Literacy for All/ });
  await expect(row).toContainText('River Trust');
  await expect(row).toContainText('$25,000');
  await expect(row).toContainText('Draft');

  await page.getByRole('button', { name: 'Actions for Literacy for All' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Grant' });
  await edit.getByLabel('Amount').fill('30000');
  await edit.getByRole('textbox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Submitted' }).click();
  await edit.getByRole('button', { name: 'Update Grant' }).click();
  await expect(page.getByText('Grant updated successfully')).toBeVisible();
  await expect(row).toContainText('$30,000');
  await expect(row).toContainText('Submitted');

  await openFromSidebar(page, 'Dashboard');
  const deadlines = page.getByRole('region', { name: 'Upcoming Grant Deadlines' });
  await expect(deadlines.getByRole('link', { name: 'Literacy for All' })).toBeVisible();
  await expect(deadlines).toContainText('River Trust');
  await expect(page.getByText('Active Grants')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openFromSidebar(page, 'Grants');
  await page.getByRole('button', { name: 'Actions for Literacy for All' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete grant' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Grant deleted successfully')).toBeVisible();
  await expect(page.getByText('No grants yet')).toBeVisible();

  await openFromSidebar(page, 'Dashboard');
  await expect(page.getByText('No upcoming grant deadlines')).toBeVisible();
});

test('the pipeline counts each stage and opens its grants', async ({ page }) => {
  const due = new Date(Date.now() + 30 * DAY).toISOString();
  await createGrant(page, {
    name: 'Arts',
    funder: 'Hill',
    amount: 1000,
    dueDate: due,
    status: 'submitted',
  });
  await createGrant(page, {
    name: 'Parks',
    funder: 'Hill',
    amount: 2500,
    dueDate: due,
    status: 'submitted',
  });
  await openFromSidebar(page, 'Grants');

  // The funnel draws every stage with its count, the empty ones too.
  await expect(page.getByRole('img', { name: /^Funnel of 5 stages/ })).toHaveAttribute(
    'aria-label',
    /Draft: 0 grants, .*Submitted: 2 grants, .*Rejected: 0 grants$/,
  );
  const submitted = page.getByRole('button', { name: /^Submitted/ });
  await expect(submitted).toContainText('2 grants');
  await expect(submitted).toContainText('$3,500');
  await submitted.click();
  const dialog = page.getByRole('dialog', { name: 'Submitted grants' });
  await expect(dialog.getByRole('row', { name: /Arts/ })).toBeVisible();
  await expect(dialog.getByRole('row', { name: /Parks/ })).toContainText('$2,500');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: /^Rejected/ }).click();
  await expect(page.getByRole('dialog', { name: 'Rejected grants' })).toContainText(
    'No grants in this stage',
  );
});

test('grant detail: contacts of the funder, tasks by category, and a status change', async ({
  page,
}) => {
  const grant = await createGrant(page, {
    name: 'Food Bank Expansion',
    funder: 'Harvest Foundation',
    amount: 120000,
    dueDate: new Date(Date.now() + 40 * DAY).toISOString(),
    documentUrl: 'https://docs.example.org/food',
  });
  await page.request.post('/api/contacts', {
    data: {
      name: 'Hal Harvest',
      email: 'hal@harvest.org',
      phone: '555-0110',
      organization: 'Harvest Foundation',
    },
  });
  await createTask(page, grant.id, {
    name: 'Draft budget',
    description: 'Year one line items',
    category: 'proposal',
    dueDate: new Date(Date.now() + 10 * DAY).toISOString(),
  });

  await page.goto(`/grants/${grant.id}`);
  await expect(page.getByRole('heading', { name: 'Food Bank Expansion' })).toBeVisible();
  await expect(page.getByText('$120,000')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Document' })).toHaveAttribute(
    'href',
    'https://docs.example.org/food',
  );
  await expect(page.getByRole('link', { name: 'Add to Google Calendar' }).first()).toHaveAttribute(
    'href',
    /calendar\.google\.com/,
  );
  await expect(page.getByRole('link', { name: 'Hal Harvest' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Proposal' })).toContainText('Draft budget');

  await page.getByRole('button', { name: 'New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Task' });
  await dialog.getByLabel('Task Name').fill('Call program officer');
  await dialog.getByLabel('Description').fill('Confirm eligibility');
  await dialog.getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Outreach' }).click();
  await dialog.getByLabel('Due Date').fill(localInDays(5));
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Outreach' })).toContainText(
    'Call program officer',
  );

  await page.getByRole('combobox', { name: 'Status of Draft budget' }).selectOption('Completed');
  await expect(page.getByText('Task status updated')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status of Draft budget' })).toHaveValue(
    'completed',
  );
  await expectNoSeriousA11yViolations(page);

  // The contact's page lists the grants of its organization.
  await page.getByRole('link', { name: 'Hal Harvest' }).click();
  await page.getByRole('button', { name: /Food Bank Expansion/ }).click();
  const details = page.getByRole('dialog', { name: 'Grant Details' });
  await expect(details).toContainText('Harvest Foundation');
  await expect(details).toContainText('$120,000');
});

test('the grants table sorts by amount from its header', async ({ page }) => {
  const due = new Date(Date.now() + 30 * DAY).toISOString();
  await createGrant(page, { name: 'Large Grant', funder: 'Vale', amount: 90000, dueDate: due });
  await createGrant(page, { name: 'Small Grant', funder: 'Hill', amount: 1000, dueDate: due });
  await openFromSidebar(page, 'Grants');
  const table = page.getByRole('table').last();
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Large Grant');

  const amount = table.getByRole('columnheader', { name: 'Amount' });
  await amount.getByRole('button').click();
  await expect(amount).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow).toContainText('Small Grant');
  await amount.getByRole('button').click();
  await expect(amount).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow).toContainText('Large Grant');
});

test.describe('in the shared company', () => {
  // It changes nothing, so it may use the company and session shared by such tests.
  test.use({ session: 'shared' });

  test('an unknown grant shows Grant not found', async ({ page }) => {
    await page.goto('/grants/987654');
    await expect(page.getByText('Grant not found')).toBeVisible();
  });
});
