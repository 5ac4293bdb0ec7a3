import { expect, expectNoSeriousA11yViolations, openFromDashboard, test } from './fixtures.ts';

const grant = (name: string, funder: string, status = 'draft') => ({
  name,
  funder,
  amount: 40_000,
  dueDate: '2099-06-01T12:00:00.000Z',
  status,
});

test('a funder has a page from the sidebar and from a grant; renaming it renames its grants', async ({
  page,
  baseURL,
}) => {
  const origin = { origin: new URL(baseURL ?? '').origin };
  for (const body of [
    grant('Youth program', 'hill fdn', 'awarded'),
    grant('Food bank', ' Hill Fdn', 'submitted'),
  ]) {
    const created = await page.request.post('/api/grants', { data: body, headers: origin });
    expect(created.status()).toBe(201);
  }

  await openFromDashboard(page, 'Funders');
  const row = page.getByRole('row', { name: /hill fdn/i });
  await expect(row).toContainText('2');
  await expectNoSeriousA11yViolations(page);
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: /hill fdn/i, level: 1 })).toBeVisible();
  const figures = page.getByLabel('Grant figures');
  await expect(figures).toContainText('Requested$80,000');
  await expect(figures).toContainText('Awarded$40,000');
  await expect(figures).toContainText('Win rate100%'); // one awarded of one decided
  await expect(page.getByRole('link', { name: 'Food bank' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Funder' });
  await dialog.getByLabel('Name').fill('Hill Foundation');
  const type = dialog.getByRole('combobox', { name: 'Type' });
  await type.click();
  await page.getByRole('option', { name: 'Foundation' }).click();
  await expect(type).toHaveValue('Foundation');
  // Chosen again from the keyboard (Enter opens the list on it, Enter again), it stays: only
  // its clear button takes it off.
  await type.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Foundation' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(type).toHaveValue('Foundation');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Funder updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hill Foundation', level: 1 })).toBeVisible();

  // The grant carries the new name, and its funder links back here.
  await page.getByRole('link', { name: 'Youth program' }).first().click();
  const funderLink = page.getByRole('link', { name: 'Hill Foundation' });
  await expect(funderLink).toBeVisible();
  await funderLink.click();
  await expect(page.getByRole('heading', { name: 'Hill Foundation', level: 1 })).toBeVisible();
  await expect(page.getByText('Foundation', { exact: true })).toBeVisible();
});

test('an admin merges one funder into another', async ({ page, baseURL }) => {
  const origin = { origin: new URL(baseURL ?? '').origin };
  await page.request.post('/api/grants', { data: grant('A', 'River Trust'), headers: origin });
  await page.request.post('/api/grants', { data: grant('B', 'River Trust Fund'), headers: origin });

  await openFromDashboard(page, 'Funders');
  await page.getByRole('link', { name: 'River Trust Fund' }).click();
  await page.getByRole('button', { name: 'Merge' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge Funder' });
  // Opened, it is ready for the funder's name to be typed.
  await expect(dialog.getByRole('combobox', { name: 'Merge into' })).toBeFocused();
  await dialog.getByRole('combobox', { name: 'Merge into' }).fill('River');
  await page.getByRole('option', { name: 'River Trust', exact: true }).click();
  // Nothing of the merged funder's is asked for again once it is gone (it would be 404).
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(response.url());
  });
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('River Trust Fund merged into River Trust')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'River Trust', level: 1 })).toBeVisible();
  await expect(page.getByText('2 grants')).toBeVisible();
  expect(notFound).toEqual([]);
  // The kept funder's History says what was merged into it.
  const me = (await (await page.request.get('/api/user')).json()) as { name: string };
  await expect(
    page.getByRole('region', { name: 'History' }).getByRole('listitem').first(),
  ).toContainText(`${me.name} merged "River Trust Fund" into this funder`);
});

test('an admin deletes a funder nothing names any more, and is told why one still named stays', async ({
  page,
  baseURL,
}) => {
  const origin = { origin: new URL(baseURL ?? '').origin };
  const created = await page.request.post('/api/grants', {
    data: grant('Mural', 'Hill Fdn'),
    headers: origin,
  });
  const { id } = await created.json();
  await openFromDashboard(page, 'Funders');
  await page.getByRole('link', { name: 'Hill Fdn' }).click();
  await expect(page.getByRole('heading', { name: 'Hill Fdn', level: 1 })).toBeVisible();

  // Still the funder of a grant: said so before anything is sent, with the way out.
  await page.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete funder' });
  await expect(ask).toContainText(
    'Hill Fdn is still named by 1 grant: merge it into another funder instead.',
  );
  await ask.getByRole('button', { name: 'Merge instead' }).click();
  await expect(page.getByRole('dialog', { name: 'Merge Funder' })).toBeVisible();
  // Its funder chooser has the focus; Escape closes the dialog at once.
  await expect(page.getByRole('combobox', { name: 'Merge into' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Merge Funder' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Hill Fdn', level: 1 })).toBeVisible();
  // The focus is back on Delete, which asked the question Merge instead answered.
  await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused();

  // The misspelling corrected on the grant: the funder can go.
  const renamed = await page.request.patch(`/api/grants/${id}`, {
    data: { funder: 'Hill Foundation' },
    headers: origin,
  });
  expect(renamed.status()).toBe(200);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete funder' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Delete funder' })).toBeHidden();
  // The focus is back on the button that asked, as after every dialog of the page.
  await expect(page.getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Funder' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete funder' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Funder deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/funders$/);
  await expect(page.getByRole('link', { name: 'Hill Foundation' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hill Fdn' })).toHaveCount(0);
});

test("a contact's and an opportunity's organization link to its funder, among funders named alike", async ({
  page,
  baseURL,
}) => {
  const origin = { origin: new URL(baseURL ?? '').origin };
  // Many funders share words with the one linked to: the link finds it by its whole name.
  for (let i = 1; i <= 22; i += 1) {
    const made = await page.request.post('/api/grants', {
      data: grant(`Grant ${i}`, `River Trust ${i}`),
      headers: origin,
    });
    expect(made.status()).toBe(201);
  }
  const contact = await (
    await page.request.post('/api/contacts', {
      data: { name: 'Ada King', email: 'ada@x.org', organization: 'river trust' },
      headers: origin,
    })
  ).json();
  const opportunity = await (
    await page.request.post('/api/opportunities', {
      data: {
        name: 'Spring Gala',
        organization: 'River Trust ',
        amount: 5000,
        stage: 'proposal',
        expectedCloseDate: '2099-01-15T10:00:00.000Z',
      },
      headers: origin,
    })
  ).json();

  await page.goto(`/contacts/${contact.id}`);
  await page.getByRole('link', { name: 'river trust', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^river trust$/i, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada King' })).toBeVisible();

  await page.goto(`/opportunities/${opportunity.id}`);
  await page.getByRole('link', { name: 'River Trust', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^river trust$/i, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Spring Gala' })).toBeVisible();
});
