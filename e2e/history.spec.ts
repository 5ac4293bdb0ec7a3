import { expect, expectNoSeriousA11yViolations, openDashboard, test } from './fixtures.ts';

test("a grant's History says who changed its amount, from what to what; the dashboard shows it to the admin", async ({
  page,
}) => {
  const created = await page.request.post('/api/grants', {
    data: { name: 'Clean Water', funder: 'Rain Trust', amount: 50000, dueDate: '2027-03-01' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const me = (await (await page.request.get('/api/user')).json()) as { name: string };

  await page.goto(`/grants/${id}`);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`${me.name} created this grant`);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Grant' });
  await edit.getByLabel('Amount').fill('75000');
  await edit.getByRole('button', { name: 'Update Grant' }).click();
  await expect(page.getByText('Grant updated successfully')).toBeVisible();

  // The section refreshes with the change, newest first.
  await expect(history.getByRole('listitem').first()).toContainText(
    `${me.name} changed Amount from $50,000 to $75,000`,
  );
  await expect(history.getByRole('listitem').first()).toContainText(/just now|minute ago/);
  await expectNoSeriousA11yViolations(page);

  await openDashboard(page);
  const recent = page.getByRole('region', { name: 'Recent activity' });
  await expect(recent.getByRole('listitem').first()).toContainText(
    `${me.name} changed the grant Clean Water: Amount from $50,000 to $75,000`,
  );
});

test("a busy record's History shows its latest changes, and older ones back to its creation when asked", async ({
  page,
}) => {
  const created = await page.request.post('/api/grants', {
    data: { name: 'Busy Grant', funder: 'Rain Trust', amount: 1000, dueDate: '2027-03-01' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (let amount = 1001; amount <= 1024; amount++) {
    expect((await page.request.patch(`/api/grants/${id}`, { data: { amount } })).status()).toBe(
      200,
    );
  }
  const me = (await (await page.request.get('/api/user')).json()) as { name: string };

  await page.goto(`/grants/${id}`);
  const history = page.getByRole('region', { name: 'History' });
  const entries = history.getByRole('listitem');
  await expect(entries).toHaveCount(20);
  await expect(entries.first()).toContainText('from $1,023 to $1,024');
  await expect(history).not.toContainText('created this grant');

  // A change made meanwhile moves the older ones down: none shows twice.
  expect(
    (await page.request.patch(`/api/grants/${id}`, { data: { notes: 'Busy' } })).status(),
  ).toBe(200);
  await history.getByRole('button', { name: 'Show older changes' }).click();
  await expect(entries.last()).toContainText(`${me.name} created this grant`);
  await expect(entries.filter({ hasText: 'from $1,004 to $1,005' })).toHaveCount(1);
  await expect(history.getByRole('button', { name: 'Show older changes' })).toHaveCount(0);
});

test("a task's and a requirement's edit dialogs show their History, naming who each was given to", async ({
  page,
}) => {
  const post = async (url: string, data: Record<string, unknown>) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const grantId = await post('/api/grants', {
    name: 'Pond Survey',
    funder: 'Rain Trust',
    amount: 5000,
    dueDate: '2030-03-01',
  });
  const memberId = await post('/api/organization/users', {
    name: 'Bo Tester',
    email: `bo_${Date.now().toString(36)}@example.org`,
    username: `bo_${Date.now().toString(36)}`,
    password: 'Bo-pass-123',
  });
  const taskId = await post(`/api/grants/${grantId}/tasks`, {
    name: 'Count the frogs',
    description: 'In spring',
    category: 'research',
    dueDate: '2030-02-01T12:00:00.000Z',
  });
  const requirementId = await post(`/api/grants/${grantId}/requirements`, {
    name: 'Final report',
    type: 'final_report',
    dueDate: '2030-06-30T12:00:00.000Z',
  });
  for (const url of [
    `/api/grants/${grantId}/tasks/${taskId}`,
    `/api/grants/${grantId}/requirements/${requirementId}`,
  ]) {
    const given = await page.request.patch(url, { data: { assigneeId: memberId } });
    expect(given.status()).toBe(200);
  }
  const me = (await (await page.request.get('/api/user')).json()) as { name: string };

  await page.goto(`/grants/${grantId}`);
  for (const [name, dialog, noun] of [
    ['Count the frogs', 'Edit Task', 'task'],
    ['Final report', 'Edit Requirement', 'requirement'],
  ] as const) {
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: dialog });
    const history = edit.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem').first()).toContainText(
      `${me.name} changed Assignee from nobody to Bo Tester`,
    );
    await expect(history.getByRole('listitem').last()).toContainText(
      `${me.name} created this ${noun}`,
    );
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
  }
});
