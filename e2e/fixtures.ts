import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect };

let counter = 0;

/** A registration nobody else has used. */
export function newAccount() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `user_${id}`,
    name: 'Rosa Parks',
    organization: `Community Trust ${id}`,
    email: `rosa.${id}@example.org`,
    password: 'Str0ng-pass!',
  };
}

export type Account = ReturnType<typeof newAccount>;

/** Fills the register tab's form and sends it. */
export async function submitRegistration(page: Page, account: Account) {
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Full Name').fill(account.name);
  await form.getByLabel('Organization').fill(account.organization);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

export async function registerThroughForm(page: Page, account: Account) {
  await page.goto('/auth?tab=register');
  await submitRegistration(page, account);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Follows a sidebar entry and waits for the page's heading. */
export async function openFromSidebar(page: Page, entry: string, heading = entry) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: entry })
    .click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')})`);
  expect(serious).toEqual([]);
}
