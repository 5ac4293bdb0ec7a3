import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';

/** The file the build named for a module (by its hash alone: decision 0017). */
async function builtFile(module: string): Promise<string> {
  const manifest = JSON.parse(await readFile('dist/web/.vite/manifest.json', 'utf8'));
  return manifest[module].file;
}

test('a tab opened before a new version takes it when it asks for code that is gone, once', async ({
  page,
}) => {
  const dialogFile = await builtFile('features/contacts/components/contact-dialog.tsx');
  await page.goto('/contacts');
  await expect(page.getByText('No contacts yet')).toBeVisible();

  // A new version is deployed: the dialog's code of the version this tab has is gone.
  let gone = true;
  await page.route(`**/${dialogFile}`, (route) =>
    gone ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue(),
  );
  await page.evaluate(() => Object.assign(window, { oldVersion: true }));
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await reloaded;
  expect(await page.evaluate(() => 'oldVersion' in window)).toBe(false);
  await expect(page.getByText('No contacts yet')).toBeVisible();

  // Still gone a moment later (not a new version: the server lost it): no second reload.
  await page.evaluate(() => Object.assign(window, { reloadedOnce: true }));
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => 'reloadedOnce' in window)).toBe(true);

  // Once the file is there, the dialog opens as always.
  gone = false;
  await page.reload();
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Contact' })).toBeVisible();
});
