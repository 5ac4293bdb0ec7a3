import {
  addContact,
  deleteFromList,
  expect,
  expectNoSeriousA11yViolations,
  openDashboard,
  openFromSidebar,
  test,
} from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await openDashboard(page);
  // A contact to talk to, made through the API as the signed-in user.
  const response = await page.request.post('/api/contacts', {
    data: { name: 'Ida Wells', email: 'ida@press.org', organization: 'Free Speech Fund' },
  });
  expect(response.status()).toBe(201);
  await openFromSidebar(page, 'Interactions');
});

test('log, open, edit and delete an interaction', async ({ page }) => {
  await expect(page.getByText('No interactions yet')).toBeVisible();
  await page.getByRole('button', { name: 'Log Interaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Interaction' });

  await dialog.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(dialog.getByText('Contact is required')).toBeVisible();
  await expect(dialog.getByText('Notes are required')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Contact' }).fill('Ida');
  await page.getByRole('option', { name: /Ida Wells/ }).click();
  await expect(dialog.getByRole('combobox', { name: 'Contact' })).toHaveValue(/Ida Wells/);
  await dialog.getByLabel('Notes').fill('Coffee to plan the spring appeal');
  await dialog.getByLabel('Date').fill('2026-03-10T15:00');
  await dialog.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(page.getByText('Interaction created successfully')).toBeVisible();

  const row = page.getByRole('row', { name: /Meeting with Ida Wells/ });
  await expect(row).toContainText('Ida Wells');
  await expect(row).toContainText('March 10, 2026');
  await expect(row).toContainText('Coffee to plan the spring appeal');

  // The actions menu does not open the row; a click elsewhere on the row does.
  await page.getByRole('button', { name: 'Actions for Meeting with Ida Wells' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Interaction' });
  await expect(page).toHaveURL(/\/interactions$/);
  await edit.getByLabel('Notes').fill('Coffee: agreed to co-sign the appeal');
  await edit.getByRole('button', { name: 'Update Interaction' }).click();
  await expect(page.getByText('Interaction updated successfully')).toBeVisible();

  await row.getByText('Coffee: agreed to co-sign the appeal').click();
  await expect(page.getByRole('heading', { name: 'Interaction Details' })).toBeVisible();
  await expect(page.getByText('Interaction Information')).toBeVisible();
  await expect(page.getByText('Free Speech Fund', { exact: true })).toBeVisible();
  await expect(page.getByText('No grants from Free Speech Fund.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'View Full Contact Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Ida Wells' })).toBeVisible();

  await page.goto('/interactions');
  await deleteFromList(page, 'Meeting with Ida Wells', 'interaction');
  await expect(page.getByText('Interaction deleted successfully')).toBeVisible();
  await expect(page.getByText('No interactions yet')).toBeVisible();
});

test("Enter on a row's box leaves the row's page unopened; on the row's link, opens it", async ({
  page,
}) => {
  const contact = await addContact(page, { name: 'Ada Lovelace', email: 'ada@engine.org' });
  const created = await page.request.post('/api/interactions', {
    data: { contactId: contact.id, type: 'call', notes: 'Budget call', date: '2027-03-01T10:00' },
  });
  expect(created.status()).toBe(201);
  await page.goto('/interactions');
  const box = page.getByRole('checkbox', { name: /^Select Call with Ada Lovelace/ });
  await box.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/interactions$/);
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await page.keyboard.press('Tab');
  // The type as it shows is the link, named for the interaction as the box is.
  const link = page.getByRole('link', { name: /^Call with Ada Lovelace, / });
  await expect(link).toBeFocused();
  await expect(link).toHaveText('Call');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/interactions\/\d+$/);
});

test('an unknown interaction shows Interaction not found', async ({ page }) => {
  await page.goto('/interactions/987654');
  await expect(page.getByText('Interaction not found')).toBeVisible();
});

test('the interactions page has no serious accessibility violations', async ({ page }) => {
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(page.getByRole('dialog', { name: 'Log Interaction' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a contact deleted in another browser, chosen from the list read before, is refused and offered no more', async ({
  page,
}) => {
  const other = await page.request.post('/api/contacts', {
    data: { name: 'Ida Gone', email: 'gone@press.org' },
  });
  expect(other.status()).toBe(201);
  const { id } = (await other.json()) as { id: number };

  await page.getByRole('button', { name: 'Log Interaction' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Interaction' });
  const contact = dialog.getByRole('combobox', { name: 'Contact' });
  // The search for what is typed answered, so the options shown are its own.
  const searched = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === 'Ida',
  );
  await contact.fill('Ida');
  await searched;
  await expect(page.getByRole('option', { name: /Ida Gone/ })).toBeVisible();

  // Meanwhile someone else deletes that contact.
  expect((await page.request.delete(`/api/contacts/${id}`)).status()).toBe(204);

  await page.getByRole('option', { name: /Ida Gone/ }).click();
  await dialog.getByLabel('Notes').fill('Never logged');
  await dialog.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(dialog.getByText('Invalid contact selection')).toBeVisible();

  // The contacts are read again: the deleted one is offered no more.
  await contact.fill('Ida');
  await expect(page.getByRole('option', { name: /Ida Wells/ })).toBeVisible();
  await expect(page.getByRole('option', { name: /Ida Gone/ })).toHaveCount(0);
});
