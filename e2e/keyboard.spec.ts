import type { Page } from '@playwright/test';
import { expect, pickUpTask, test } from './fixtures.ts';

/** Presses Tab until `name` has the focus, as someone on a keyboard would; fails past `limit`. */
async function tabTo(page: Page, name: string, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
    });
    if (focused === name) return;
  }
  throw new Error(`${limit} presses of Tab did not reach ${name}`);
}

/** The first Tab shows the skip link; following it puts the focus on the page's main content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

test.describe('signed out', () => {
  // Nobody is signed in.
  test.use({ session: 'none' });

  for (const path of ['/', '/auth', '/accept-invitation']) {
    test(`the first Tab on ${path} lands on the skip link, which leads to the content`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await skipToContent(page);
    });
  }

  test('the signed-out pages have titles of their own', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await expect(page).toHaveTitle('Grantwell');
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveTitle('Log in · Grantwell');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveTitle('Register · Grantwell');
    await page.goto('/accept-invitation');
    await expect(page.getByRole('heading', { name: 'Invalid Invitation' })).toBeVisible();
    await expect(page).toHaveTitle('Accept Invitation · Grantwell');
  });
});

test.describe('signed in', () => {
  test('on a wide screen the first Tab lands on the skip link, then on the page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await skipToContent(page);
    // Past the skip link, the next stops are the page's own actions, not the hidden menu button.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Add Contact' })).toBeFocused();
  });

  test('each of the first stops of Tab is on screen', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    for (let presses = 0; presses < 4; presses += 1) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toBeInViewport();
    }
  });

  test('a field with the focus shows a ring, as a button does', async ({ page }) => {
    const created = await page.request.post('/api/contacts', {
      data: { name: 'Ada Lovelace', email: 'ada@example.org' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/contacts');
    const search = page.getByRole('searchbox');
    await search.focus();
    const ring = await search.evaluate((field) => {
      const style = getComputedStyle(field);
      return { style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(ring).toEqual({ style: 'solid', width: '2px' });
    // A row's box too.
    const box = page.getByRole('checkbox', { name: 'Select all on this page' });
    await box.focus();
    expect(await box.evaluate((field) => getComputedStyle(field).outlineWidth)).toBe('2px');
  });

  test('every page has a title of its own; a record page names the record', async ({ page }) => {
    const post = async (url: string, data: Record<string, unknown>) =>
      (await (await page.request.post(url, { data })).json()) as { id: number };
    const contact = await post('/api/contacts', { name: 'Ada Lovelace', email: 'ada@example.org' });
    const grant = await post('/api/grants', {
      name: 'Clean Water Initiative',
      funder: 'Hill Foundation',
      amount: 5000,
      dueDate: '2027-06-01T12:00:00Z',
    });
    const interaction = await post('/api/interactions', {
      contactId: contact.id,
      type: 'call',
      notes: 'First call',
      date: '2026-11-01T10:00:00Z',
    });
    const opportunity = await post('/api/opportunities', {
      name: 'Annual gala',
      organization: 'Hill Foundation',
      amount: 1000,
      stage: 'proposal',
      expectedCloseDate: '2027-01-01T12:00:00Z',
    });

    const titles: [string, string][] = [
      ['/', 'Dashboard · Grantwell'],
      ['/contacts', 'Contacts · Grantwell'],
      [`/contacts/${contact.id}`, 'Ada Lovelace · Contacts · Grantwell'],
      ['/interactions', 'Interactions · Grantwell'],
      [`/interactions/${interaction.id}`, 'Call with Ada Lovelace · Interactions · Grantwell'],
      ['/grants', 'Grants · Grantwell'],
      [`/grants/${grant.id}`, 'Clean Water Initiative · Grants · Grantwell'],
      ['/opportunities', 'Opportunities · Grantwell'],
      [`/opportunities/${opportunity.id}`, 'Annual gala · Opportunities · Grantwell'],
      ['/tasks', 'Tasks Board · Grantwell'],
      ['/organization', 'Organization · Grantwell'],
      ['/no-such-page', 'Page Not Found · Grantwell'],
      ['/accept-invitation', 'Accept Invitation · Grantwell'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }

    // Following a link changes the title too, without a page load.
    await page.goto('/grants');
    await page.getByRole('link', { name: 'Clean Water Initiative' }).click();
    await expect(page).toHaveTitle('Clean Water Initiative · Grants · Grantwell');
  });

  test('on a phone, a task moves across the board from the keyboard alone', async ({ page }) => {
    const grant = (await (
      await page.request.post('/api/grants', {
        data: { name: 'Youth Arts', funder: 'Hill', amount: 8000, dueDate: '2027-06-01T12:00:00Z' },
      })
    ).json()) as { id: number };
    const task = await page.request.post(`/api/grants/${grant.id}/tasks`, {
      data: {
        name: 'Write narrative',
        description: 'Why the programme matters',
        category: 'proposal',
        dueDate: '2027-05-01T12:00:00Z',
      },
    });
    expect(task.status()).toBe(201);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks Board', level: 1 })).toBeVisible();

    await skipToContent(page);
    await tabTo(page, 'Move Write narrative (Youth Arts)');
    // The board says when it has picked the task up: only then does an arrow move it.
    await pickUpTask(page, 'Write narrative');
    await page.keyboard.press('ArrowRight');
    const inProgress = page.getByRole('region', { name: 'In Progress', exact: true });
    await expect(inProgress).toHaveAttribute('data-over', 'true');
    await page.keyboard.press('Space');
    await expect(page.getByText('Task status updated')).toBeVisible();
    await expect(inProgress.locator('[data-task="Write narrative"]')).toBeVisible();
  });
});
