import type { Dialog, Locator, Page } from '@playwright/test';
import {
  addContact,
  deleteFromList,
  expect,
  expectNoSeriousA11yViolations,
  listSays,
  openFromDashboard,
  openFromSidebar,
  test,
} from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await openFromDashboard(page, 'Contacts');
});

/** Chooses a CSV file to import: its preview opens. */
async function chooseCsv(page: Page, name: string, lines: string[]) {
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\r\n')),
  });
  return page.getByRole('dialog', { name: 'Import contacts' });
}

/** Fills the open 'Log Interaction' dialog (its contact chosen) on May 4, 2026 and saves it. */
async function logInteraction(page: Page, log: Locator, type: string, notes: string) {
  await log.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type }).click();
  await log.getByLabel('Notes').fill(notes);
  await log.getByLabel('Date').fill('2026-05-04T09:30');
  await log.getByRole('button', { name: 'Log Interaction' }).click();
  await expect(page.getByText('Interaction created successfully')).toBeVisible();
}

/** The contacts page, reached from the grants page by the sidebar: Back leads to the grants. */
async function contactsAfterGrants(page: Page) {
  await page.goto('/grants');
  await openFromSidebar(page, 'Contacts');
}

/** The Create New Contact dialog, opened with a name half typed in it. */
async function halfTypedContact(page: Page) {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Contact' });
  await form.getByLabel('Name').fill('Half typed');
  return form;
}

test('create, edit and delete a contact through the dialogs', async ({ page }) => {
  await expect(page.getByText('No contacts yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
  await expect(dialog).toBeVisible();

  // Invalid input shows the spec's messages and sends nothing.
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Invalid email format')).toBeVisible();

  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@engine.org');
  await dialog.getByLabel('Phone').fill('555-0101');
  await dialog.getByLabel('Organization').fill('Analytical Fund');
  // A double click saves once.
  await dialog.getByRole('button', { name: 'Create Contact' }).dblclick();
  await expect(page.getByText('Contact created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await (await page.request.get('/api/contacts')).json()).toHaveLength(1);
  const row = page.getByRole('row', { name: /Ada Lovelace/ });
  await expect(row).toContainText('ada@engine.org');
  await expect(row).toContainText('Analytical Fund');

  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByLabel('Name')).toHaveValue('Ada Lovelace');
  await edit.getByLabel('Phone').fill('555-0199');
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(row).toContainText('555-0199');

  await deleteFromList(page, 'Ada Lovelace', 'contact', 'interactions will be deleted too');
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();
});

test('a form closed with something typed in it asks first, and keeps it unless discarded', async ({
  page,
}) => {
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Contact' });
  // Nothing typed: Escape closes it at once (once the focus is in it, as a person's key is).
  await expect(form.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'Add Contact' }).click();
  await form.getByLabel('Name').fill('Half typed');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(discard.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // Escape on the question is its Cancel: the form as typed, the focus back where the typing was.
  await page.keyboard.press('Escape');
  await expect(discard).toBeHidden();
  await expect(form.getByLabel('Name')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('Half typed');

  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeHidden();
  await expect(form.getByLabel('Name')).toHaveValue('Half typed');

  await form.getByRole('button', { name: 'Close' }).click();
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await expect(form.getByLabel('Name')).toHaveValue('');
});

test('leaving the page with something typed in a form has the browser ask first; with nothing typed, it does not', async ({
  page,
}) => {
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const form = page.getByRole('dialog', { name: 'Create New Contact' });
  await expect(form.getByLabel('Name')).toBeFocused();
  const asked: string[] = [];
  const answer = (dialog: Dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  };
  page.on('dialog', answer);
  // Nothing typed: the page goes without a question.
  await page.reload();
  expect(asked).toEqual([]);
  page.off('dialog', answer);

  await page.getByRole('button', { name: 'Add Contact' }).click();
  await form.getByLabel('Name').fill('Half typed');
  // The browser's question, dismissed: the page stays, and what was typed with it.
  const question = page.waitForEvent('dialog');
  // Refused, the reload never ends: nothing waits for it.
  void page.reload().catch(() => {});
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(form.getByLabel('Name')).toHaveValue('Half typed');
});

test("the browser's Back over a form with something typed in it asks first: Cancel stays with the form, Discard goes back", async ({
  page,
}) => {
  await contactsAfterGrants(page);
  const form = await halfTypedContact(page);
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });

  await page.evaluate(() => window.history.back());
  await expect(discard).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeHidden();
  await expect(form.getByLabel('Name')).toHaveValue('Half typed');
  await expect(page).toHaveURL(/\/contacts$/);

  await page.evaluate(() => window.history.back());
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/grants$/);
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Grants', exact: true })).toBeVisible();
  // Forward again, nothing typed now: it goes at once.
  await page.evaluate(() => window.history.forward());
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(discard).toBeHidden();
});

test('Back and Forward at once, or Forward, over a form with something typed in it: one question, the page kept until Discard', async ({
  page,
}) => {
  await contactsAfterGrants(page);
  await openFromSidebar(page, 'Interactions');
  await expect(page).toHaveURL(/\/interactions$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/contacts$/);
  const form = await halfTypedContact(page);
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });

  // Back and Forward pressed together: each move is undone, one question is asked.
  await page.evaluate(() => {
    window.history.back();
    window.history.forward();
  });
  await expect(discard).toBeVisible();
  await expect(discard).toHaveCount(1);
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(form.getByLabel('Name')).toHaveValue('Half typed');

  // Forward, then Discard: the page the user was going to.
  await page.evaluate(() => window.history.forward());
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/interactions$/);
  await expect(form).toBeHidden();
  // The history is whole: Back goes to the contacts, then to the grants.
  await page.goBack();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/grants$/);
});

test("a question asked on a page goes with it: Back over 'Delete contact' deletes nothing", async ({
  page,
}) => {
  await addContact(page, { name: 'Ada Lovelace', email: 'ada@engine.org' });
  await contactsAfterGrants(page);
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: /Delete/ });
  await expect(question).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/grants$/);
  await expect(question).toBeHidden();
  expect(await (await page.request.get('/api/contacts')).json()).toHaveLength(1);
});

test('while a contact saves, its fields are read-only: nothing typed then is lost unsaid', async ({
  page,
}) => {
  await addContact(page, { name: 'Ada Lovelace', email: 'ada@engine.org' });
  await page.goto('/contacts');
  // The save answers only once the test lets it.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const patches: unknown[] = [];
  await page.route('**/api/contacts/*', async (route) => {
    if (route.request().method() === 'PATCH') {
      patches.push(route.request().postDataJSON());
      await answered;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Actions for Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await edit.getByLabel('Phone').fill('555-0199');
  await page.keyboard.press('Enter');
  await expect(edit.getByRole('button', { name: 'Saving...' })).toBeVisible();
  const notes = edit.getByLabel('Notes');
  await notes.click();
  await page.keyboard.type('Prefers mornings');
  await expect(notes).toBeFocused();
  await expect(notes).toHaveValue('');

  answer();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  expect(patches).toEqual([expect.objectContaining({ phone: '555-0199' })]);
  expect(JSON.stringify(patches)).not.toContain('Prefers mornings');
});

test('the form fields explain themselves in tooltips', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
  await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(
    'Full name of the contact person',
  );
  await dialog.locator('[data-help="Name"]').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Full name of the contact person');

  // From the keyboard: the field Tab reaches shows its help, until the focus leaves it.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toBeHidden();
  await dialog.getByLabel('Name').focus();
  // After the delay the pointer's has (300 ms), counted from the key: Tab run past a field
  // shows nothing.
  const pressed = Date.now();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Primary email address for communication');
  expect(Date.now() - pressed).toBeGreaterThanOrEqual(290);
  await page.keyboard.press('Tab');
  // The one before fades as this one comes.
  await expect(page.getByRole('tooltip').last()).toHaveText('Contact phone number (optional)');
  await expect(page.getByRole('tooltip')).toHaveCount(1);
  // A click shows none: the pointer has the icon.
  await dialog.getByLabel('Notes').click();
  await expect(page.getByRole('tooltip')).toBeHidden();
});

test('upload a CSV, see its rows and the row report, then search', async ({ page }) => {
  const preview = await chooseCsv(page, 'people.csv', [
    'Name,Email,Organization',
    '"Hopper, Grace",grace@navy.org,Navy Trust',
    'Alan Turing,alan@bletchley.org,Enigma Fund',
    'Broken Row,not-an-email,Nowhere',
  ]);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(preview).toBeHidden();
  // The notice says it, and the report stays on the page with each skipped row.
  const report = page.getByRole('alert').filter({ hasText: 'Row 4: Invalid email format' });
  await expect(report).toContainText(/Imported 2 contacts, skipped 1 row(?!s)/);
  await expect(page.getByRole('row', { name: /Hopper, Grace/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('enigma');
  await expect(page.getByRole('row', { name: /Hopper, Grace/ })).toBeHidden();
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toBeVisible();
});

test('what a search found is said once it has come: the rows shown, or that none match', async ({
  page,
}) => {
  for (const name of ['Grace Hopper', 'Alan Turing']) {
    const created = await page.request.post('/api/contacts', {
      data: { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.org` },
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  await expect(page.getByRole('row', { name: /Grace Hopper/ })).toBeVisible();
  const status = listSays(page, '1–2 of 2');
  await expect(status).toHaveCount(1);
  // Every text the status takes from now on, in order.
  await status.evaluate((element) => {
    const said: string[] = [];
    Object.assign(window, { said });
    new MutationObserver(() => said.push(element.textContent ?? '')).observe(element, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);

  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await search.pressSequentially('zzqx', { delay: 50 });
  // Shown in place of the rows, and said by the status.
  await expect(page.getByText('No contacts match your search')).toHaveCount(2);
  await expect(listSays(page, 'No contacts match your search')).toHaveCount(1);
  // Nothing said for the keys typed, nor while the search was on its way.
  expect((await said()).filter(Boolean)).toEqual(['No contacts match your search']);

  await search.fill('turing');
  await expect(page.getByRole('row', { name: /Alan Turing/ })).toBeVisible();
  await expect(listSays(page, '1–1 of 1')).toHaveCount(1);
  expect((await said()).filter(Boolean)).toEqual(['No contacts match your search', '1–1 of 1']);
  await expectNoSeriousA11yViolations(page);
});

test("a file in another CRM's column names: the preview matches its columns, and a repeated email updates the contact", async ({
  page,
}) => {
  const existing = await page.request.post('/api/contacts', {
    data: { name: 'Ada Lovelace', email: 'ada@example.org', notes: 'Met in May' },
  });
  expect(existing.status()).toBe(201);

  const preview = await chooseCsv(page, 'export.csv', [
    'Full Name,E-mail,Company,Favourite Colour',
    'Ada King,ADA@example.org,Analytical Fund,green',
    'Ben Okafor,ben@example.org,Hill Fund,blue',
    'Ben O.,ben@example.org,,red',
  ]);
  await expect(preview.getByRole('row', { name: /Full Name/ })).toContainText(
    'Ada King · Ben Okafor',
  );
  await expect(preview.getByRole('combobox', { name: 'Import Full Name as' })).toHaveValue('name');
  await expect(preview.getByRole('combobox', { name: 'Import E-mail as' })).toHaveValue('email');
  await expect(preview.getByRole('combobox', { name: 'Import Company as' })).toHaveValue(
    'organization',
  );
  const colour = preview.getByRole('combobox', { name: 'Import Favourite Colour as' });
  await expect(colour).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  // Without an email column nothing can be imported.
  const email = preview.getByRole('combobox', { name: 'Import E-mail as' });
  await email.selectOption({ label: "Don't import" });
  await expect(preview.getByRole('alert')).toHaveText('Choose a column to import as Email');
  await expect(preview.getByRole('button', { name: 'Import' })).toBeDisabled();
  await email.selectOption({ label: 'Email' });

  await colour.selectOption({ label: 'Notes' });
  await preview.getByRole('radio', { name: /Update that contact/ }).check();
  await preview.getByRole('button', { name: 'Import' }).click();

  await expect(page.getByText('Imported 1 new contact, updated 2, skipped 0 rows')).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(page.getByRole('row', { name: /Ada King/ })).toContainText('Analytical Fund');
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toBeHidden();
  await expect(page.getByRole('row', { name: /Ben O\./ })).toContainText('Hill Fund');
  await expect(page.getByRole('row', { name: /example\.org/ })).toHaveCount(2);
});

test('a repeated email is skipped by default, and the report names the row it repeats', async ({
  page,
}) => {
  const preview = await chooseCsv(page, 'twice.csv', [
    'name,email',
    'Cleo Diaz,cleo@example.org',
    'Cleo D.,cleo@example.org',
  ]);
  await expect(preview.getByRole('radio', { name: 'Skip the row' })).toBeChecked();
  await preview.getByRole('button', { name: 'Import' }).click();
  const report = page.getByRole('alert').filter({ hasText: 'Row 3: Same email as row 2' });
  await expect(report).toContainText('Imported 1 contact, skipped 1 row');
  await expect(page.getByRole('row', { name: /Cleo Diaz/ })).toBeVisible();
});

test('the column headers sort the list on the server', async ({ page }) => {
  for (const [name, organization] of [
    ['Ada Byron', 'Beta Fund'],
    ['Bea Cole', 'Alpha Trust'],
    ['Cy Dale', 'Gamma Aid'],
  ] as const) {
    const response = await page.request.post('/api/contacts', {
      data: { name, email: `${name.split(' ')[0]?.toLowerCase()}@example.org`, organization },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText('Ada Byron');

  const organization = page.getByRole('columnheader', { name: 'Organization' });
  await expect(organization).toHaveAttribute('aria-sort', 'none');
  await organization.getByRole('button').click();
  await expect(organization).toHaveAttribute('aria-sort', 'ascending');
  await expect(firstRow).toContainText('Bea Cole');
  await organization.getByRole('button').click();
  await expect(organization).toHaveAttribute('aria-sort', 'descending');
  await expect(firstRow).toContainText('Cy Dale');

  const name = page.getByRole('columnheader', { name: 'Name' });
  await name.getByRole('button').click();
  await name.getByRole('button').click();
  await expect(name).toHaveAttribute('aria-sort', 'descending');
  await expect(organization).toHaveAttribute('aria-sort', 'none');
  await expect(firstRow).toContainText('Cy Dale');
  await expect(page.getByRole('row').nth(3)).toContainText('Ada Byron');
});

test('a large import shows its progress, then lands whole', async ({ page }) => {
  const rows = Array.from(
    { length: 30_000 },
    (_, i) => `Member ${i},member.${i}@example.org,,"Circle ${i % 40}, Inc.",`,
  );
  const preview = await chooseCsv(page, 'members.csv', [
    'name,email,phone,organization,notes',
    ...rows,
  ]);
  // The template's columns need no change.
  await expect(preview.getByRole('combobox', { name: 'Import organization as' })).toHaveValue(
    'organization',
  );
  // The upload waits until its progress has been seen: the server can import 30,000 rows in
  // less time than passes between two looks at the page.
  let letThrough = () => {};
  const seen = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route('**/api/contacts/upload', async (route) => {
    await seen;
    await route.continue();
  });
  await preview.getByRole('button', { name: 'Import' }).click();
  const progress = preview.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(
    preview.getByText(/^Uploading… \d+%$|^Checking and saving the rows…$/),
  ).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  letThrough();
  await expect(page.getByText('Imported 30000 contacts, skipped 0 rows')).toBeVisible({
    timeout: 30_000,
  });
  await expect(progress).toHaveCount(0);
  // Shown under the list, and said by its status.
  await expect(listSays(page, '1–25 of 30,000')).toHaveCount(1);
});

test('an import started with the keyboard keeps the focus in its dialog, then gives it back to Upload CSV', async ({
  page,
}) => {
  const upload = page.getByRole('button', { name: 'Upload CSV' });
  // The file chosen from Upload CSV, which keeps the focus meanwhile.
  await upload.focus();
  const preview = await chooseCsv(page, 'few.csv', ['name,email', 'Ada Lovelace,ada@engine.org']);
  const importButton = preview.getByRole('button', { name: 'Import' });
  await expect(importButton).toBeVisible();
  // The upload waits until the test has looked at the dialog while it runs.
  let letThrough = () => {};
  const seen = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route('**/api/contacts/upload', async (route) => {
    await seen;
    await route.continue();
  });
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(
    preview.getByText(/^Uploading… \d+%$|^Checking and saving the rows…$/),
  ).toBeVisible();
  await expect(importButton).toBeFocused();
  await expect(importButton).toBeDisabled();
  // Tab goes round the dialog, not to the page behind it.
  await page.keyboard.press('Tab');
  await expect(preview.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Shift+Tab');
  await expect(importButton).toBeFocused();

  letThrough();
  await expect(page.getByText(/^Imported 1 contacts?, skipped 0 rows$/)).toBeVisible();
  await expect(preview).toBeHidden();
  await expect(upload).toBeFocused();
});

test('a file that is not CSV is refused with the Invalid file notice', async ({ page }) => {
  await page.locator('input[type=file]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(page.getByText('Invalid file')).toBeVisible();
  await expect(page.getByText('Please select a CSV file')).toBeVisible();
});

test('open a contact, log an interaction for it and see its details', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
  await dialog.getByLabel('Name').fill('Grace Hopper');
  await dialog.getByLabel('Email').fill('grace@navy.org');
  await dialog.getByLabel('Phone').fill('555-0142');
  await dialog.getByLabel('Notes').fill('Prefers morning calls');
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'grace@navy.org' })).toHaveAttribute(
    'href',
    'mailto:grace@navy.org',
  );
  await expect(page.getByRole('link', { name: '555-0142' })).toHaveAttribute(
    'href',
    'tel:555-0142',
  );
  await expect(page.getByText('Prefers morning calls')).toBeVisible();
  await expect(page.getByText('No interactions with this contact yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openFromSidebar(page, 'Interactions');
  await page.getByRole('button', { name: 'Log Interaction' }).click();
  const log = page.getByRole('dialog', { name: 'Log Interaction' });
  await log.getByRole('combobox', { name: 'Contact' }).click();
  await page.getByRole('option', { name: /Grace Hopper/ }).click();
  await logInteraction(page, log, 'Call', 'Talked about the literacy grant');

  await openFromSidebar(page, 'Contacts');
  await page.getByRole('link', { name: 'Grace Hopper' }).click();
  await page.getByRole('button', { name: /Call.*Talked about the literacy grant/ }).click();
  const details = page.getByRole('dialog', { name: 'Interaction Details' });
  await expect(details).toContainText('May 4, 2026 at 9:30 AM');
  await expect(details).toContainText('Talked about the literacy grant');
});

test('edit and delete a contact from their page, asked first; the list opens after', async ({
  page,
}) => {
  const created = await page.request.post('/api/contacts', {
    data: { name: 'Mary Jackson', email: 'mary@langley.org', organization: 'Langley Fund' },
  });
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/contacts/${id}`);
  await expect(page.getByRole('heading', { name: 'Mary Jackson', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByLabel('Name')).toHaveValue('Mary Jackson');
  await edit.getByLabel('Phone').fill('555-0160');
  await edit.getByRole('button', { name: 'Update Contact' }).click();
  await expect(page.getByText('Contact updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('link', { name: '555-0160' })).toHaveAttribute(
    'href',
    'tel:555-0160',
  );

  // Cancel keeps the contact; the keyboard reaches Delete as well as the pointer.
  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  await remove.click();
  const confirm = page.getByRole('dialog', { name: 'Delete contact' });
  await expect(confirm).toContainText('Delete Mary Jackson? Their interactions will be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/contacts/${id}$`));
  await remove.focus();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByText('No contacts yet')).toBeVisible();
  expect((await page.request.get(`/api/contacts/${id}`)).status()).toBe(404);
});

test("log an interaction from a contact's page, the contact already chosen", async ({ page }) => {
  const created = await page.request.post('/api/contacts', {
    data: { name: 'Katherine Johnson', email: 'kj@langley.org' },
  });
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/contacts/${id}`);
  await expect(page.getByText('No interactions with this contact yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Log Interaction' }).click();
  const log = page.getByRole('dialog', { name: 'Log Interaction' });
  await expect(log.getByRole('combobox', { name: 'Contact' })).toHaveValue('Katherine Johnson');
  await logInteraction(page, log, 'Email', 'Sent the orbit figures');
  await expect(log).toBeHidden();
  await expect(page.getByRole('button', { name: /Email.*Sent the orbit figures/ })).toBeVisible();
  await expect(page.getByText('No interactions with this contact yet.')).toHaveCount(0);
});

test.describe('in the shared company', () => {
  // It changes nothing, so it may use the company and session shared by such tests.
  test.use({ session: 'shared' });

  test('an unknown contact shows Contact not found', async ({ page }) => {
    await page.goto('/contacts/987654');
    await expect(page.getByText('Contact not found')).toBeVisible();
    await page.goto('/contacts/not-a-number');
    await expect(page.getByText('Contact not found')).toBeVisible();
  });
});

test('the contacts page has no serious accessibility violations', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Contact' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('saving after the session ended says so', async ({ page }) => {
  await page.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Contact' });
  await dialog.getByLabel('Name').fill('Late Larry');
  await dialog.getByLabel('Email').fill('larry@x.org');
  // The session ends elsewhere (another tab logs out) while the dialog is open.
  expect((await page.request.post('/api/logout')).status()).toBe(204);
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(page.getByText('You must be logged in to manage contacts')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('a list or a record that cannot be loaded says so and offers to try again', async ({
  page,
}) => {
  const created = await page.request.post('/api/contacts', {
    data: { name: 'Reachable Rita', email: 'rita@x.org' },
  });
  const { id } = (await created.json()) as { id: number };
  // The server fails these reads until the test lets them through.
  let failing = true;
  const failUntilLetThrough = (route: import('@playwright/test').Route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"message":"Service unavailable"}',
        })
      : route.continue();
  await page.route(/\/api\/contacts(\?|\/\d+$)/, failUntilLetThrough);

  await page.reload();
  // After the list's retries: not "No contacts yet", which would say there are none.
  await expect(page.getByText('Contacts could not be loaded')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('No contacts yet')).toHaveCount(0);
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: 'Reachable Rita' })).toBeVisible();

  failing = true;
  await page.goto(`/contacts/${id}`);
  await expect(page.getByText('This contact could not be loaded')).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Reachable Rita' })).toBeVisible();
});
