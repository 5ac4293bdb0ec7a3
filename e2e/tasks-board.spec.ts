import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, pickUpTask, test } from './fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function createGrant(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/grants', {
    data: { name, funder: 'Hill', amount: 8000, dueDate: '2027-06-01T12:00:00Z' },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

async function createTask(
  page: Page,
  grantId: number,
  name: string,
  dueDate: string,
  status = 'pending',
) {
  const response = await page.request.post(`/api/grants/${grantId}/tasks`, {
    data: { name, description: `${name} for the grant`, category: 'research', dueDate, status },
  });
  expect(response.status()).toBe(201);
}

/** The task's status as the server has it. */
async function statusOf(page: Page, name: string) {
  const tasks: { name: string; status: string }[] = await (
    await page.request.get('/api/tasks')
  ).json();
  return tasks.find((task) => task.name === name)?.status;
}

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
async function moveRightWithKeyboard(page: Page, task: string) {
  const handle = page.getByRole('button', { name: `Move ${task}` });
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(column(page, 'In Progress')).toHaveAttribute('data-over', 'true');
  await page.keyboard.press('Space');
}

const column = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Presses a key, and waits for the board to say `said` to screen readers (its live region). */
async function pressAndHear(page: Page, key: string, said: string) {
  await page.keyboard.press(key);
  await expect(page.locator('[id^="DndLiveRegion"]')).toHaveText(said);
}

test('the board shows each card in its column, with its details', async ({ page }) => {
  const pendingColumn = column(page, 'To Do');
  await expect(pendingColumn.locator('[data-task]')).toHaveCount(2);
  const card = pendingColumn.locator('[data-task="Write narrative"]');
  await expect(card).toContainText('Write narrative for the arts grant');
  await expect(card).toContainText('Proposal');
  await expect(card).toContainText('Due: May 1, 2027');
  await expect(card.getByRole('link', { name: 'Youth Arts', exact: true })).toHaveAttribute(
    'href',
    /\/grants\/\d+$/,
  );
  // Named with the task and its grant: the board has one for every card.
  await expect(
    card.getByRole('link', { name: 'Add to Google Calendar: Write narrative (Youth Arts)' }),
  ).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Move Write narrative (Youth Arts)', exact: true }),
  ).toBeVisible();
  await expect(
    card.getByRole('button', { name: 'Delete Write narrative (Youth Arts)', exact: true }),
  ).toBeVisible();
  // The box and the grip are far enough apart for a finger (WCAG 2.5.8: 24 px between centres).
  const centre = async (control: Locator) => {
    const box = await control.boundingBox();
    return box ? box.x + box.width / 2 : Number.NaN;
  };
  const apart =
    (await centre(card.getByRole('button', { name: /^Move Write narrative/ }))) -
    (await centre(card.getByRole('checkbox', { name: /^Select Write narrative/ })));
  expect(apart).toBeGreaterThanOrEqual(24);
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

test('a move refused as the task was deleted meanwhile is reported, and the task leaves the board', async ({
  page,
}) => {
  // Another tab deletes the task while it is still on this board: the server refuses the move.
  await expect(page.getByRole('button', { name: 'Move Gather letters' })).toBeVisible();
  const tasks = await (await page.request.get('/api/tasks')).json();
  const task = tasks.find((t: { name: string }) => t.name === 'Gather letters');
  await page.request.delete(`/api/grants/${task.grantId}/tasks/${task.id}`);

  await moveRightWithKeyboard(page, 'Gather letters');

  await expect(page.getByText('Error updating task')).toBeVisible();
  await expect(page.getByText('404: Task not found')).toBeVisible();
  await expect(page.locator('[data-task="Gather letters"]')).toHaveCount(0);
  // The keyboard keeps its place: the card that took this one's place in its column.
  await expect(page.getByRole('button', { name: 'Move Write narrative' })).toBeFocused();
});

test('create and delete a task from the board', async ({ page }) => {
  await page.getByRole('button', { name: 'New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Task' });
  await dialog.getByRole('combobox', { name: 'Grant' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Youth Arts' }).click();
  await dialog.getByLabel('Task Name').fill('Submit application');
  await dialog.getByLabel('Description').fill('Through the online portal');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
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

test('the keyboard path: pick up, move and drop, each step said in words', async ({ page }) => {
  const handle = page.getByRole('button', { name: 'Move Gather letters' });
  await expect(handle).toHaveAccessibleDescription(/press Space or Enter to pick it up/);
  await handle.focus();
  await pickUpTask(page, 'Gather letters');
  await pressAndHear(page, 'ArrowRight', 'Moved to In Progress');
  await pressAndHear(page, 'ArrowRight', 'Moved to Completed');
  await pressAndHear(page, 'Enter', 'Dropped in Completed');

  await expect(page.getByText('Task status updated')).toBeVisible();
  await expect(column(page, 'Completed').locator('[data-task="Gather letters"]')).toBeVisible();
  await expect.poll(() => statusOf(page, 'Gather letters')).toBe('completed');
  // Focus comes back to the card's handle, in its new column.
  await expect(page.getByRole('button', { name: 'Move Gather letters' })).toBeFocused();

  // Escape puts a task back where it was, and says so.
  await page.getByRole('button', { name: 'Move Write narrative' }).focus();
  await pickUpTask(page, 'Write narrative');
  await pressAndHear(page, 'ArrowRight', 'Moved to In Progress');
  await pressAndHear(page, 'Escape', 'Move cancelled: Write narrative stays in To Do');
  await expect(column(page, 'To Do').locator('[data-task="Write narrative"]')).toBeVisible();
  expect(await statusOf(page, 'Write narrative')).toBe('pending');
});

test('filter by grant, due window and name; the address keeps the filters', async ({ page }) => {
  const parks = await createGrant(page, 'City Parks');
  await createTask(page, parks, 'Site budget', inDays(3));
  await createTask(page, parks, 'Late report', inDays(-3), 'in-progress');
  await createTask(page, parks, 'Planting plan', inDays(45));
  await page.reload();

  // A task past its due date says so, in its own column, without anyone marking it overdue.
  const late = column(page, 'In Progress').locator('[data-task="Late report"]');
  await expect(late.getByText('Overdue', { exact: true })).toBeVisible();
  await expect(
    column(page, 'To Do').locator('[data-task="Site budget"]').getByText('Overdue'),
  ).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Grant' }).selectOption('City Parks');
  await expect(page).toHaveURL(new RegExp(`[?&]grant=${parks}(&|$)`));
  await expect(page.locator('[data-task]')).toHaveCount(3);
  await expect(page.locator('[data-task="Write narrative"]')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Due date' }).selectOption('Next 7 days');
  await expect(page).toHaveURL(/[?&]due=this-week(&|$)/);
  await expect(page.locator('[data-task]')).toHaveCount(1);
  await expect(column(page, 'To Do').locator('[data-task="Site budget"]')).toBeVisible();

  await page.getByRole('combobox', { name: 'Due date' }).selectOption('Overdue');
  await expect(page.locator('[data-task]')).toHaveCount(1);
  await expect(late).toBeVisible();

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Grant' })).toHaveValue(String(parks));
  await expect(page.getByRole('combobox', { name: 'Due date' })).toHaveValue('overdue');
  await expect(page.locator('[data-task]')).toHaveCount(1);
  await expect(late).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('combobox', { name: 'Due date' }).selectOption('Any due date');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('PLAN');
  await expect(page).toHaveURL(/[?&]q=PLAN(&|$)/);
  await expect(page.locator('[data-task]')).toHaveCount(1);
  await expect(page.locator('[data-task="Planting plan"]')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('PLAN');
  await expect(page.locator('[data-task]')).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('nothing like it');
  await expect(page.getByText('No tasks match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page.locator('[data-task]')).toHaveCount(6);
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Grant' })).toHaveValue('');

  // The sidebar's Tasks entry opens the whole board again, its search box empty.
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('budget');
  await expect(page.locator('[data-task]')).toHaveCount(1);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Tasks' })
    .click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('searchbox', { name: 'Search tasks' })).toHaveValue('');
  await expect(page.locator('[data-task]')).toHaveCount(6);
});

test('with many tasks the page stays the height of the window and each column scrolls', async ({
  page,
}) => {
  const grant = await createGrant(page, 'Big Grant');
  for (let start = 0; start < 60; start += 10) {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createTask(page, grant, `Bulk task ${start + i + 1}`, inDays(30 + start + i)),
      ),
    );
  }
  await page.reload();
  const todo = column(page, 'To Do');
  await expect(todo.locator('[data-task]')).toHaveCount(62);

  const heights = await page.evaluate(() => ({
    page: document.documentElement.scrollHeight,
    window: window.innerHeight,
  }));
  expect(heights.page).toBeLessThanOrEqual(heights.window + 2);

  const cards = todo.locator('[data-cards]');
  const list = await cards.evaluate((element) => ({
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  expect(list.scrollHeight).toBeGreaterThan(list.clientHeight * 3);
  const last = todo.locator('[data-task]').last();
  await expect(last).not.toBeInViewport();
  await cards.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(last).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('on a phone the columns stand one under the other, each as long as its cards: a swipe on a column scrolls the page', async ({
  page,
}) => {
  const grant = await createGrant(page, 'Big Grant');
  await Promise.all(
    Array.from({ length: 16 }, (_, i) =>
      createTask(page, grant, `Bulk task ${i + 1}`, inDays(30 + i)),
    ),
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const todo = column(page, 'To Do');
  await expect(todo.locator('[data-task]')).toHaveCount(18);
  const inProgress = column(page, 'In Progress');
  const [todoBox, inProgressBox] = [await todo.boundingBox(), await inProgress.boundingBox()];
  expect(inProgressBox?.y).toBeGreaterThan((todoBox?.y ?? 0) + (todoBox?.height ?? 0));
  // No column, nor the overdue tasks, scrolls on its own: each shows all of its cards.
  const scrolling = await page
    .locator('[data-cards], [aria-label="Overdue"] > div')
    .evaluateAll(
      (lists) => lists.filter((list) => list.scrollHeight > list.clientHeight + 1).length,
    );
  expect(scrolling).toBe(0);

  // The wheel (a finger's swipe) over the middle of the To Do column moves the page down.
  await todo.locator('[data-task]').nth(3).scrollIntoViewIfNeeded();
  const card = await todo.locator('[data-task]').nth(3).boundingBox();
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move((card?.x ?? 0) + 20, (card?.y ?? 0) + 10);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 100);
});

test('overdue cards stand in rows, each whole, none over another, the section scrolling', async ({
  page,
}) => {
  const grant = await createGrant(page, 'Late Grant');
  await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      createTask(page, grant, `Late task ${i + 1}`, inDays(-2 - i), 'overdue'),
    ),
  );
  await page.reload();
  const cards = column(page, 'Overdue').locator('[data-task]');
  await expect(cards).toHaveCount(7);
  const boxes = await cards.evaluateAll((elements) =>
    elements.map((element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right };
    }),
  );
  for (const [at, box] of boxes.entries()) {
    for (const other of boxes.slice(at + 1)) {
      const apart =
        box.bottom <= other.top ||
        other.bottom <= box.top ||
        box.right <= other.left ||
        other.right <= box.left;
      expect(apart, JSON.stringify([box, other])).toBe(true);
    }
  }
});

test('a name erased from Assignee and left with Tab unassigns, and the focus goes on in the dialog', async ({
  page,
  account,
}) => {
  await page.getByRole('button', { name: 'New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Task' });
  const assignee = dialog.getByRole('combobox', { name: 'Assignee' });
  await assignee.click();
  await page.getByRole('option', { name: account.name }).click();
  await expect(assignee).toHaveValue(account.name);
  await assignee.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  // Tab heads for the clear button, which goes with the name: the focus goes on past it.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Create Task' })).toBeFocused();
  await expect(assignee).toHaveValue('');
  await expect(dialog.getByRole('button', { name: 'Clear assignee' })).toHaveCount(0);
});

test('assign a task to yourself, find it under My tasks, and unassign it', async ({
  page,
  account,
}) => {
  await page.getByRole('button', { name: 'New Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Task' });
  await dialog.getByRole('combobox', { name: 'Grant' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Youth Arts' }).click();
  await dialog.getByLabel('Task Name').fill('Call the officer');
  await dialog.getByLabel('Description').fill('Ask about the site visit');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Outreach' }).click();
  await dialog.getByLabel('Due Date').fill('2027-05-20T09:00');
  const assignee = dialog.getByRole('combobox', { name: 'Assignee' });
  await expect(assignee).toHaveAttribute('placeholder', 'Unassigned');
  await assignee.click();
  await page.getByRole('option', { name: account.name }).click();
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(page.getByText('Task created successfully')).toBeVisible();

  const card = column(page, 'To Do').locator('[data-task="Call the officer"]');
  const initials = card.getByRole('img', { name: `Assigned to ${account.name}` });
  await expect(initials).toHaveText('RP');
  await expect(initials).toHaveAttribute('title', `Assigned to ${account.name}`);
  // The others are nobody's yet.
  await expect(
    page.locator('[data-task="Write narrative"]').getByRole('img', { name: /^Assigned to/ }),
  ).toHaveCount(0);

  await page.getByRole('button', { name: 'My tasks' }).click();
  await expect(page).toHaveURL(/[?&]assignee=me(&|$)/);
  await expect(page.locator('[data-task]')).toHaveCount(1);
  await expect(card).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'My tasks' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('[data-task]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  // Unassigned on the grant's page, the task leaves My tasks.
  await card.getByRole('link', { name: 'Youth Arts', exact: true }).click();
  await expect(page.getByText(`Assigned to ${account.name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Edit Call the officer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByRole('combobox', { name: 'Assignee' })).toHaveValue(account.name);
  await edit.getByRole('button', { name: 'Clear assignee' }).click();
  await expect(edit.getByRole('combobox', { name: 'Assignee' })).toHaveValue('');
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await expect(page.getByText('Task updated successfully')).toBeVisible();
  await expect(page.getByText(`Assigned to ${account.name}`)).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(/[?&]assignee=me(&|$)/);
  await page.reload();
  await expect(page.getByText('No tasks match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'All tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  const unassigned = column(page, 'To Do').locator('[data-task="Call the officer"]');
  await expect(unassigned).toBeVisible();
  await expect(unassigned.getByRole('img', { name: /^Assigned to/ })).toHaveCount(0);
  await page.reload();
  await expect(unassigned).toBeVisible();
  await expect(unassigned.getByRole('img', { name: /^Assigned to/ })).toHaveCount(0);
});

test('a card moved again while its last move is still saving waits for it: one move at a time, none refused over another', async ({
  page,
}) => {
  // The saves take a moment, as on a slow connection.
  await page.route('**/api/grants/*/tasks/*', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
  await moveRightWithKeyboard(page, 'Gather letters');
  await expect(column(page, 'In Progress').locator('[data-task="Gather letters"]')).toBeVisible();
  // Moved again before the first move is saved: that drop is not made.
  await pickUpTask(page, 'Gather letters');
  await pressAndHear(page, 'ArrowRight', 'Moved to Completed');
  await page.keyboard.press('Space');
  await expect(page.getByText('Task status updated')).toBeVisible();
  await expect(page.getByText(/has changed since you read it/)).toHaveCount(0);
  await expect(column(page, 'In Progress').locator('[data-task="Gather letters"]')).toBeVisible();
  // Saved, it moves on.
  await page.getByRole('button', { name: 'Move Gather letters' }).focus();
  await pickUpTask(page, 'Gather letters');
  await pressAndHear(page, 'ArrowRight', 'Moved to Completed');
  await page.keyboard.press('Space');
  await expect(column(page, 'Completed').locator('[data-task="Gather letters"]')).toBeVisible();
  await expect(page.getByText(/has changed since you read it/)).toHaveCount(0);
});
