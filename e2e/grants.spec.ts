import type { Locator, Page } from '@playwright/test';
import {
  deleteFromList,
  expect,
  expectNoSeriousA11yViolations,
  listSays,
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
  // The focus is taken to the first field to put right.
  await expect(dialog.getByLabel('Name')).toBeFocused();

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
  await edit.getByRole('combobox', { name: 'Status' }).click();
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
  await deleteFromList(page, 'Literacy for All', 'grant');
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
  // The dialog shows its rows as cards: a screen reader still has the headers, and the name
  // is labelled as the other values are.
  await expect(dialog.getByRole('columnheader')).toHaveText([
    'Name',
    'Funder',
    'Status',
    'Amount',
    'Due Date',
    'Notes',
  ]);
  const arts = dialog.getByRole('row', { name: /Arts/ }).locator('td');
  const label = (cell: Locator) =>
    cell.evaluate((node) => getComputedStyle(node, '::before').content);
  expect(await label(arts.first())).toBe('"Name"');
  expect(await label(arts.nth(1))).toBe('"Funder"');
  // A grant without notes has no Notes line on its card.
  await expect(arts.last()).toBeHidden();
  await expectNoSeriousA11yViolations(page);
  // A grant of the stage opens its page; Back shows the stage's grants again, and Back once
  // more closes them, leaving the grants page.
  await dialog.getByRole('link', { name: 'Arts' }).click();
  await expect(page.getByRole('heading', { name: 'Arts', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(dialog.getByRole('row', { name: /Parks/ })).toBeVisible();
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Grants', level: 1 })).toBeVisible();
  // Forward opens them again; Close goes back the entry they added.
  await page.goForward();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: /^Rejected/ }).click();
  const rejected = page.getByRole('dialog', { name: 'Rejected grants' });
  await expect(rejected).toContainText('No grants in this stage');
  // Each, closed, went back the entry it added: Back leaves the grants page.
  await rejected.getByRole('button', { name: 'Close' }).click();
  await expect(rejected).toBeHidden();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/grants$/);
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
  await createTask(page, grant.id, {
    name: 'Call the food bank',
    description: 'About the site',
    category: 'research',
    dueDate: new Date(Date.now() - 3 * DAY).toISOString(),
  });

  await page.goto(`/grants/${grant.id}`);
  // Open and past its due day: Overdue, as on the tasks board; the other is not.
  const late = page.getByRole('region', { name: 'Research' });
  await expect(late).toContainText('Call the food bank');
  const overdueBadge = '.mantine-Badge-label';
  await expect(late.locator(overdueBadge, { hasText: 'Overdue' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Proposal' }).locator(overdueBadge, { hasText: 'Overdue' }),
  ).toHaveCount(0);
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
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Outreach' }).click();
  await dialog.getByLabel('Due Date').fill(localInDays(5));
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Outreach' })).toContainText(
    'Call program officer',
  );

  // From the keyboard: the arrows step through the statuses, and the one stepped to is saved
  // once, when Enter is pressed (or the select is left), not each one passed on the way; the
  // select keeps the focus through the save.
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.postData() ?? '');
  });
  const status = page.getByRole('combobox', { name: 'Status of Draft budget' });
  await status.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(status).toHaveValue('completed');
  await page.keyboard.press('ArrowUp');
  await expect(status).toHaveValue('in-progress');
  expect(patches).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Task status updated')).toBeVisible();
  expect(patches).toEqual([JSON.stringify({ status: 'in-progress' })]);
  await expect(status).toHaveValue('in-progress');
  await expect(status).toBeFocused();
  // Escape goes back to the saved status; picked from the list, a status is saved at once.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Escape');
  await expect(status).toHaveValue('in-progress');
  await status.selectOption('Completed');
  await expect(status).toHaveValue('completed');
  await expect.poll(() => patches.length).toBe(2);
  await expectNoSeriousA11yViolations(page);

  // The contact's page lists the grants of its organization.
  await page.getByRole('link', { name: 'Hal Harvest' }).click();
  await expect(page.getByRole('heading', { name: 'Hal Harvest', level: 1 })).toBeVisible();
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

test('a name with no spaces wraps in the grants table: the page is no wider than the window', async ({
  page,
}) => {
  const due = new Date(Date.now() + 30 * DAY).toISOString();
  const name = `Emoji grant ${'x'.repeat(150)}`;
  await createGrant(page, { name, funder: 'Vale', amount: 1000, dueDate: due });
  await openFromSidebar(page, 'Grants');
  await expect(page.getByRole('link', { name })).toBeVisible();
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
  // The columns after the name are on screen.
  await expect(
    page.getByRole('table').last().getByRole('columnheader', { name: 'Status' }),
  ).toBeInViewport();
});

test('filter the grants by status; the address keeps the filter', async ({ page }) => {
  const due = new Date(Date.now() + 30 * DAY).toISOString();
  await createGrant(page, { name: 'Arts', funder: 'Hill', amount: 1000, dueDate: due });
  await createGrant(page, {
    name: 'Parks',
    funder: 'Vale',
    amount: 2000,
    dueDate: due,
    status: 'awarded',
  });
  await createGrant(page, {
    name: 'Library',
    funder: 'Vale',
    amount: 3000,
    dueDate: due,
    status: 'submitted',
  });
  await openFromSidebar(page, 'Grants');
  const table = page.getByRole('table').last();
  await expect(table.getByRole('row')).toHaveCount(4);

  const statuses = page.getByRole('radiogroup', { name: 'Filter by status' });
  await statuses.getByText('Awarded', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]status=awarded(&|$)/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Parks/ })).toBeVisible();

  await page.reload();
  await expect(statuses.getByRole('radio', { name: 'Awarded' })).toBeChecked();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Parks/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await expect(listSays(page, '1–1 of 1')).toHaveCount(1);

  await statuses.getByText('Rejected', { exact: true }).click();
  // Shown in place of the list, and said by its status.
  await expect(listSays(page, 'No grants match these filters')).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(statuses.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(page).toHaveURL(/\/grants$/);
  await expect(page.getByRole('table').last().getByRole('row')).toHaveCount(4);

  // The chips are radio buttons: the arrow keys move from one status to the next.
  await statuses.getByRole('radio', { name: 'All' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(statuses.getByRole('radio', { name: 'Draft' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]status=draft(&|$)/);
  await expect(page.getByRole('table').last().getByRole('row')).toHaveCount(2);
});

test('each status badge wears the colour its stage has in the pipeline', async ({ page }) => {
  const due = new Date(Date.now() + 30 * DAY).toISOString();
  const statuses = ['draft', 'in-progress', 'submitted', 'awarded', 'rejected'];
  for (const status of statuses) {
    await createGrant(page, {
      name: `Grant ${status}`,
      funder: 'Hill',
      amount: 10,
      dueDate: due,
      status,
    });
  }
  await openFromSidebar(page, 'Grants');
  const rgb = (color: string) => color.match(/\d+, \d+, \d+/)?.[0];
  for (const status of statuses) {
    const stage = await page
      .locator(`[data-funnel-stage="${status}"] [data-part="bar"]`)
      .evaluate((bar) => getComputedStyle(bar).fill);
    const badge = await page
      .getByRole('row', { name: new RegExp(`Grant ${status}`) })
      .locator(`[data-variant-name="${status}"]`)
      .evaluate((element) => {
        const style = getComputedStyle(element);
        return { background: style.backgroundColor, border: style.borderTopColor };
      });
    // Solid badges are filled with it, soft ones tinted with it, the outlined one drawn in it.
    const colours = [rgb(badge.background), rgb(badge.border)];
    expect(colours, status).toContain(rgb(stage));
  }
  await expectNoSeriousA11yViolations(page);
});

test("a large funder's grant: its tasks first, ten of the funder's contacts, and View all", async ({
  page,
}) => {
  const grant = await createGrant(page, {
    name: 'Orchard Renewal',
    funder: 'Harvest Foundation',
    amount: 50000,
    dueDate: new Date(Date.now() + 40 * DAY).toISOString(),
  });
  await createTask(page, grant.id, {
    name: 'Site survey',
    description: 'Count the old trees',
    category: 'research',
    dueDate: new Date(Date.now() + 10 * DAY).toISOString(),
  });
  for (let i = 1; i <= 12; i++) {
    const response = await page.request.post('/api/contacts', {
      data: {
        name: `Harvest Person ${String(i).padStart(2, '0')}`,
        email: `person${i}@harvest.org`,
        organization: 'Harvest Foundation',
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.request.post('/api/contacts', {
    data: { name: 'Elsewhere Ed', email: 'ed@elsewhere.org', organization: 'Elsewhere' },
  });

  await page.goto(`/grants/${grant.id}`);
  // The tasks are on the first screen, not under a long list of people.
  const tasks = page.getByRole('heading', { name: 'Grant Tasks' });
  await expect(page.getByRole('region', { name: 'Research' })).toContainText('Site survey');
  const tasksBox = await tasks.boundingBox();
  expect(tasksBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(page.viewportSize()?.height ?? 720);
  await expect(page.getByRole('link', { name: /^Harvest Person/ })).toHaveCount(10);
  await expect(page.getByText('Showing 10 of 12')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'View all 12' }).click();
  await expect(page).toHaveURL(/\/contacts\?organization=Harvest\+Foundation$/);
  await expect(page.getByText('Organization: Harvest Foundation')).toBeVisible();
  await expect(listSays(page, '1–12 of 12')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Elsewhere Ed' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Clear filter' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText('Organization: Harvest Foundation')).toHaveCount(0);
  await expect(listSays(page, '1–13 of 13')).toHaveCount(1);
});

test("a grant's New Task from the keyboard: Task Name first, and a category chosen alone asks before closing", async ({
  page,
}) => {
  const grant = await createGrant(page, {
    name: 'Reading Rooms',
    funder: 'Lamp Trust',
    amount: 5000,
    dueDate: new Date(Date.now() + 30 * DAY).toISOString(),
  });
  await page.goto(`/grants/${grant.id}`);
  await page.getByRole('button', { name: 'New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Task' });
  await expect(dialog.getByLabel('Task Name')).toBeFocused();

  const category = dialog.getByRole('combobox', { name: 'Category' });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(category).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Research' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(category).not.toHaveValue('');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(discard.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(discard).toBeHidden();
  await expect(category).toBeFocused();
  await expect(category).not.toHaveValue('');

  await page.keyboard.press('Escape');
  await expect(discard.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
});

test('edit and delete a grant from its page', async ({ page }) => {
  const grant = await createGrant(page, {
    name: 'Clean Water',
    funder: 'Rain Trust',
    amount: 10000,
    dueDate: new Date(Date.now() + 20 * DAY).toISOString(),
  });
  await page.goto(`/grants/${grant.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Grant' });
  await expect(edit.getByLabel('Name')).toHaveValue('Clean Water');
  await edit.getByLabel('Amount').fill('12500');
  await edit.getByRole('button', { name: 'Update Grant' }).click();
  await expect(page.getByText('Grant updated successfully')).toBeVisible();
  await expect(page.getByText('$12,500', { exact: true })).toBeVisible();

  // What the page asks for once the grant is gone: nothing of the grant's (each would be 404).
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete grant' });
  await expect(confirm).toContainText(
    'Delete Clean Water? Its tasks and requirements will be deleted too.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Grant deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/grants$/);
  await expect(page.getByText('No grants yet')).toBeVisible();
  expect(notFound).toEqual([]);
});

test('a grant deleted from its page opened from the list goes back to the list as it was, and Back then leaves the list', async ({
  page,
}) => {
  const due = new Date(Date.now() + 20 * DAY).toISOString();
  await createGrant(page, { name: 'Old Roof', funder: 'Hill', amount: 1000, dueDate: due });
  await createGrant(page, { name: 'New Roof', funder: 'Vale', amount: 2000, dueDate: due });
  await createGrant(page, {
    name: 'Parks',
    funder: 'Vale',
    amount: 3000,
    dueDate: due,
    status: 'awarded',
  });
  await openFromSidebar(page, 'Grants');
  await page
    .getByRole('radiogroup', { name: 'Filter by status' })
    .getByText('Draft', { exact: true })
    .click();
  await expect(page).toHaveURL(/[?&]status=draft(&|$)/);
  const table = page.getByRole('table').last();
  await table.getByRole('link', { name: 'Old Roof' }).click();
  await expect(page.getByRole('heading', { name: 'Old Roof' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete grant' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Grant deleted successfully')).toBeVisible();
  // The list as it was left, its filter kept, without the grant.
  await expect(page).toHaveURL(/\/grants\?status=draft$/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: /New Roof/ })).toBeVisible();
  // Back leaves the list (once in the history), for the page before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);

  // Opened by its address (nothing before it in the app), the grant's page gives way to the list.
  const other = await createGrant(page, { name: 'Gone', funder: 'Hill', amount: 1, dueDate: due });
  await page.goto(`/grants/${other.id}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Delete grant' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/grants$/);
  await expect(page.getByRole('table').last().getByRole('row', { name: /Gone/ })).toHaveCount(0);
});

test.describe('in the shared company', () => {
  // It changes nothing, so it may use the company and session shared by such tests.
  test.use({ session: 'shared' });

  test('an unknown grant shows Grant not found', async ({ page }) => {
    await page.goto('/grants/987654');
    await expect(page.getByText('Grant not found')).toBeVisible();
  });
});

test("import grants from a spreadsheet's own columns: the preview matches them, and rows with problems are listed", async ({
  page,
}) => {
  await openFromSidebar(page, 'Grants');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const chooser = page.getByRole('dialog', { name: 'Import grants from a CSV file' });
  await expect(chooser.getByRole('button', { name: 'Download Template' })).toBeVisible();
  const pipeline = {
    name: 'pipeline.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'Grant Title,Foundation,Owner,Ask,Deadline,Stage',
        'Reading Corps,River Trust,Sam,"$50,000",2027-03-31,In Progress',
        'Clinic Roof,Builders Fund,Ana,7500,2027-05-01,',
        'Mystery,Builders Fund,Ana,lots,2027-05-01,',
      ].join('\r\n'),
    ),
  };
  await chooser.locator('input[type=file]').setInputFiles(pipeline);
  const preview = page.getByRole('dialog', { name: 'Import grants', exact: true });
  await expect(preview.getByRole('combobox', { name: 'Import Grant Title as' })).toHaveValue(
    'name',
  );
  // Escape closes the preview only: the import's dialog stays, Upload CSV has the focus.
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(chooser.getByRole('button', { name: 'Upload CSV' })).toBeFocused();
  await chooser.locator('input[type=file]').setInputFiles(pipeline);
  await expect(preview.getByRole('combobox', { name: 'Import Ask as' })).toHaveValue('amount');
  await expect(preview.getByRole('combobox', { name: 'Import Deadline as' })).toHaveValue(
    'dueDate',
  );
  const owner = preview.getByRole('combobox', { name: 'Import Owner as' });
  await expect(owner).toHaveValue('');
  // A field no column holds is said on every column's select, where a screen reader hears it.
  const title = preview.getByRole('combobox', { name: 'Import Grant Title as' });
  await title.selectOption({ label: "Don't import" });
  await expect(preview.getByRole('alert')).toHaveText('Choose a column to import as Name');
  await expect(title).toHaveAccessibleDescription('Choose a column to import as Name');
  await expect(owner).toHaveAccessibleDescription('Choose a column to import as Name');
  await title.selectOption({ label: 'Name' });
  await expect(owner).toHaveAccessibleDescription('');
  // Grants repeat nothing the way contacts' emails do: no question about duplicates.
  await expect(preview.getByRole('radio')).toHaveCount(0);
  await owner.selectOption({ label: 'Notes' });
  await preview.getByRole('button', { name: 'Import' }).click();

  await expect(preview).toBeHidden();
  // The focus is back on the button that opened the preview.
  await expect(chooser.getByRole('button', { name: 'Upload CSV' })).toBeFocused();
  const report = chooser
    .getByRole('alert')
    .filter({ hasText: 'Row 4: Amount requested must be a number of dollars' });
  await expect(report).toContainText('Imported 2 grants, skipped 1 row');
  await chooser.getByRole('button', { name: 'Close' }).first().click();
  await expect(chooser).toBeHidden();
  await expect(page.getByRole('row', { name: /Reading Corps/ })).toContainText('$50,000');
  await expect(page.getByRole('row', { name: /Reading Corps/ })).toContainText('In Progress');
  await expect(page.getByRole('row', { name: /Clinic Roof/ })).toContainText('Draft');
  await expect(page.getByRole('row', { name: /Mystery/ })).toHaveCount(0);
});

test('a date typed only in part, or one that does not exist, is said to be no date, not taken for none', async ({
  page,
}) => {
  await openFromSidebar(page, 'Grants');
  await page.getByRole('button', { name: 'Add Grant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Grant' });
  await dialog.getByLabel('Name').fill('Reading Corners');
  await dialog.getByLabel('Funder').fill('Lamp Trust');
  await dialog.getByLabel('Amount').fill('9000');
  // A month and a day, the year and time left out.
  const due = dialog.getByLabel('Due Date');
  await due.click();
  await page.keyboard.type('0315');
  // Enter in the field sends the form at once, before the field is left.
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Invalid date format')).toBeVisible();
  await expect(dialog.getByText('Due date is required')).toHaveCount(0);
  await expect(due).toBeFocused();

  // An award's day of 29 February 2027, which never comes.
  await due.fill(localInDays(20));
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Awarded' }).click();
  const awarded = dialog.getByLabel('Awarded Date');
  await awarded.click();
  await page.keyboard.type('02292027');
  await awarded.blur();
  await dialog.getByRole('button', { name: 'Create Grant' }).click();
  await expect(dialog.getByText('Invalid date format')).toBeVisible();
  await expect(page.getByText('Grant created successfully')).toHaveCount(0);

  await awarded.fill('2027-02-28');
  await dialog.getByRole('button', { name: 'Create Grant' }).click();
  await expect(page.getByText('Grant created successfully')).toBeVisible();
  const [grant] = (await (await page.request.get('/api/grants?q=Reading%20Corners')).json()) as {
    awardedDate: string;
  }[];
  expect(grant?.awardedDate.slice(0, 10)).toBe('2027-02-28');
});
