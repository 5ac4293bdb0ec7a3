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
