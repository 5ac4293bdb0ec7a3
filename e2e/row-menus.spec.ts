import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Adds a record through the API and returns its id. */
async function post(page: Page, url: string, data: Record<string, unknown>) {
  const response = await page.request.post(url, { data });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Each list page, the two records it lists and the names their rows' menus go by. */
const lists: { path: string; add: (page: Page) => Promise<void>; rows: [string, string] }[] = [
  {
    path: '/contacts',
    add: async (page) => {
      await post(page, '/api/contacts', { name: 'Ada Lovelace', email: 'ada@engine.org' });
      await post(page, '/api/contacts', { name: 'Grace Hopper', email: 'grace@navy.org' });
    },
    rows: ['Ada Lovelace', 'Grace Hopper'],
  },
  {
    path: '/grants',
    add: async (page) => {
      for (const name of ['Clean Water', 'Youth Arts']) {
        await post(page, '/api/grants', {
          name,
          funder: 'Hill Foundation',
          amount: 5000,
          dueDate: '2027-06-01T12:00:00Z',
        });
      }
    },
    rows: ['Clean Water', 'Youth Arts'],
  },
  {
    path: '/interactions',
    add: async (page) => {
      const contactId = await post(page, '/api/contacts', {
        name: 'Ida Wells',
        email: 'ida@press.org',
      });
      await post(page, '/api/interactions', {
        contactId,
        type: 'call',
        notes: 'First call',
        date: '2026-11-02T10:00:00Z',
      });
      await post(page, '/api/interactions', {
        contactId,
        type: 'meeting',
        notes: 'Site visit',
        date: '2026-11-01T10:00:00Z',
      });
    },
    rows: ['Call with Ida Wells', 'Meeting with Ida Wells'],
  },
  {
    path: '/opportunities',
    add: async (page) => {
      for (const name of ['Annual gala', 'Capital campaign']) {
        await post(page, '/api/opportunities', {
          name,
          organization: 'Hill Foundation',
          amount: 1000,
          stage: 'proposal',
          expectedCloseDate: '2027-01-01T12:00:00Z',
        });
      }
    },
    rows: ['Annual gala', 'Capital campaign'],
  },
];

for (const { path, add, rows } of lists) {
  test(`on ${path}, Escape gives the focus back to a row's menu button, its first opening too`, async ({
    page,
  }) => {
    await add(page);
    await page.goto(path);
    const keys: [string, string][] = [
      [rows[0], 'Enter'],
      [rows[1], ' '],
    ];
    for (const [row, key] of keys) {
      const actions = page.getByRole('button', { name: `Actions for ${row}` });
      const menu = page.getByRole('menu', { name: `Actions for ${row}` });
      // The row's first opening on this page, then a second one.
      await actions.focus();
      for (let opening = 0; opening < 2; opening += 1) {
        await page.keyboard.press(key);
        await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(menu).toBeHidden();
        await expect(actions).toBeFocused();
      }
    }
  });

  test(`on ${path}, Tab keeps the focus in an open row menu, as in the team's menus`, async ({
    page,
  }) => {
    await add(page);
    await page.goto(path);
    const actions = page.getByRole('button', { name: `Actions for ${rows[0]}` });
    const menu = page.getByRole('menu', { name: `Actions for ${rows[0]}` });
    const edit = menu.getByRole('menuitem', { name: 'Edit' });
    const delete_ = menu.getByRole('menuitem', { name: 'Delete' });

    await actions.focus();
    await page.keyboard.press('Enter');
    await expect(edit).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeVisible();
    await expect(edit).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeVisible();
    await expect(delete_).toBeFocused();
    // Escape is the way out, back to the button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(actions).toBeFocused();
  });
}

test('a row menu opened with the pointer the first time closes back onto its button', async ({
  page,
}) => {
  await post(page, '/api/contacts', { name: 'Ada Lovelace', email: 'ada@engine.org' });
  await page.goto('/contacts');
  const actions = page.getByRole('button', { name: 'Actions for Ada Lovelace' });
  const menu = page.getByRole('menu', { name: 'Actions for Ada Lovelace' });

  await actions.click();
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(actions).toBeFocused();
  // The menu's own click opens it again, and its items still work: the row is not followed.
  await actions.click();
  await menu.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();
});

test('on a busy machine, Escape closes a menu at once, onto its button, even before the menu has taken the focus', async ({
  page,
}) => {
  await post(page, '/api/contacts', { name: 'Ada Lovelace', email: 'ada@engine.org' });
  const cpu = await page.context().newCDPSession(page);
  const menus = [
    { path: '/contacts', tab: null, button: 'Actions for Ada Lovelace', item: 'Edit' },
    {
      path: '/organization',
      tab: 'Users & Permissions',
      button: /^Actions for /,
      item: 'Reset Password',
    },
  ];
  for (const { path, tab, button, item } of menus) {
    await page.goto(path);
    if (tab) await page.getByRole('tab', { name: tab }).click();
    const actions = page.getByRole('button', { name: button }).first();
    const choice = page.getByRole('menuitem', { name: item });
    // The page's scripts run six times slower, as on a machine busy with something else.
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    for (let opening = 0; opening < 3; opening += 1) {
      await actions.focus();
      await page.keyboard.press('Enter');
      await expect(choice).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(choice).toBeHidden();
      await expect(actions).toBeFocused();
    }
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
});
