import type { Page } from '@playwright/test';
import { deleteFromList, expect, pickUpTask, test } from './fixtures.ts';

/** Makes a record through the API as the signed-in user; answers its id. */
async function createRecord(page: Page, url: string, data: Record<string, unknown>) {
  const response = await page.request.post(url, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Someone else's change, made through the API while the page's dialog is open. */
async function changeMeanwhile(page: Page, url: string, data: Record<string, unknown>) {
  const response = await page.request.patch(url, { data });
  expect(response.status()).toBe(200);
}

test("saving over someone else's change to a contact asks first, and keeps what was typed", async ({
  page,
}) => {
  const id = await createRecord(page, '/api/contacts', {
    name: 'Ada Lovelace',
    email: 'ada@engine.org',
    organization: 'Analytical Fund',
  });
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByLabel('Phone').fill('555-0101');

  await changeMeanwhile(page, `/api/contacts/${id}`, { organization: 'Difference Trust' });
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  const warning = edit.getByRole('alert');
  await expect(warning).toContainText('Changed by someone else');
  await expect(warning).toContainText(
    'Someone else changed this contact after you opened it. Save again to replace their changes with yours, or close this form to keep theirs.',
  );
  await expect(page.getByText('Contact updated successfully')).toHaveCount(0);
  await expect(edit.getByLabel('Phone')).toHaveValue('555-0101');
  // The list behind the dialog shows their change.
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toContainText('Difference Trust');

  // Saved again, knowingly, the form's values replace theirs.
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  const saved = await (await page.request.get(`/api/contacts/${id}`)).json();
  expect(saved).toMatchObject({ phone: '555-0101', organization: 'Analytical Fund' });

  // Opened again, the dialog has nothing to warn of.
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Phone')).toHaveValue('555-0101');
  await expect(edit.getByRole('alert')).toHaveCount(0);
});

test("closing the task dialog after someone else's change keeps theirs", async ({ page }) => {
  const grantId = await createRecord(page, '/api/grants', {
    name: 'Youth Arts',
    funder: 'River Trust',
    amount: 10_000,
    dueDate: '2030-03-01T17:00:00.000Z',
    status: 'draft',
  });
  const taskId = await createRecord(page, `/api/grants/${grantId}/tasks`, {
    name: 'Call the officer',
    description: 'About the budget',
    category: 'proposal',
    dueDate: '2030-02-01T12:00:00.000Z',
    status: 'pending',
  });
  await page.goto(`/grants/${grantId}`);
  await page.getByRole('button', { name: 'Edit Call the officer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await edit.getByLabel('Task Name').fill('Email the officer');

  const taskUrl = `/api/grants/${grantId}/tasks/${taskId}`;
  await changeMeanwhile(page, taskUrl, { description: 'About the timeline' });
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await expect(edit.getByRole('alert')).toContainText(
    'Someone else changed this task after you opened it.',
  );
  // Closed, what was typed is let go once the user says so.
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(edit).toBeHidden();

  const tasks = (await (await page.request.get(`/api/grants/${grantId}/tasks`)).json()) as {
    name: string;
    description: string;
  }[];
  expect(tasks).toMatchObject([{ name: 'Call the officer', description: 'About the timeline' }]);
  await page.getByRole('button', { name: 'Edit Call the officer' }).click();
  await expect(edit.getByLabel('Description')).toHaveValue('About the timeline');
  await expect(edit.getByRole('alert')).toHaveCount(0);
});

test('Edit opened while a status stepped to from the keyboard is still saving shows that status, and saves', async ({
  page,
}) => {
  const grantId = await createRecord(page, '/api/grants', {
    name: 'Reading Rooms',
    funder: 'Lamp Trust',
    amount: 8_000,
    dueDate: '2030-03-01T17:00:00.000Z',
    status: 'draft',
  });
  await createRecord(page, `/api/grants/${grantId}/requirements`, {
    name: 'Interim report',
    type: 'interim_report',
    dueDate: '2030-02-01T17:00:00.000Z',
  });
  await createRecord(page, `/api/grants/${grantId}/tasks`, {
    name: 'Call the officer',
    description: 'About the budget',
    category: 'proposal',
    dueDate: '2030-02-01T12:00:00.000Z',
    status: 'pending',
  });
  // The status saves take a moment, as on a slow connection: Edit is pressed before they end.
  await page.route('**/api/grants/*/*/*', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((done) => setTimeout(done, 800));
    await route.continue();
  });
  await page.goto(`/grants/${grantId}`);

  for (const { name, status, shown, dialog, save, saved } of [
    {
      name: 'Interim report',
      status: 'submitted',
      shown: 'Submitted',
      dialog: 'Edit Requirement',
      save: 'Update Requirement',
      saved: 'Requirement updated',
    },
    {
      name: 'Call the officer',
      status: 'in-progress',
      shown: 'In Progress',
      dialog: 'Edit Task',
      save: 'Update Task',
      saved: 'Task updated successfully',
    },
  ]) {
    const select = page.getByRole('combobox', { name: `Status of ${name}` });
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue(status);
    // Tab leaves the select, which saves it, and reaches Edit.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: dialog });
    await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveValue(shown);
    await page.keyboard.type(' (draft)');
    await edit.getByRole('button', { name: save }).click();
    await expect(page.getByText(saved)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(select).toHaveValue(status);
  }
});

test('saving over a record deleted meanwhile closes on its page, which says so, with the focus on it', async ({
  page,
}) => {
  const grantId = await createRecord(page, '/api/grants', {
    name: 'Night School',
    funder: 'Owl Trust',
    amount: 4_000,
    dueDate: '2030-03-01T17:00:00.000Z',
    status: 'draft',
  });
  await page.goto(`/grants/${grantId}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Grant' });
  await edit.getByLabel('Name').fill('Night School 2030');
  // Someone else deletes it meanwhile.
  expect((await page.request.delete(`/api/grants/${grantId}`)).status()).toBe(204);
  await edit.getByRole('button', { name: 'Update Grant' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Grant not found')).toBeVisible();
  // The Edit button that had the focus has gone with the grant: the focus is on the page.
  await expect(page.getByRole('main')).toBeFocused();
});

test('saving over a contact deleted meanwhile, from its row, leaves the focus on the page, not nowhere', async ({
  page,
}) => {
  const id = await createRecord(page, '/api/contacts', {
    name: 'Ada Lovelace',
    email: 'ada@engine.org',
  });
  await createRecord(page, '/api/contacts', { name: 'Grace Hopper', email: 'grace@navy.org' });
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByLabel('Phone').fill('555-0101');
  expect((await page.request.delete(`/api/contacts/${id}`)).status()).toBe(204);
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toHaveCount(0);
  // The row's menu button, which had opened the dialog, has gone with the row.
  await expect(page.getByRole('main')).toBeFocused();
});

test("a status chosen or a deletion asked on a page read before someone else's change is refused, and the page shows theirs", async ({
  page,
}) => {
  const grantId = await createRecord(page, '/api/grants', {
    name: 'Garden Club',
    funder: 'Seed Trust',
    amount: 4_000,
    dueDate: '2030-03-01T17:00:00.000Z',
    status: 'draft',
  });
  const task = (name: string) =>
    createRecord(page, `/api/grants/${grantId}/tasks`, {
      name,
      description: 'For the committee',
      category: 'proposal',
      dueDate: '2030-02-01T12:00:00.000Z',
      status: 'pending',
    });
  const taskUrl = (id: number) => `/api/grants/${grantId}/tasks/${id}`;
  const [chosen, dropped] = [await task('Book the hall'), await task('Print the flyers')];
  const contactId = await createRecord(page, '/api/contacts', {
    name: 'Mary Seacole',
    email: 'mary@example.org',
  });
  const changed = (noun: string) =>
    `This ${noun} has changed since you read it: read it again, then make your change.`;

  // The grant page's status select.
  await page.goto(`/grants/${grantId}`);
  const select = page.getByRole('combobox', { name: 'Status of Book the hall' });
  await expect(select).toHaveValue('pending');
  await changeMeanwhile(page, taskUrl(chosen), { status: 'completed' });
  await select.selectOption('in-progress');
  await expect(page.getByText(changed('task'))).toBeVisible();
  await expect(select).toHaveValue('completed');
  expect(await (await page.request.get(`/api/grants/${grantId}/tasks`)).json()).toContainEqual(
    expect.objectContaining({ id: chosen, status: 'completed' }),
  );

  // A drop on the board.
  await page.goto('/tasks');
  await expect(page.locator('[data-task="Print the flyers"]')).toBeVisible();
  await changeMeanwhile(page, taskUrl(dropped), { status: 'completed' });
  await page.getByRole('button', { name: 'Move Print the flyers' }).focus();
  await pickUpTask(page, 'Print the flyers');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText('Moved to In Progress');
  await page.keyboard.press('Enter');
  await expect(page.getByText(changed('task'))).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Completed', exact: true })
      .locator('[data-task="Print the flyers"]'),
  ).toBeVisible();

  // A deletion from the board, and from a list's row.
  await changeMeanwhile(page, taskUrl(dropped), { description: 'For the whole street' });
  await page.getByRole('button', { name: 'Delete Print the flyers' }).click();
  await page
    .getByRole('dialog', { name: 'Delete task' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(changed('task'))).toBeVisible();
  await expect(page.locator('[data-task="Print the flyers"]')).toBeVisible();

  await page.goto('/contacts');
  await expect(page.getByRole('row', { name: /Mary Seacole/ })).toBeVisible();
  await changeMeanwhile(page, `/api/contacts/${contactId}`, { phone: '555-0199' });
  await deleteFromList(page, 'Mary Seacole', 'contact');
  await expect(page.getByText(changed('contact'))).toBeVisible();
  await expect(page.getByRole('row', { name: /Mary Seacole/ })).toContainText('555-0199');
  expect((await page.request.get(`/api/contacts/${contactId}`)).status()).toBe(200);

  // Asked again on what the list now shows, it goes.
  await deleteFromList(page, 'Mary Seacole', 'contact');
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  expect((await page.request.get(`/api/contacts/${contactId}`)).status()).toBe(404);
});
