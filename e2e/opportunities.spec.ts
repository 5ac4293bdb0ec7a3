import {
  deleteFromList,
  expect,
  expectNoSeriousA11yViolations,
  openFromDashboard,
  test,
} from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await openFromDashboard(page, 'Opportunities');
});

test('create with a stage change, edit and delete an opportunity', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Opportunity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Opportunity' });
  // New opportunities start at $0, prospecting, 10%.
  await expect(dialog.getByLabel('Amount')).toHaveValue('$0');
  await expect(dialog.getByRole('combobox', { name: 'Stage' })).toHaveValue('Prospecting');
  await expect(dialog.getByLabel('Probability (%)')).toHaveValue('10');
  await expect(dialog.getByLabel('Expected Close Date')).not.toHaveValue('');

  await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Organization is required')).toBeVisible();

  await dialog.getByLabel('Name').fill('Capital campaign');
  await dialog.getByLabel('Organization').fill('Hill Foundation');
  await dialog.getByLabel('Amount').fill('50000');
  await dialog.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Negotiation' }).click();
  await expect(page.getByText('Probability Updated')).toBeVisible();
  await expect(dialog.getByLabel('Probability (%)')).toHaveValue('75');
  // The user may still change it; a probability over 100 is kept as typed and refused, on its
  // field, not cut to its first two digits.
  const probability = dialog.getByLabel('Probability (%)');
  await probability.clear();
  await probability.pressSequentially('150');
  await expect(probability).toHaveValue('150');
  await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
  await expect(dialog.getByText('Probability must be at most 100')).toBeVisible();
  await expect(probability).toHaveAttribute('aria-invalid', 'true');
  await expect(probability).toBeFocused();
  await probability.fill('80');
  await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
  await expect(page.getByText('Opportunity created successfully')).toBeVisible();

  const row = page.getByRole('row', { name: /Capital campaign/ });
  await expect(row).toContainText('Hill Foundation');
  await expect(row).toContainText('$50,000');
  await expect(row).toContainText('Negotiation');
  await expect(row).toContainText('80%');

  const negotiation = page.locator('[data-stage="negotiation"]');
  await expect(negotiation).toContainText('1 opportunity');
  await expect(negotiation).toContainText('$50,000');
  await expect(negotiation).toContainText('75%');
  await expect(page.getByRole('img', { name: /^Funnel of 6 stages/ })).toHaveAttribute(
    'aria-label',
    /Prospecting: 0 opportunities, .*Negotiation: 1 opportunity, .*Closed Lost: 0 opportunities$/,
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Actions for Capital campaign' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Opportunity' });
  await expect(edit.getByLabel('Probability (%)')).toHaveValue('80');
  await edit.getByLabel('Name').fill('Capital campaign 2027');
  await edit.getByRole('button', { name: 'Update Opportunity' }).click();
  await expect(page.getByText('Opportunity updated successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Capital campaign 2027/ })).toBeVisible();

  await deleteFromList(page, 'Capital campaign 2027', 'opportunity');
  await expect(page.getByText('Opportunity deleted successfully')).toBeVisible();
  await expect(page.getByText('No opportunities yet')).toBeVisible();
});

test('a key the amount or the probability does not take is said under the field, not dropped unseen', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Add Opportunity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Opportunity' });
  const probability = dialog.getByLabel('Probability (%)');
  await probability.clear();
  await probability.pressSequentially('2.5');
  await expect(probability).toHaveValue('25');
  await expect(dialog.getByText('Type a whole number from 0 to 100')).toBeVisible();
  await expect(probability).toHaveAttribute('aria-invalid', 'true');
  // Not sent while it shows what was not typed: the focus goes back to it.
  await dialog.getByLabel('Name').fill('Garden grant');
  await dialog.getByLabel('Organization').fill('Seed Trust');
  await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
  await expect(probability).toBeFocused();
  await expect(dialog).toBeVisible();
  await probability.press('Backspace');
  await expect(dialog.getByText('Type a whole number from 0 to 100')).toHaveCount(0);
  // A stage chosen sets it anew, though to the number it showed: the message goes.
  await probability.fill('');
  await probability.pressSequentially('25.');
  await expect(dialog.getByText('Type a whole number from 0 to 100')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Qualification' }).click();
  await expect(probability).toHaveValue('25');
  await expect(dialog.getByText('Type a whole number from 0 to 100')).toHaveCount(0);
  await probability.fill('2');

  const amount = dialog.getByLabel('Amount');
  await amount.clear();
  await amount.pressSequentially('1e3');
  await expect(amount).toHaveValue('$13');
  await expect(
    dialog.getByText('Type a number of dollars, such as 50000 or $50,000'),
  ).toBeVisible();
  await amount.clear();
  await amount.pressSequentially('$12,500');
  await expect(amount).toHaveValue('$12,500');
  await expect(dialog.getByText('Type a number of dollars, such as 50000 or $50,000')).toHaveCount(
    0,
  );
  await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
  await expect(page.getByText('Opportunity created successfully')).toBeVisible();
  const [created] = (await (await page.request.get('/api/opportunities?q=Garden')).json()) as {
    amount: number;
    probability: number;
  }[];
  expect(created).toMatchObject({ amount: 12_500, probability: 2 });
});

test('the detail page lists the organization contacts and opens their details', async ({
  page,
}) => {
  const created = await page.request.post('/api/opportunities', {
    data: {
      name: 'Endowment gift',
      organization: 'Lake Trust',
      amount: 900000,
      stage: 'qualification',
      expectedCloseDate: '2027-03-01T12:00:00Z',
      notes: 'Met at the spring gala',
    },
  });
  const { id } = await created.json();
  await page.request.post('/api/contacts', {
    data: {
      name: 'Lena Lake',
      email: 'lena@lake.org',
      phone: '555-0177',
      organization: 'Lake Trust',
      notes: 'Trustee',
    },
  });

  await page.reload();
  await page
    .getByRole('row', { name: /Endowment gift/ })
    .getByRole('cell', { name: 'Lake Trust' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/opportunities/${id}$`));
  await expect(page.getByRole('heading', { name: 'Endowment gift' })).toBeVisible();
  await expect(page.getByText('$900,000')).toBeVisible();
  await expect(page.getByText('25%')).toBeVisible();
  await expect(page.getByText('Met at the spring gala')).toBeVisible();

  await page.getByRole('button', { name: 'Lena Lake' }).click();
  const details = page.getByRole('dialog', { name: 'Contact Details' });
  await expect(details).toContainText('lena@lake.org');
  await expect(details).toContainText('555-0177');
  await expect(details).toContainText('Trustee');
  await expectNoSeriousA11yViolations(page);
  await details.getByRole('link', { name: 'View Full Contact Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Lena Lake' })).toBeVisible();
});

test.describe('in the shared company', () => {
  // It changes nothing, so it may use the company and session shared by such tests.
  test.use({ session: 'shared' });

  test('an unknown opportunity shows Opportunity not found', async ({ page }) => {
    await page.goto('/opportunities/987654');
    await expect(page.getByText('Opportunity not found')).toBeVisible();
  });
});

test.describe('west of UTC', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('the last day taken is taken late in the evening, though it is 2201 in UTC', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Add Opportunity' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Opportunity' });
    await dialog.getByLabel('Name').fill('Far future gift');
    await dialog.getByLabel('Organization').fill('Long View Trust');
    await dialog.getByLabel('Expected Close Date').fill('2200-12-31T22:00');
    await dialog.getByRole('button', { name: 'Create Opportunity' }).click();
    await expect(page.getByText('Opportunity created successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Actions for Far future gift' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Opportunity' });
    await expect(edit.getByLabel('Expected Close Date')).toHaveValue('2200-12-31T22:00');
    // Saved again with its name changed only, the date read back is taken back.
    await edit.getByLabel('Name').fill('Far future gift, renamed');
    await edit.getByRole('button', { name: 'Update Opportunity' }).click();
    await expect(page.getByText('Opportunity updated successfully')).toBeVisible();

    // A day that is 2200 nowhere is not.
    await page.getByRole('button', { name: 'Actions for Far future gift, renamed' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await edit.getByLabel('Expected Close Date').fill('2201-01-02T23:00');
    await edit.getByRole('button', { name: 'Update Opportunity' }).click();
    await expect(edit.getByText('Dates must be from 1900 to 2200')).toBeVisible();
  });
});
