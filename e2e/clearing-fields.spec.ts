import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Makes a record through the API as the signed-in user; answers its id. */
async function createRecord(page: Page, url: string, data: Record<string, unknown>) {
  const response = await page.request.post(url, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function openEditDialog(page: Page, rowName: string, title: string) {
  await page.getByRole('button', { name: `Actions for ${rowName}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("clearing a contact's phone, organization and notes is saved", async ({ page }) => {
  const id = await createRecord(page, '/api/contacts', {
    name: 'Ada Lovelace',
    email: 'ada@engine.org',
    phone: '555-0101',
    organization: 'Analytical Fund',
    notes: 'Prefers email',
  });
  await page.goto('/contacts');
  const edit = await openEditDialog(page, 'Ada Lovelace', 'Edit Contact');
  await expect(edit.getByLabel('Phone')).toHaveValue('555-0101');
  await edit.getByLabel('Phone').clear();
  await edit.getByLabel('Organization').clear();
  await edit.getByLabel('Notes').clear();
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();

  // A fresh page shows what the server kept.
  await page.reload();
  const row = page.getByRole('row', { name: /Ada Lovelace/ });
  await expect(row).toContainText('ada@engine.org');
  await expect(row).not.toContainText('555-0101');
  await expect(row).not.toContainText('Analytical Fund');
  const again = await openEditDialog(page, 'Ada Lovelace', 'Edit Contact');
  await expect(again.getByLabel('Email')).toHaveValue('ada@engine.org');
  await expect(again.getByLabel('Phone')).toHaveValue('');
  await expect(again.getByLabel('Organization')).toHaveValue('');
  await expect(again.getByLabel('Notes')).toHaveValue('');

  await page.goto(`/contacts/${id}`);
  await expect(page.getByRole('link', { name: 'ada@engine.org' })).toBeVisible();
  await expect(page.getByText('555-0101', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Prefers email', { exact: true })).toHaveCount(0);
});

test("clearing a grant's document URL and notes is saved", async ({ page }) => {
  const id = await createRecord(page, '/api/grants', {
    name: 'Literacy for All',
    funder: 'River Trust',
    amount: 25_000,
    dueDate: '2030-03-01T17:00:00.000Z',
    status: 'submitted',
    notes: 'Two-year program',
    documentUrl: 'https://docs.example.org/literacy',
  });
  await page.goto('/grants');
  const edit = await openEditDialog(page, 'Literacy for All', 'Edit Grant');
  await expect(edit.getByLabel('Document URL')).toHaveValue('https://docs.example.org/literacy');
  await edit.getByLabel('Document URL').clear();
  await edit.getByLabel('Notes').clear();
  await edit.getByRole('button', { name: 'Update Grant' }).click();
  await expect(page.getByText('Grant updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();

  await page.reload();
  const again = await openEditDialog(page, 'Literacy for All', 'Edit Grant');
  await expect(again.getByLabel('Funder')).toHaveValue('River Trust');
  await expect(again.getByLabel('Document URL')).toHaveValue('');
  await expect(again.getByLabel('Notes')).toHaveValue('');

  await page.goto(`/grants/${id}`);
  await expect(page.getByRole('heading', { name: 'Literacy for All' })).toBeVisible();
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Document' })).toHaveCount(0);
  await expect(page.getByText('Two-year program', { exact: true })).toHaveCount(0);
});

test("clearing an opportunity's notes is saved", async ({ page }) => {
  const id = await createRecord(page, '/api/opportunities', {
    name: 'Capital campaign',
    organization: 'Hill Foundation',
    amount: 50_000,
    stage: 'proposal',
    expectedCloseDate: '2030-01-15T00:00:00.000Z',
    probability: 45,
    notes: 'Board meets in December',
  });
  await page.goto('/opportunities');
  const edit = await openEditDialog(page, 'Capital campaign', 'Edit Opportunity');
  await expect(edit.getByLabel('Notes')).toHaveValue('Board meets in December');
  await edit.getByLabel('Notes').clear();
  await edit.getByRole('button', { name: 'Update Opportunity' }).click();
  await expect(page.getByText('Opportunity updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();

  await page.reload();
  const again = await openEditDialog(page, 'Capital campaign', 'Edit Opportunity');
  await expect(again.getByLabel('Probability (%)')).toHaveValue('45');
  await expect(again.getByLabel('Notes')).toHaveValue('');

  await page.goto(`/opportunities/${id}`);
  await expect(page.getByText('45%')).toBeVisible();
  await expect(page.getByText('Board meets in December', { exact: true })).toHaveCount(0);
});
