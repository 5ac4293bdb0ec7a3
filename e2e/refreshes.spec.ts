import type { Page } from '@playwright/test';
import { expect, openDashboard, openFromSidebar, test } from './fixtures.ts';

// A change made on one screen shows on the others the user goes back to, without a reload.

async function post(page: Page, url: string, data: Record<string, unknown>) {
  const response = await page.request.post(url, { data });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number };
}

test.beforeEach(async ({ page }) => {
  await openDashboard(page);
});

test("renaming a contact renames them in the dashboard's recent interactions", async ({ page }) => {
  const contact = await post(page, '/api/contacts', {
    name: 'Grace Hopper',
    email: 'grace@navy.org',
  });
  await post(page, '/api/interactions', {
    contactId: contact.id,
    type: 'call',
    notes: 'Budget call',
    date: new Date().toISOString(),
  });
  await page.reload();
  const recent = page.getByRole('region', { name: 'Recent Interactions' });
  await expect(recent.getByRole('link', { name: 'Call with Grace Hopper' })).toBeVisible();

  await openFromSidebar(page, 'Contacts');
  await page.getByRole('button', { name: 'Actions for Grace Hopper' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByLabel('Name').fill('Grace Brewster Hopper');
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();

  await openFromSidebar(page, 'Dashboard');
  await expect(recent.getByRole('link', { name: 'Call with Grace Brewster Hopper' })).toBeVisible();
});

test("a grant's funder is suggested on the contact form as soon as the grant is saved", async ({
  page,
}) => {
  const suggestions = async () => {
    await openFromSidebar(page, 'Contacts');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
    await dialog.getByLabel('Organization').fill('Hopewell');
    return dialog;
  };

  // The names matching 'Hopewell' are fetched before the grant exists, and kept.
  const asked = page.waitForResponse(
    (response) =>
      response.url().includes('/api/contacts/organizations') &&
      new URL(response.url()).searchParams.get('q') === 'Hopewell',
  );
  const before = await suggestions();
  expect(await (await asked).json()).toEqual([]);
  await expect(page.getByRole('option', { name: 'Hopewell Foundation' })).toHaveCount(0);
  await before.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('dialog', { name: 'Discard changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();

  await openFromSidebar(page, 'Grants');
  await page.getByRole('button', { name: 'Add Grant' }).click();
  const grant = page.getByRole('dialog', { name: 'Add Grant' });
  await grant.getByLabel('Name').fill('Reading Rooms');
  await grant.getByLabel('Funder').fill('Hopewell Foundation');
  await grant.getByLabel('Due Date').fill('2030-06-01T10:00');
  await grant.getByRole('button', { name: 'Create Grant' }).click();
  await expect(page.getByText('Grant created successfully')).toBeVisible();

  const after = await suggestions();
  await expect(page.getByRole('option', { name: 'Hopewell Foundation' })).toBeVisible();
  // Typed in another case, with spaces in a row, it is still the one suggested.
  await after.getByLabel('Organization').fill('hopewell   FOUNDATION');
  await expect(page.getByRole('option', { name: 'Hopewell Foundation' })).toBeVisible();
});
