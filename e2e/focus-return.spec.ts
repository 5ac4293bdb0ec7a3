import { expect, test } from './fixtures.ts';

test('a dialog opened from a row menu gives the focus back to the menu button when it closes', async ({
  page,
}) => {
  const created = await page.request.post('/api/contacts', {
    data: { name: 'Ada Lovelace', email: 'ada@engine.org' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/contacts');
  const actions = page.getByRole('button', { name: 'Actions for Ada Lovelace' });

  await actions.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(actions).toBeFocused();

  // The second time the dialog is already loaded: the same.
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(edit).toBeVisible();
  await page.keyboard.press('Escape');
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
