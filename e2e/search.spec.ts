import {
  expect,
  expectNoSeriousA11yViolations,
  openDashboard,
  openFromSidebar,
  test,
} from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  const contact = await page.request.post('/api/contacts', {
    data: { name: 'Grace Hopper', email: 'grace@navy.org', organization: 'Navy Fund' },
  });
  expect(contact.status()).toBe(201);
  const grant = await page.request.post('/api/grants', {
    data: { name: 'Hopper literacy', funder: 'Navy Fund', amount: 5000, dueDate: '2027-01-01' },
  });
  expect(grant.status()).toBe(201);
  const { id } = (await grant.json()) as { id: number };
  const task = await page.request.post(`/api/grants/${id}/tasks`, {
    data: {
      name: 'Send Hopper the budget',
      description: 'Before the board meets',
      category: 'research',
      dueDate: '2027-01-01',
    },
  });
  expect(task.status()).toBe(201);
  await openDashboard(page);
});

test('Ctrl+K searches everything, grouped by kind; the arrow keys and Enter open a result', async ({
  page,
}) => {
  await page.keyboard.press('Control+K');
  const search = page.getByRole('combobox', { name: 'Search everything' });
  await expect(search).toBeFocused();
  await expect(page.getByText('Type at least 3 characters to search everything')).toBeVisible();
  await search.fill('HOPP');
  const group = (name: string) => page.getByRole('group', { name });
  await expect(group('Contacts').getByRole('option', { name: /Grace Hopper/ })).toBeVisible();
  await expect(group('Grants').getByRole('option', { name: /Hopper literacy/ })).toBeVisible();
  await expect(
    group('Tasks').getByRole('option', { name: /Send Hopper the budget/ }),
  ).toBeVisible();
  await expect(group('Funders')).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  // Down chooses the first result, Down again the grant; Enter opens it. The result chosen is
  // as legible as the others.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(group('Grants').getByRole('option', { name: /Hopper literacy/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/grants\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Hopper literacy' })).toBeVisible();
  await expect(search).toBeHidden();
});

test('to a screen reader the search is a combobox: the result chosen is its active option, and a status says what was found', async ({
  page,
}) => {
  await page.keyboard.press('Control+K');
  const search = page.getByRole('combobox', { name: 'Search everything' });
  await expect(search).toBeFocused();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  // The spinner beside the box is a status too, with no text.
  const said = (text: string) =>
    page
      .getByRole('dialog')
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${text}$`) });
  await expect(said('Type at least 3 characters to search everything')).toBeVisible();

  await search.fill('HOPP');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveCount(3);
  await expect(said('3 results')).toHaveCount(1);
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await expect(search).toHaveAttribute('aria-controls', (await results.getAttribute('id')) ?? '');
  await expect(search).not.toHaveAttribute('aria-activedescendant', /./);
  await expectNoSeriousA11yViolations(page);

  const active = async () =>
    page.locator(`[id="${await search.getAttribute('aria-activedescendant')}"]`);
  await page.keyboard.press('ArrowDown');
  await expect(await active()).toHaveAccessibleName(/Grace Hopper/);
  await page.keyboard.press('ArrowDown');
  await expect(await active()).toHaveAccessibleName(/Hopper literacy/);
  const grant = results.getByRole('group', { name: 'Grants' }).getByRole('option');
  await expect(grant).toHaveAttribute('aria-selected', 'true');
  await expect(results.getByRole('option', { selected: true })).toHaveCount(1);
  await expect(search).toBeFocused();

  await search.fill('zzqx');
  await expect(said('Nothing found for "zzqx"')).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'false');
  await expect(results).toBeHidden();
});

test('the header button opens the search, and says when nothing is found', async ({ page }) => {
  await page.getByRole('button', { name: 'Search (Ctrl+K)' }).click();
  const search = page.getByRole('combobox', { name: 'Search everything' });
  await search.fill('zzqx');
  await expect(page.getByText('Nothing found for "zzqx"')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
});

test('Ctrl+K works from inside a text field, and a task opens on its grant', async ({ page }) => {
  await page.goto('/contacts');
  const listSearch = page.getByRole('searchbox', { name: 'Search contacts' });
  await listSearch.click();
  await page.keyboard.press('Control+K');
  const search = page.getByRole('combobox', { name: 'Search everything' });
  await expect(search).toBeFocused();
  await search.fill('budget');
  await page.getByRole('option', { name: /Send Hopper the budget/ }).click();
  await expect(page).toHaveURL(/\/grants\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Hopper literacy' })).toBeVisible();
});

test('what is typed at once after Ctrl+K goes into the search, never into the field that had the focus', async ({
  page,
}) => {
  await page.goto('/grants');
  await page.getByRole('button', { name: 'Actions for Hopper literacy' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const notes = page.getByRole('dialog', { name: 'Edit Grant' }).getByLabel('Notes');
  await notes.fill('abc');
  // The user has been on the page a moment: its first requests are done.
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Hopp', { delay: 60 });
  await expect(page.getByRole('combobox', { name: 'Search everything' })).toHaveValue('Hopp');
  await expect(notes).toHaveValue('abc');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Search everything' })).toBeHidden();
  await expect(notes).toHaveValue('abc');
  // The field that had the focus has it again: typing goes on where it was.
  await expect(notes).toBeFocused();
  await page.keyboard.type('d');
  await expect(notes).toHaveValue('abcd');
});

test('closed, the search gives the focus back to its button, and takes no more than a search can be', async ({
  page,
}) => {
  const button = page.getByRole('button', { name: 'Search (Ctrl+K)' });
  await button.focus();
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Search everything' });
  await expect(search).toBeFocused();
  await search.fill('x'.repeat(3_000));
  await expect(search).toHaveValue('x'.repeat(200));
  await expect(page.getByText('Nothing found for "')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();
  await expect(button).toBeFocused();
});

test('a result opened over a half-filled form asks to discard it first, from the keyboard', async ({
  page,
}) => {
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Contact' });
  const name = form.getByLabel('Name');
  await expect(name).toBeFocused();
  await page.keyboard.type('Ada Lovelace');
  const search = page.getByRole('combobox', { name: 'Search everything' });
  const openGrant = async () => {
    await page.keyboard.press('Control+K');
    await expect(search).toBeFocused();
    await page.keyboard.type('literacy');
    await expect(page.getByRole('option', { name: /Hopper literacy/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  };

  // Cancel (Enter on it, or Escape on the question): the form, as it was typed, with the focus
  // where the typing was.
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  for (const key of ['Enter', 'Escape']) {
    await openGrant();
    await expect(discard).toContainText('What you typed in this form has not been saved.');
    await expect(discard.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press(key);
    await expect(discard).toBeHidden();
    await expect(page).toHaveURL(/\/contacts$/);
    await expect(name).toHaveValue('Ada Lovelace');
    await expect(name).toBeFocused();
  }

  // Discard: the grant opens.
  await openGrant();
  await expect(discard.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(discard.getByRole('button', { name: 'Discard' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/grants\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Hopper literacy' })).toBeVisible();
  await expect(form).toBeHidden();
});

test('the search and the notifications, opened over a page, go with it on Back and Forward', async ({
  page,
}) => {
  await openFromSidebar(page, 'Contacts');
  // Opened from a field of the page, which goes with the page: the focus goes to the next one's.
  await page.getByRole('searchbox', { name: 'Search contacts' }).focus();
  await page.keyboard.press('Control+K');
  const search = page.getByRole('combobox', { name: 'Search everything' });
  await expect(search).toBeFocused();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(search).toBeHidden();
  await expect(page.getByRole('main')).toBeFocused();

  await page.getByRole('button', { name: 'Notifications', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(panel).toBeHidden();
});
