import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

// Each test signs in through the API as the admin of a company of its own.
test.use({ session: 'own' });

test.beforeEach(async ({ page }) => {
  const grant = await (
    await page.request.post('/api/grants', {
      data: { name: 'Youth Arts', funder: 'Hill', amount: 8000, dueDate: '2027-06-01T12:00:00Z' },
    })
  ).json();
  for (const [name, status] of [
    ['Write narrative', 'pending'],
    ['Gather letters', 'pending'],
    ['Old report', 'overdue'],
  ]) {
    await page.request.post(`/api/grants/${grant.id}/tasks`, {
      data: {
        name,
        description: `${name} for the arts grant`,
        category: 'proposal',
        dueDate: '2027-05-01T12:00:00Z',
        status,
      },
    });
  }
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks Board' })).toBeVisible();
});

/** Picks a card up with Space, moves it one column right, and drops it there. */
async function moveRightWithKeyboard(page: import('@playwright/test').Page, task: string) {
  const handle = page.getByRole('button', { name: `Move ${task}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'In Progress')).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('Space');
}

const column = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('region', { name, exact: true });

test('the board shows each card in its column, with its details', async ({ page }) => {
  const pendingColumn = column(page, 'To Do');
  await expect(pendingColumn.locator('[data-task]')).toHaveCount(2);
  const card = pendingColumn.locator('[data-task="Write narrative"]');
  await expect(card).toContainText('Write narrative for the arts grant');
  await expect(card).toContainText('Proposal');
  await expect(card).toContainText('Due: May 1, 2027');
  await expect(card.getByRole('link', { name: 'Youth Arts' })).toHaveAttribute(
    'href',
    /\/grants\/\d+$/,
  );
  await expect(card.getByRole('link', { name: 'Add to Google Calendar' })).toBeVisible();
  await expect(column(page, 'Overdue')).toContainText('Old report');
  await expect(page.getByRole('button', { name: 'Move Old report' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('drag a card to another column with the mouse', async ({ page }) => {
  const card = page.getByRole('button', { name: 'Move Write narrative' });
  const target = column(page, 'Completed');
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('board not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 15 });
  await page.mouse.up();

  await expect(page.getByText('Task status updated')).toBeVisible();
  await expect(column(page, 'Completed').locator('[data-task="Write narrative"]')).toBeVisible();
  await page.reload();
  await expect(column(page, 'Completed').locator('[data-task="Write narrative"]')).toBeVisible();
});

test('move a card with the keyboard', async ({ page }) => {
  await moveRightWithKeyboard(page, 'Gather letters');

  await expect(page.getByText('Task status updated')).toBeVisible();
  await expect(column(page, 'In Progress').locator('[data-task="Gather letters"]')).toBeVisible();
  await page.reload();
  await expect(column(page, 'In Progress').locator('[data-task="Gather letters"]')).toBeVisible();
});

test('a move the server refuses is undone and reported', async ({ page }) => {
  // Another tab deletes the task while it is still on this board: the server refuses the move.
  const tasks = await (await page.request.get('/api/tasks')).json();
  const task = tasks.find((t: { name: string }) => t.name === 'Gather letters');
  await page.request.delete(`/api/grants/${task.grantId}/tasks/${task.id}`);

  await moveRightWithKeyboard(page, 'Gather letters');

  await expect(page.getByText('Error updating task')).toBeVisible();
  await expect(page.getByText('404: Task not found')).toBeVisible();
  await expect(column(page, 'In Progress').locator('[data-task="Gather letters"]')).toHaveCount(0);
});

test('create and delete a task from the board', async ({ page }) => {
  await page.getByRole('button', { name: 'New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Task' });
  await dialog.getByRole('textbox', { name: 'Grant' }).click();
  await page.getByRole('option', { name: 'Youth Arts' }).click();
  await dialog.getByLabel('Task Name').fill('Submit application');
  await dialog.getByLabel('Description').fill('Through the online portal');
  await dialog.getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Submission' }).click();
  await dialog.getByLabel('Due Date').fill('2027-05-20T09:00');
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();
  await expect(column(page, 'To Do').locator('[data-task="Submit application"]')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Submit application' }).click();
  await page
    .getByRole('dialog', { name: 'Delete task' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Task deleted')).toBeVisible();
  await expect(page.locator('[data-task="Submit application"]')).toHaveCount(0);
});
