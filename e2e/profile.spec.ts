import {
  expect,
  expectNoSeriousA11yViolations,
  openDashboard,
  signedOut,
  signInThroughApi,
  submitLogin,
  test,
} from './fixtures.ts';

// Each test changes its own account: a company of its own (the default session).

test('the profile, from the name in the sidebar: a new name and a new email address', async ({
  page,
  account,
}) => {
  await openDashboard(page);
  await page.getByRole('link', { name: new RegExp(account.name) }).click();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await expect(page.getByText(`Signed in as ${account.username}, an admin of`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const details = page.getByRole('form', { name: 'Your Details' });
  const save = details.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeDisabled();
  // Typed with spaces in a row, which the save makes one.
  await details.getByLabel('Name').fill('Rosa  Louise   Parks ');
  await save.click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('link', { name: /Rosa Louise Parks/ })).toBeVisible();
  // The saved form shows the name saved and keeps the focus on its button, with nothing left to
  // save: leaving asks nothing.
  await expect(details.getByLabel('Name')).toHaveValue('Rosa Louise Parks');
  await expect(save).toBeFocused();
  await expect(save).toBeDisabled();

  await details.getByLabel('Email').fill('rosa.louise@example.org');
  await details.getByLabel(/^Current password/).fill('Not-my-password-1');
  await save.click();
  await expect(page.getByText('400: Current password is incorrect')).toBeVisible();
  await details.getByLabel(/^Current password/).fill(account.password);
  // Saved with Enter from the password, which then goes: the focus is on the address.
  await page.keyboard.press('Enter');
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(details.getByLabel(/^Current password/)).toHaveCount(0);
  await expect(details.getByLabel('Email')).toBeFocused();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Your Details' }).getByLabel('Email')).toHaveValue(
    'rosa.louise@example.org',
  );
});

test('a new password: this session stays, the others end, and it signs in', async ({
  page,
  browser,
  account,
}) => {
  const laptop = await browser.newContext({ storageState: signedOut });
  await signInThroughApi(laptop, account.username, account.password);

  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Change Password' });
  await expect(form.getByLabel(/^New password/)).toHaveAccessibleDescription(
    'At least 8 characters, with an uppercase letter and a number.',
  );
  await form.getByLabel(/^Current password/).fill(account.password);
  await form.getByLabel(/^New password/).fill('Brand-new-pass-9');
  await form.getByLabel(/^Confirm Password/).fill('Brand-new-pass-9');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();

  expect((await laptop.request.get('/api/user')).status()).toBe(401);
  await laptop.close();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await submitLogin(page, account.username, 'Brand-new-pass-9');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('the calendar subscription: copy its address, read it as a calendar would, replace it', async ({
  page,
  context,
  playwright,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const created = await page.request.post('/api/grants', {
    data: {
      name: 'Reading Rooms',
      funder: 'River Trust',
      amount: 1000,
      dueDate: new Date(Date.now() + 9 * 86_400_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Calendar' });
  const address = card.getByLabel('Calendar address');
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await address.inputValue();
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Calendar address copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(card.getByRole('link', { name: 'Subscribe in Google Calendar' })).toHaveAttribute(
    'href',
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(url.replace(/^http:/, 'webcal:'))}`,
  );
  await expect(card.getByRole('link', { name: 'Subscribe in Outlook' })).toHaveAttribute(
    'href',
    new RegExp(
      `^https://outlook\\.live\\.com/calendar/0/addfromweb\\?url=${encodeURIComponent(url).replace(/[.?*+]/g, '\\$&')}`,
    ),
  );

  // A calendar application has no session: the address alone opens the feed.
  const calendarApp = await playwright.request.newContext();
  const feed = await calendarApp.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('SUMMARY:Reading Rooms due\r\n');

  // By keyboard: the focus comes back to the button once the new address is made.
  const getNew = card.getByRole('button', { name: 'Get a New Address' });
  await getNew.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: 'Get New Address' }).press('Enter');
  await expect(page.getByText('New calendar address ready')).toBeVisible();
  await expect(address).not.toHaveValue(url);
  await expect(getNew).toBeFocused();
  expect((await calendarApp.get(url)).status()).toBe(404);
  expect((await calendarApp.get(await address.inputValue())).status()).toBe(200);
  await calendarApp.dispose();
});

test('reminders: a user turns the Monday digest off, and an admin sets the time zone and days', async ({
  page,
}) => {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Reminders' });
  const digest = card.getByRole('checkbox', { name: 'Monday digest' });
  await expect(card.getByRole('checkbox', { name: 'Deadline reminders' })).toBeChecked();
  await expect(digest).toBeChecked();
  await digest.click();
  await expect(page.getByText('Reminder settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Monday digest' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Deadline reminders' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  // From the keyboard: Space changes it, and the focus stays on it through the save.
  const again = page.getByRole('checkbox', { name: 'Monday digest' });
  await again.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Reminder settings saved').last()).toBeVisible();
  await expect(again).toBeChecked();
  await expect(again).toBeFocused();

  await page.goto('/organization');
  await page.getByRole('tab', { name: 'Reminders' }).click();
  const days = page.getByLabel('Reminder days');
  await expect(days).toHaveValue('14, 7, 1');
  await days.fill('30, x');
  await page.getByRole('button', { name: 'Save Reminder Settings' }).click();
  await expect(
    page.getByText('Enter whole numbers of days from 0 to 365, separated by commas'),
  ).toBeVisible();
  await days.fill('3, 30, 10');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Pacific/Auck');
  await page.getByRole('option', { name: 'Pacific/Auckland' }).click();
  const saveSettings = page.getByRole('button', { name: 'Save Reminder Settings' });
  await saveSettings.click();
  await expect(page.getByText('Reminder settings saved')).toBeVisible();
  // The form shows the days as saved, latest first, and the button keeps the focus.
  await expect(days).toHaveValue('30, 10, 3');
  await expect(saveSettings).toBeFocused();
  // Saved with Enter from the days, the focus stays in them.
  await days.fill('1, 2');
  await page.keyboard.press('Enter');
  await expect(days).toHaveValue('2, 1');
  await expect(days).toBeFocused();
  await days.fill('3, 30, 10');
  await page.keyboard.press('Enter');
  await expect(days).toHaveValue('30, 10, 3');
  await page.reload();
  await page.getByRole('tab', { name: 'Reminders' }).click();
  await expect(page.getByLabel('Reminder days')).toHaveValue('30, 10, 3');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Pacific/Auckland');
  await expectNoSeriousA11yViolations(page);
});

test.describe('the calendar subscription, read in another time zone', () => {
  test.use({ timezoneId: 'Pacific/Auckland' });

  test("counts days in the reader's time zone, changed by the page and never by a link", async ({
    page,
  }) => {
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Calendar' });
    await expect(
      card.getByText('Deadlines fall on their days in the time zone Pacific/Auckland.'),
    ).toBeVisible();
    const feed = await (await page.request.get('/api/user/calendar-feed')).json();
    expect(feed.timeZone).toBe('Pacific/Auckland');
    // A link from another site is a GET: it changes nothing.
    await page.request.get('/api/user/calendar-feed?tz=Pacific/Kiritimati');
    expect((await (await page.request.get('/api/user/calendar-feed')).json()).timeZone).toBe(
      'Pacific/Auckland',
    );
  });
});
