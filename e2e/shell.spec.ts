import { expect, expectNoSeriousA11yViolations, openDashboard, test } from './fixtures.ts';

test.describe('signed out', () => {
  // Nobody is signed in.
  test.use({ session: 'none' });

  test('protected pages redirect to /auth; other paths show the landing page', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/grants/12');
    await expect(page).toHaveURL(/\/auth$/);

    await page.goto('/no-such-page');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
  });

  test('the landing and auth pages have no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/auth');
    await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto('/auth?tab=register');
    await expect(page.getByRole('form', { name: 'Register' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('signed in', () => {
  // These tests change nothing, so they may share one company and its session.
  test.use({ session: 'shared' });

  test.beforeEach(async ({ page }) => {
    await openDashboard(page);
  });

  test('the sidebar lists the nine pages in order and highlights the current one', async ({
    page,
  }) => {
    // The product's name beside the search and the bell, on one line.
    const name = page
      .getByRole('navigation', { name: 'Main' })
      .getByText('Grantwell', { exact: true });
    const lineHeight = await name.evaluate((el) =>
      Number.parseFloat(getComputedStyle(el).lineHeight),
    );
    expect((await name.boundingBox())?.height).toBeLessThan(lineHeight * 1.5);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Contacts',
      'Interactions',
      'Grants',
      'Opportunities',
      'Funders',
      'Tasks',
      'Reports',
      'Organization',
    ]);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const headings: Record<string, string> = {
      Contacts: 'Contacts',
      Interactions: 'Interactions',
      Grants: 'Grants',
      Opportunities: 'Opportunities',
      Funders: 'Funders',
      Tasks: 'Tasks Board',
      Reports: 'Reports',
      Organization: 'Organization',
    };
    for (const [entry, heading] of Object.entries(headings)) {
      await nav.getByRole('link', { name: entry }).click();
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: entry })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
        'aria-current',
        'page',
      );
    }
  });

  test('on a narrow screen the folded sidebar is out of the Tab order; its button opens it, Escape folds it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 640, height: 800 });
    const menu = page.getByRole('button', { name: 'Toggle navigation' });
    const contacts = page.getByRole('link', { name: 'Contacts' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // From the bell, Tab goes on to the page, not through the sidebar's links out of sight.
    await page.getByRole('button', { name: /^Notifications/ }).focus();
    for (let press = 0; press < 3; press += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('#sidebar') === null)).toBe(
        true,
      );
    }

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(contacts).toBeInViewport();
    await contacts.focus();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();
    await expect(contacts).not.toBeInViewport();

    // The link to the page shown, followed: the sidebar folds, and the focus goes to the page.
    await menu.click();
    const dashboard = page.getByRole('link', { name: 'Dashboard' });
    await dashboard.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('main')).toBeFocused();
  });

  test('the search button and the bell keep the focus as the window narrows past the sidebar, and widens back', async ({
    page,
  }) => {
    const wide = { width: 1200, height: 800 };
    const narrow = { width: 600, height: 800 };
    const header = page.getByRole('banner');
    const sidebar = page.getByRole('navigation', { name: 'Main', exact: true });
    for (const name of [/^Search/, /^Notifications/]) {
      await page.setViewportSize(wide);
      await sidebar.getByRole('button', { name }).focus();
      // Atop the sidebar while the window is wide; in the top bar once it is narrow, where it
      // still has the focus, not the page (or the sidebar, folded away and inert).
      await page.setViewportSize(narrow);
      await expect(header.getByRole('button', { name })).toBeFocused();
      await page.setViewportSize(wide);
      await expect(sidebar.getByRole('button', { name })).toBeFocused();
    }
  });

  test('the landing and auth pages redirect a signed-in user to the dashboard', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('an unknown path shows the 404 card inside the app', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('the app pages have no serious accessibility violations', async ({ page }) => {
    for (const path of ['/', '/contacts', '/tasks', '/organization']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});
