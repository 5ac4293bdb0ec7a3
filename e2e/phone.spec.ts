import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, signedOut, test } from './fixtures.ts';

/** A phone (an iPhone 12 to 15) and a common laptop. */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

/** The largest amounts an organisation is likely to type, as they are shown. */
const LARGE_AMOUNT = 9_999_999_999;
const LARGE_AMOUNT_TEXT = '$9,999,999,999';

// Names and addresses as long as real ones get, some with no place to break a line.
const ORGANIZATION = 'The Extraordinarily Long Community Foundation for Clean Water and Sanitation';
const records = {
  contact: 'Bartholomew Featherstonehaugh-Worthington',
  email: 'bartholomew.featherstonehaugh-worthington@extraordinarily-long-foundation.example.org',
  grant: 'Clean Water Initiative for Rural Communities Across the Northern Highlands',
  task: 'Write the extraordinarily detailed narrative section of the application',
  opportunity: 'Major Donor Partnership with the Extraordinarily Long Foundation',
  invitee: 'Maximiliana Featherstonehaugh-Worthington',
};

async function post(request: APIRequestContext, url: string, data: Record<string, unknown>) {
  const response = await request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; previewUrl?: string };
}

/** One record of each kind, with long names and the largest amounts, for the test's company. */
async function seedLongRecords(request: APIRequestContext) {
  const contact = await post(request, '/api/contacts', {
    name: records.contact,
    email: records.email,
    phone: '+44 20 7946 0958 ext. 12345',
    organization: ORGANIZATION,
    notes: `Prefers email. ${'Reference-number-without-any-spaces-'.repeat(6)}`,
  });
  const grant = await post(request, '/api/grants', {
    name: records.grant,
    funder: ORGANIZATION,
    amount: LARGE_AMOUNT,
    dueDate: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    status: 'in-progress',
    notes: 'Two-stage application; the second stage asks for audited accounts.',
  });
  await post(request, `/api/grants/${grant.id}/tasks`, {
    name: records.task,
    description: 'Describe the need, the plan, the budget and how the results will be measured.',
    category: 'proposal',
    dueDate: new Date(Date.now() + 60 * 86_400_000).toISOString(),
  });
  const interaction = await post(request, '/api/interactions', {
    contactId: contact.id,
    type: 'meeting',
    notes: 'Talked through the budget line by line and agreed on the next steps for the bid.',
    date: new Date(Date.now() - 86_400_000).toISOString(),
  });
  const opportunity = await post(request, '/api/opportunities', {
    name: records.opportunity,
    organization: ORGANIZATION,
    amount: LARGE_AMOUNT,
    stage: 'negotiation',
    probability: 75,
    expectedCloseDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  const invitation = await post(request, '/api/organization/invitations', {
    name: records.invitee,
    email: 'maximiliana.featherstonehaugh-worthington@extraordinarily-long-foundation.example.org',
    role: 'admin',
  });
  return { contact, grant, interaction, opportunity, invitation };
}

/** Where `locator` is on the page; it must be laid out. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not laid out`);
  return found;
}

/**
 * The page is no wider than the window: nothing makes it scroll sideways. Polled, as the page
 * swaps its tables for cards a moment after the window narrows.
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const root = document.scrollingElement ?? document.documentElement;
          return root.scrollWidth - root.clientWidth;
        }),
      { message: 'the page scrolls sideways' },
    )
    .toBeLessThanOrEqual(0);
}

/**
 * No box on screen hides part of its content sideways: nothing is cut off by a card's edge,
 * shortened with an ellipsis, or left in a box that scrolls sideways (a table that did not fit).
 */
async function expectNothingCut(page: Page) {
  const cut = () =>
    page.evaluate(() =>
      [...document.body.querySelectorAll('*')].flatMap((node) => {
        if (!(node instanceof HTMLElement) || node.matches('input, textarea, select')) return [];
        if (getComputedStyle(node).overflowX === 'visible') return [];
        const box = node.getBoundingClientRect();
        // Off screen (the folded sidebar), or a 1 px box that only screen readers read.
        if (box.right <= 0 || box.left >= window.innerWidth || node.clientWidth <= 1) return [];
        if (node.scrollWidth <= node.clientWidth + 1) return [];
        return [
          `${node.scrollWidth} px of content in ${node.clientWidth}: "${node.innerText.slice(0, 60)}"`,
        ];
      }),
    );
  await expect.poll(cut, { message: 'content cut off sideways' }).toEqual([]);
}

/** Every `text` shown is shown whole: on one line, between the window's left and right edges. */
async function expectWhollyShown(page: Page, text: string) {
  const broken = () =>
    page.evaluate((wanted) => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(wanted) ?? -1;
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
        if (boxes.length === 0) continue; // not shown
        const lines = new Set(boxes.map((box) => Math.round(box.top))).size;
        const outside = boxes.some((box) => box.left < -0.5 || box.right > window.innerWidth + 0.5);
        if (lines > 1 || outside) found.push(`"${node.textContent}" (${lines} lines)`);
      }
      return found;
    }, text);
  await expect.poll(broken, { message: `${text} broken or past the window` }).toEqual([]);
}

/**
 * Looks at the page as a laptop and as a phone shows it: a screenshot of each (kept with the
 * test's results), and at phone width no sideways scrolling and nothing cut, amounts included.
 */
async function checkBothWidths(page: Page, testInfo: TestInfo, name: string, ready: Locator) {
  await page.setViewportSize(LAPTOP);
  await expect(ready).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`${name}-1366.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(ready).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNothingCut(page);
  await expectWhollyShown(page, LARGE_AMOUNT_TEXT);
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
}

test.describe('signed out', () => {
  // Nobody is signed in.
  test.use({ session: 'none' });

  test('the landing page fits a phone', async ({ page }, testInfo) => {
    await page.goto('/');
    await checkBothWidths(
      page,
      testInfo,
      'landing',
      page.getByRole('link', { name: 'Start Free Trial' }),
    );
  });

  test('the sign-in page fits a phone', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await checkBothWidths(page, testInfo, 'sign-in', page.getByRole('form', { name: 'Log in' }));
    await page.getByRole('tab', { name: 'Register' }).click();
    await checkBothWidths(page, testInfo, 'register', page.getByRole('form', { name: 'Register' }));
  });

  test('the forgot-password and reset-password pages fit a phone', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await checkBothWidths(
      page,
      testInfo,
      'forgot-password',
      page.getByRole('heading', { name: 'Reset your password' }),
    );
    await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
    await checkBothWidths(
      page,
      testInfo,
      'reset-password',
      page.getByRole('form', { name: 'Choose a new password' }),
    );
  });
});

test.describe('signed in', () => {
  let seeded: Awaited<ReturnType<typeof seedLongRecords>>;
  test.beforeEach(async ({ page }) => {
    seeded = await seedLongRecords(page.request);
  });

  const link = (page: Page, name: string) => page.getByRole('link', { name });

  /** A page, and what shows that it has its records. */
  const pages: { name: string; path: () => string; shows: (page: Page) => Locator }[] = [
    { name: 'dashboard', path: () => '/', shows: (page) => link(page, records.grant) },
    { name: 'contacts', path: () => '/contacts', shows: (page) => link(page, records.contact) },
    {
      name: 'contact',
      path: () => `/contacts/${seeded.contact.id}`,
      shows: (page) => page.getByText(records.grant),
    },
    {
      name: 'interactions',
      path: () => '/interactions',
      shows: (page) => page.getByText(records.contact, { exact: true }),
    },
    {
      name: 'interaction',
      path: () => `/interactions/${seeded.interaction.id}`,
      shows: (page) => page.getByText(records.grant),
    },
    {
      name: 'grant',
      path: () => `/grants/${seeded.grant.id}`,
      shows: (page) => page.getByText(records.task),
    },
    { name: 'tasks', path: () => '/tasks', shows: (page) => page.getByText(records.task) },
    {
      name: 'opportunities',
      path: () => '/opportunities',
      shows: (page) => link(page, records.opportunity),
    },
    {
      name: 'opportunity',
      path: () => `/opportunities/${seeded.opportunity.id}`,
      shows: (page) => page.getByText(records.contact),
    },
    {
      name: 'not-found',
      path: () => '/no-such-page',
      shows: (page) => page.getByRole('heading', { name: '404 Page Not Found' }),
    },
  ];
  for (const { name, path, shows } of pages) {
    test(`the ${name} page fits a phone`, async ({ page }, testInfo) => {
      await page.goto(path());
      await checkBothWidths(page, testInfo, name, shows(page));
    });
  }

  test('the grants list and its pipeline fit a phone', async ({ page }, testInfo) => {
    await page.goto('/grants');
    await expect(page.getByRole('img', { name: /^Funnel of 5 stages/ })).toBeVisible();
    await checkBothWidths(page, testInfo, 'grants', link(page, records.grant));

    // A stage's grants, in their dialog, fit too.
    await page.getByRole('button', { name: /^In Progress/ }).click();
    const dialog = page.getByRole('dialog', { name: 'In Progress grants' });
    await expect(dialog.getByText(records.grant)).toBeVisible();
    // The page has one banner, its top bar: the dialog's header is none.
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expectNothingCut(page);
    await expectWhollyShown(page, LARGE_AMOUNT_TEXT);
    await page.screenshot({ path: testInfo.outputPath('grants-stage-390.png') });
  });

  test('the organization page and its team fit a phone', async ({ page }, testInfo) => {
    await page.goto('/organization');
    await checkBothWidths(
      page,
      testInfo,
      'organization',
      page.getByRole('textbox', { name: 'Organization Name' }),
    );
    await page.getByRole('tab', { name: 'Users & Permissions' }).click();
    await checkBothWidths(page, testInfo, 'team', page.getByText(records.invitee));
  });

  test("at phone width the dashboard's lists keep each time on the right of its name, however long", async ({
    page,
  }) => {
    await post(page.request, '/api/grants', {
      name: 'Roof',
      funder: 'Hill',
      amount: 1,
      dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    });
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const list = page.getByRole('region', { name: 'Upcoming Grant Deadlines' });
    await expect(list.getByRole('link', { name: records.grant })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Roof' })).toBeVisible();
    const items = await list.getByRole('listitem').all();
    expect(items.length).toBe(2);
    for (const item of items) {
      const name = await box(item.getByRole('link'));
      const when = await box(item.locator('p').last());
      // Beside the name, on its right: not on a line of its own under it.
      expect(when.y).toBeLessThan(name.y + name.height);
      expect(when.x).toBeGreaterThanOrEqual(name.x + name.width - 1);
    }
  });

  test('a name with no place to break wraps in the small tables, and their dates stay whole', async ({
    page,
  }) => {
    const unbroken = (letter: string, length: number) => letter.repeat(length);
    await post(page.request, '/api/organization/users', {
      name: unbroken('M', 100),
      email: 'm@example.org',
      username: `m_${Date.now()}`,
      password: 'Str0ng-pass!',
      role: 'user',
    });
    // Due at noon UTC: the same day wherever the browser is.
    const due = new Date(Date.now() + 40 * 86_400_000);
    due.setUTCHours(12, 0, 0, 0);
    await post(page.request, '/api/grants', {
      name: unbroken('G', 200),
      funder: ORGANIZATION,
      amount: LARGE_AMOUNT,
      dueDate: due.toISOString(),
    });
    const dueText = due.toLocaleDateString('en-US', {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    await page.setViewportSize(LAPTOP);
    await page.goto('/organization');
    await page.getByRole('tab', { name: 'Users & Permissions' }).click();
    await expect(page.getByText(unbroken('M', 100))).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNothingCut(page);

    const funders = (await (await page.request.get('/api/funders')).json()) as {
      id: number;
      name: string;
    }[];
    const funder = funders.find((one) => one.name === ORGANIZATION);
    await page.goto(`/funders/${funder?.id}`);
    await expect(page.getByRole('link', { name: unbroken('G', 200) }).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNothingCut(page);
    // Its deadline's and its grant's Due: before, squeezed to "Decemb / er 5, / 2026".
    await expectWhollyShown(page, dueText);
    await expectWhollyShown(page, LARGE_AMOUNT_TEXT);
  });

  test('the profile page fits a phone', async ({ page }, testInfo) => {
    await page.goto('/profile');
    await checkBothWidths(
      page,
      testInfo,
      'profile',
      page.getByRole('form', { name: 'Change Password' }),
    );
  });

  test('the invitation page fits a phone', async ({ browser }, testInfo) => {
    const invitee = await browser.newContext({ storageState: signedOut });
    const page = await invitee.newPage();
    await page.goto(seeded.invitation.previewUrl ?? '');
    await checkBothWidths(
      page,
      testInfo,
      'accept-invitation',
      page.getByRole('button', { name: 'Accept Invitation' }),
    );
    await invitee.close();
  });

  test('at phone width a list shows each record as a card: its name, labelled lines and its actions', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/grants');
    const name = page.getByRole('link', { name: records.grant });
    await expect(name).toBeVisible();
    // The pipeline above the list is drawn once its figures and its code are in.
    await expect(page.getByRole('img', { name: /^Funnel of 5 stages/ })).toBeVisible();
    const card = page.locator('tbody tr').filter({ has: name });
    const funder = card.locator('td').filter({ hasText: ORGANIZATION });
    const amount = card.locator('td').filter({ hasText: LARGE_AMOUNT_TEXT });
    const actions = card.getByRole('button', { name: `Actions for ${records.grant}` });

    // The name comes first, on a line of its own; each other value is under it, with its label.
    const nameBox = await box(name);
    expect((await box(funder)).y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
    const label = (cell: Locator) =>
      cell.evaluate((node) => getComputedStyle(node, '::before').content);
    expect(await label(funder)).toBe('"Funder"');
    expect(await label(amount)).toBe('"Amount"');
    expect(await label(card.locator('td').first())).toMatch(/^(none|normal)$/);
    await expect(amount).toContainText(LARGE_AMOUNT_TEXT);

    // The actions stay with the card, in its top corner, and open the menu.
    const cardBox = await box(card);
    const actionsBox = await box(actions);
    expect(actionsBox.y).toBeLessThan(nameBox.y + nameBox.height);
    expect(actionsBox.x + actionsBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    await actions.click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  });

  test('at phone width the team and the invitations are cards too', async ({ page, account }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/organization');
    await page.getByRole('tab', { name: 'Users & Permissions' }).click();
    const label = (cell: Locator) =>
      cell.evaluate((node) => getComputedStyle(node, '::before').content);

    const member = page.locator('tbody tr').filter({ hasText: account.email });
    await expect(member).toBeVisible();
    expect(await label(member.locator('td').filter({ hasText: account.email }))).toBe('"Email"');
    await expect(member.getByRole('button', { name: `Actions for ${account.name}` })).toBeVisible();

    const invitation = page.locator('tbody tr').filter({ hasText: records.invitee });
    const cells = invitation.locator('td');
    expect(await label(cells.nth(0))).toMatch(/^(none|normal)$/);
    expect(await label(cells.nth(1))).toBe('"Email"');
    expect(await label(cells.nth(2))).toBe('"Role"');
    const cancel = invitation.getByRole('button', {
      name: `Cancel invitation for ${records.invitee}`,
    });
    await expect(cancel).toBeVisible();
    await expectNothingCut(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test("a CSV file's preview fits a phone: each column of the file is a card with its field's select", async ({
    page,
  }) => {
    await page.goto('/contacts');
    await page.locator('input[type=file]').setInputFiles({
      name: 'contacts-exported-from-the-old-spreadsheet.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Full name,Primary_Email_Address_Of_The_Contact,Telephone,Company,Comments',
          `Ada Lovelace,${records.email},+44 20 7946 0958,${ORGANIZATION},Prefers email`,
        ].join('\r\n'),
      ),
    });
    const preview = page.getByRole('dialog', { name: 'Import contacts' });
    const email = preview.getByRole('combobox', {
      name: 'Import Primary_Email_Address_Of_The_Contact as',
    });
    await expect(email).toHaveValue('');
    // Nothing in the dialog scrolls sideways, the dialog itself nor its table, nor is cut off.
    await expectNothingCut(page);
    await expectNoSidewaysScroll(page);
    const dialogBox = await box(preview);
    for (const select of await preview.getByRole('combobox').all()) {
      const { x, width } = await box(select);
      expect(x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(x + width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }
    await expect(preview.getByText(records.email)).toBeInViewport();
  });

  test('badges and the count on the bell are 12 px at least', async ({ page }) => {
    await page.route('**/api/notifications/unread', (route) =>
      route.fulfill({ json: { unread: 3 } }),
    );
    const grant = await post(page.request, '/api/grants', {
      name: 'Youth Arts',
      funder: 'Hill',
      amount: 8000,
      dueDate: '2027-06-01T12:00:00Z',
    });
    await post(page.request, `/api/grants/${grant.id}/tasks`, {
      name: 'Write narrative',
      description: 'Why the programme matters',
      category: 'proposal',
      dueDate: '2027-05-01T12:00:00Z',
    });
    await page.goto('/tasks');
    const bell = page.getByRole('button', { name: 'Notifications, 3 unread' });
    const category = page.locator('[data-task="Write narrative"]').getByText('Proposal');
    const count = page.getByRole('region', { name: 'To Do', exact: true }).getByText('1', {
      exact: true,
    });
    for (const text of [bell.getByText('3'), category, count]) {
      const size = await text.evaluate((node) =>
        Number.parseFloat(getComputedStyle(node).fontSize),
      );
      expect(size, await text.evaluate((node) => node.outerHTML)).toBeGreaterThanOrEqual(12);
    }
  });
});
