import { addContact, expect, test } from './fixtures.ts';

test('a dialog opened from a row menu gives the focus back to the menu button when it closes', async ({
  page,
}) => {
  await addContact(page, { name: 'Ada Lovelace', email: 'ada@engine.org' });
  await page.goto('/contacts');
  const actions = page.getByRole('button', { name: 'Actions for Ada Lovelace' });

  await actions.focus();
  await page.keyboard.press('Enter');
  // Opened, the menu's first item has the focus; the arrow keys go on from it.
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(actions).toBeFocused();

  // The second time the dialog is already loaded: the same, its first field given the focus
  // (the menu, closing, does not take it back behind the dialog).
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(edit).toBeVisible();
  await expect(edit.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('!');
  await expect(edit.getByLabel('Name')).toHaveValue('Ada Lovelace!');
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(edit).toBeHidden();
  await expect(actions).toBeFocused();

  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: /Delete/ });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(actions).toBeFocused();
});

test('deleting a row with the keyboard leaves the focus on the row that takes its place', async ({
  page,
}) => {
  await addContact(page, { name: 'Ada Lovelace', email: 'ada@engine.org' });
  await addContact(page, { name: 'Grace Hopper', email: 'grace@navy.org' });
  await page.goto('/contacts');
  const ada = page.getByRole('button', { name: 'Actions for Ada Lovelace' });
  await ada.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: /Delete/ });
  await confirm.getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  await expect(ada).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Actions for Grace Hopper' })).toBeFocused();
});

test("a page opened from a link in the page takes the focus to its main content; the sidebar's link keeps it", async ({
  page,
}) => {
  const { id } = await addContact(page, { name: 'Ada Lovelace', email: 'ada@engine.org' });
  await page.goto(`/contacts/${id}`);
  const back = page.getByRole('link', { name: 'Back to contacts' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Add Contact' })).toBeVisible();
  // Tab goes on into the page, not from its top (the skip link, the sidebar).
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(page.getByRole('main').locator(':focus')).toHaveCount(1);
  await expect(focused).not.toHaveText('Skip to content');

  const sidebarLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
    name: 'Grants',
  });
  await sidebarLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/grants$/);
  await expect(sidebarLink).toBeFocused();
});

test("a stage's grants opened again by Back or Forward give the focus to the stage when they close", async ({
  page,
}) => {
  const created = await page.request.post('/api/grants', {
    data: { name: 'Arts', funder: 'Hill', amount: 1000, dueDate: '2027-06-01T12:00:00Z' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Grants' })
    .click();
  const draft = page.getByRole('button', { name: /^Draft/ });
  const dialog = page.getByRole('dialog', { name: 'Draft grants' });
  await draft.focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('link', { name: 'Arts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(draft).toBeFocused();

  // Back to the dashboard, Forward to the grants (the page has the focus), Forward to the
  // stage's grants: closed, they give the focus to their stage, not to the page.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Grants', level: 1 })).toBeVisible();
  await page.goForward();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(draft).toBeFocused();
});

test("a record's details opened again by Forward or a reload give the focus to its button in the card when they close", async ({
  page,
}) => {
  const contact = await addContact(page, { name: 'Ada Lovelace', email: 'ada@engine.org' });
  for (const [notes, date] of [
    ['Budget call', '2027-03-02T10:00'],
    ['Site visit', '2027-03-01T10:00'],
  ]) {
    const created = await page.request.post('/api/interactions', {
      data: { contactId: contact.id, type: 'call', notes, date },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto(`/contacts/${contact.id}`);
  const visit = page.getByRole('button', { name: /Site visit/ });
  const dialog = page.getByRole('dialog');
  await visit.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(visit).toBeFocused();

  // Forward opens them again; so does a reload, with nothing that opened them: closed, they
  // give the focus to the interaction's button, not to the page.
  await page.goForward();
  await expect(dialog).toBeVisible();
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(visit).toBeFocused();
});
