import { expect, expectNoSeriousA11yViolations, test } from './fixtures.ts';

// Each test has a company of its own (the default session), so its reminders are its own.

/** Noon UTC `days` from today: that many days away on the company's clock (UTC) all day. */
const noonIn = (days: number) => {
  const today = new Date();
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days, 12),
  ).toISOString();
};

test('the bell: a deadline reminder arrives, opens its grant, and is read', async ({ page }) => {
  const created = await page.request.post('/api/grants', {
    data: { name: 'Reading Rooms', funder: 'River Trust', amount: 1000, dueDate: noonIn(7) },
  });
  expect(created.status()).toBe(201);
  const grantId = (await created.json()).id as number;

  await page.goto('/');
  const unreadBell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  // The reminder scan runs every ten seconds here; the bell asks again on each visit.
  await expect(async () => {
    await page.reload();
    await expect(unreadBell).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  const before = Number((await unreadBell.getAttribute('aria-label'))?.match(/\d+/)?.[0]);

  await unreadBell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const reminder = panel.getByRole('button', { name: /Reading Rooms is due in 7 days/ });
  await expect(reminder).toContainText('Grant deadline · due');
  await expect(reminder).toContainText('(unread)');
  await expectNoSeriousA11yViolations(page);
  // Opened from the keyboard: the focus goes to the page it opens, not back to the bell.
  await reminder.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/grants/${grantId}$`));
  await expect(page.getByRole('heading', { name: 'Reading Rooms' })).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('main')).toBeFocused();
  const after = before - 1;
  await expect(
    page.getByRole('button', {
      name: after > 0 ? `Notifications, ${after} unread` : 'Notifications',
      exact: true,
    }),
  ).toBeVisible();

  // Read again, it is no longer unread; Mark all as read clears the rest.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(
    panel.getByRole('button', { name: /Reading Rooms is due in 7 days/ }),
  ).not.toContainText('(unread)');
  if (after > 0) {
    await panel.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeHidden();
  }
  // Closed without opening one, the focus goes back to the bell.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeFocused();
});

test('the bell with nothing to tell', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText('No notifications yet. Reminders of deadlines will appear here.'),
  ).toBeVisible();
});

test('Mark all as read, pressed with the keyboard, keeps the focus in the dialog', async ({
  page,
}) => {
  const created = await page.request.post('/api/grants', {
    data: { name: 'Reading Rooms', funder: 'River Trust', amount: 1000, dueDate: noonIn(7) },
  });
  expect(created.status()).toBe(201);
  await page.goto('/');
  const unreadBell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(async () => {
    await page.reload();
    await expect(unreadBell).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });

  await unreadBell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const markAll = panel.getByRole('button', { name: 'Mark all as read' });
  await expect(panel.getByRole('button', { name: /Reading Rooms is due in 7 days/ })).toBeVisible();
  // The save waits until the test has looked at the button while it runs.
  let letThrough = () => {};
  const seen = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route('**/api/notifications/read', async (route) => {
    await seen;
    await route.continue();
  });
  await markAll.focus();
  await page.keyboard.press('Enter');
  await expect(markAll).toBeDisabled();
  await expect(markAll).toBeFocused();

  letThrough();
  await expect(markAll).toBeHidden();
  // The first notification (the dialog's Close comes before it) has the focus.
  await expect(panel.getByRole('button').nth(1)).toBeFocused();
  await expect(panel.getByRole('button').nth(1)).not.toContainText('(unread)');
});
