import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

test('choose grants in the list, change their status at once, then delete them all, asked first', async ({
  page,
}) => {
  for (const name of ['Arts fund', 'Books fund', 'Clean water']) {
    const created = await page.request.post('/api/grants', {
      data: { name, funder: 'Hill Fund', amount: 1000, dueDate: '2027-01-01' },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/grants');
  await page.getByRole('checkbox', { name: 'Select Arts fund' }).check();
  await page.getByRole('checkbox', { name: 'Select Books fund' }).check();
  await expect(page.getByRole('status').filter({ hasText: '2 selected' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Clear selection from the keyboard: its button goes, the focus to the box that chooses the page.
  await page.getByRole('button', { name: 'Clear selection' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'Select all on this page' })).toBeFocused();
  await page.getByRole('checkbox', { name: 'Select Arts fund' }).check();
  await page.getByRole('checkbox', { name: 'Select Books fund' }).check();

  // The arrow keys step through the select, asking nothing; Enter asks about the one reached.
  const statusSelect = page.getByRole('combobox', {
    name: 'Change the status of 2 selected grants',
  });
  await statusSelect.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const asked = page.getByRole('dialog', { name: 'Change the status of 2 selected grants' });
  await expect(asked).toBeHidden();
  await page.keyboard.press('ArrowUp');
  await expect(asked).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(asked).toContainText('Change the status of 2 selected grants to Draft?');
  // Cancel has the focus: Enter at once changes nothing.
  await expect(asked.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toBeHidden();
  await expect(statusSelect).toHaveValue('');
  await expect(statusSelect).toBeFocused();

  await statusSelect.selectOption({ label: 'Submitted' });
  const confirmSubmitted = page.getByRole('dialog', {
    name: 'Change the status of 2 selected grants',
  });
  await expect(confirmSubmitted).toContainText(
    'Change the status of 2 selected grants to Submitted?',
  );
  await confirmSubmitted.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText('2 grants now Submitted')).toBeVisible();
  // The select has the focus back once the change is saved, not the page's start.
  await expect(statusSelect).toBeFocused();
  await expect(page.getByRole('row', { name: /Arts fund/ })).toContainText('Submitted');
  await expect(page.getByRole('row', { name: /Books fund/ })).toContainText('Submitted');
  await expect(page.getByRole('row', { name: /Clean water/ })).toContainText('Draft');

  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByRole('status').filter({ hasText: '3 selected' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 3 grants' });
  await expect(confirm).toContainText(
    'Delete 3 grants? Their tasks and requirements will be deleted too. This cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('3 grants deleted')).toBeVisible();
  await expect(page.getByText('No grants yet')).toBeVisible();
});

test('choose every match of a long list with Select all, and delete them at once', async ({
  page,
}) => {
  const rows = Array.from({ length: 30 }, (_, i) => `Person ${i + 1},p${i + 1}@example.org`);
  const imported = await page.request.post('/api/contacts/upload', {
    multipart: {
      file: {
        name: 'people.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(['name,email', ...rows].join('\n')),
      },
    },
  });
  expect(imported.status()).toBe(200);
  await page.goto('/contacts');
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByRole('status').filter({ hasText: '25 selected' })).toBeVisible();
  await page.getByRole('button', { name: 'Select all 30 contacts' }).click();
  await expect(page.getByRole('status').filter({ hasText: '30 selected' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 30 contacts' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('30 contacts deleted')).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();
});

/** A grant, Youth Arts, with a task of each of `names`, through the API. */
async function grantWithTasks(page: Page, names: string[]) {
  const grant = await (
    await page.request.post('/api/grants', {
      data: { name: 'Youth Arts', funder: 'Hill', amount: 8000, dueDate: '2027-06-01T12:00:00Z' },
    })
  ).json();
  for (const name of names) {
    const created = await page.request.post(`/api/grants/${grant.id}/tasks`, {
      data: {
        name,
        description: `${name} for the arts grant`,
        category: 'proposal',
        dueDate: '2027-05-01T12:00:00Z',
      },
    });
    expect(created.status()).toBe(201);
  }
}

test('choose tasks on the board: change their status, give them to someone, then delete them', async ({
  page,
}) => {
  await grantWithTasks(page, ['Write narrative', 'Gather letters', 'Build budget']);
  const me: { name: string } = await (await page.request.get('/api/user')).json();
  await page.goto('/tasks');
  // The board has its three cards, and is not refreshing them, before any is chosen (the boxes
  // of the cards: the bar's 'Select every task shown' may come before or after them).
  await expect(page.getByRole('checkbox', { name: /^Select .* \(Youth Arts\)$/ })).toHaveCount(3);
  await expect(page.getByLabel('Refreshing')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select Write narrative' }).check();
  await page.getByRole('checkbox', { name: 'Select Gather letters' }).check();
  await expect(page.getByRole('status').filter({ hasText: '2 selected' })).toBeVisible();

  await page
    .getByRole('combobox', { name: 'Change the status of 2 selected tasks' })
    .selectOption({ label: 'Completed' });
  await page
    .getByRole('dialog', { name: 'Change the status of 2 selected tasks' })
    .getByRole('button', { name: 'Change status' })
    .click();
  await expect(page.getByText('2 tasks now Completed')).toBeVisible();
  const completed = page.getByRole('region', { name: 'Completed', exact: true });
  await expect(completed.getByText('Write narrative', { exact: true })).toBeVisible();
  await expect(completed.getByText('Gather letters', { exact: true })).toBeVisible();

  // From the keyboard: the choice, then Assign; the focus is on the select again once saved.
  const assignSelect = page.getByRole('combobox', { name: 'Assign 2 selected tasks' });
  await assignSelect.focus();
  await assignSelect.selectOption({ label: me.name });
  const assign = page.getByRole('dialog', { name: 'Assign 2 selected tasks' });
  await expect(assign).toContainText(`Assign 2 selected tasks to ${me.name}?`);
  await expect(assign.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(assign.getByRole('button', { name: 'Assign', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`2 tasks now assigned to ${me.name}`)).toBeVisible();
  await expect(assignSelect).toBeFocused();
  const tasks: { name: string; assigneeName: string | null }[] = await (
    await page.request.get('/api/tasks')
  ).json();
  expect(tasks.map((task) => [task.name, task.assigneeName])).toEqual(
    expect.arrayContaining([
      ['Write narrative', me.name],
      ['Gather letters', me.name],
      ['Build budget', null],
    ]),
  );

  await page.getByRole('checkbox', { name: 'Select every task shown' }).check();
  await expect(page.getByRole('status').filter({ hasText: '3 selected' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 3 tasks' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('3 tasks deleted')).toBeVisible();
  expect(await (await page.request.get('/api/tasks')).json()).toEqual([]);
});

test('choose interactions, export only those, then delete them', async ({ page }) => {
  const contact = await (
    await page.request.post('/api/contacts', { data: { name: 'Ada King', email: 'ada@x.org' } })
  ).json();
  for (const [type, notes, date] of [
    ['call', 'First call', '2026-05-04T09:30:00Z'],
    ['email', 'Sent the budget', '2026-05-05T09:30:00Z'],
    ['meeting', 'Site visit', '2026-05-06T09:30:00Z'],
  ]) {
    const created = await page.request.post('/api/interactions', {
      data: { contactId: contact.id, type, notes, date },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/interactions');
  await page.getByRole('checkbox', { name: /^Select Call with Ada King/ }).check();
  await page.getByRole('checkbox', { name: /^Select Meeting with Ada King/ }).check();
  await expect(page.getByRole('status').filter({ hasText: '2 selected' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export selected' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^interactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
  expect(exported).toHaveLength(3);
  expect(exported.join('\n')).toContain('Site visit');
  expect(exported.join('\n')).toContain('First call');
  expect(exported.join('\n')).not.toContain('Sent the budget');

  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page
    .getByRole('dialog', { name: 'Delete 2 interactions' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('2 interactions deleted')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Email with Ada King/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call with Ada King/ })).toHaveCount(0);
});

test('marking grants Awarded at once asks first, and awards each what it asked for', async ({
  page,
}) => {
  for (const [name, amount] of [
    ['Arts fund', 1000],
    ['Books fund', 2500],
  ] as const) {
    const created = await page.request.post('/api/grants', {
      data: { name, funder: 'Hill Fund', amount, dueDate: '2027-01-01' },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/grants');
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await page
    .getByRole('combobox', { name: 'Change the status of 2 selected grants' })
    .selectOption({ label: 'Awarded' });
  const ask = page.getByRole('dialog', { name: 'Change the status of 2 selected grants' });
  await expect(ask).toContainText('Mark 2 grants Awarded?');
  await ask.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText('2 grants now Awarded')).toBeVisible();
  const grants: { name: string; awardedAmount: number | null }[] = await (
    await page.request.get('/api/grants?sort=name')
  ).json();
  expect(grants.map((grant) => grant.awardedAmount)).toEqual([1000, 2500]);
});

test('the boxes stay where they are after a first task is chosen, however slowly the actions arrive', async ({
  page,
}) => {
  await grantWithTasks(page, ['Write narrative', 'Gather letters']);
  // A slow network: the bulk actions' code takes three seconds to come. Its file is named by its
  // hash alone: the build's manifest knows which one it is.
  const manifest = JSON.parse(await readFile('dist/web/.vite/manifest.json', 'utf8'));
  await page.route(`**/${manifest['components/bulk-actions-panel.tsx'].file}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  const panel = page.waitForResponse(`**/${manifest['components/bulk-actions-panel.tsx'].file}`);
  await page.goto('/tasks');
  const next = page.getByRole('checkbox', { name: /^Select Gather letters/ });
  await expect(next).toBeVisible();
  // The user reads the board a moment before choosing: long enough for what the page fetched as
  // it opened to have come. (Waiting for the network to be quiet was not that: on a busy machine
  // the page's own code can take half a second to run, and the quiet was seen before the board
  // asked for anything.)
  await panel;
  await page.getByRole('checkbox', { name: /^Select Write narrative/ }).check();
  // Once the choice has shown (its actions may push the board down as it does: React shows a
  // part that was waiting within 300 ms), the next box does not move again on its way under the
  // pointer.
  await page.waitForTimeout(600);
  const aimedAt = await next.boundingBox();
  await page.waitForTimeout(3_000);
  expect(await next.boundingBox()).toEqual(aimedAt);
  await expect(page.getByRole('status').filter({ hasText: '1 selected' })).toBeVisible();
});
