import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import axe from 'axe-core';

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

type Account = ReturnType<typeof newAccount>;

type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

/** An account whose company was made for it, with the cookies of its signed-in session. */
interface SignedInAccount extends Account {
  storageState: StorageState;
}

/**
 * Who the browser of a test is signed in as:
 * - `own`, unless a test chooses another: the admin of a new company made for this test alone,
 *   so its lists start empty and no other test sees what it does. Registering through the API
 *   costs one request.
 * - `none`: nobody. For the sign-in and registration screens themselves, which are driven
 *   through their forms.
 * - `shared`: the admin of a company shared by the tests of a worker that choose it. Only for
 *   tests that change nothing at all, neither the company's data nor the session.
 */
type Session = 'none' | 'own' | 'shared';

/**
 * The browser state of nobody signed in. A context made in a test (`browser.newContext()`)
 * takes the test's options, its storageState among them, unless it is given its own: a fresh
 * browser for someone else must be given this.
 */
export const signedOut: StorageState = { cookies: [], origins: [] };

/** The headers the web app's own requests carry, so the server's origin check sees its own. */
const sameOrigin = (baseURL: string) => ({ origin: new URL(baseURL).origin });

function appUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup starts the server.');
  return url;
}

/**
 * Registers `account` as the web app's register form does (a new company, whose admin it is)
 * through the API of the app at `baseURL` (the tests' server unless said), and answers the
 * signed-in session's browser state.
 */
export async function registerThroughApi(
  playwright: PlaywrightWorkerArgs['playwright'],
  account: Account,
  baseURL = appUrl(),
): Promise<SignedInAccount> {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: sameOrigin(baseURL),
    // Else it would take the running test's browser state, as every context made in a test does.
    storageState: signedOut,
  });
  try {
    // The web client also sends companyId and role; the server strips them.
    const response = await api.post('/api/register', {
      data: { ...account, companyId: 1, role: 'admin' },
    });
    expect(response.status(), await response.text()).toBe(201);
    return { ...account, storageState: await api.storageState() };
  } finally {
    await api.dispose();
  }
}

/** The fixtures of a test, by the session it chose. */
interface SessionFixtures {
  session: Session;
  /** Whoever the test's browser is signed in as, or null when it is signed out. */
  signedIn: SignedInAccount | null;
  /** The account the test's browser is signed in as (a test signed out has none). */
  account: SignedInAccount;
}

export const test = base.extend<SessionFixtures, { sharedAccount: () => Promise<SignedInAccount> }>(
  {
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    baseURL: async ({}, use) => {
      await use(appUrl());
    },
    session: ['own', { option: true }],
    // Registered once per worker, when a test of that worker first asks for it.
    sharedAccount: [
      async ({ playwright }, use) => {
        let shared: Promise<SignedInAccount> | undefined;
        await use(() => {
          shared ??= registerThroughApi(playwright, newAccount());
          return shared;
        });
      },
      { scope: 'worker' },
    ],
    signedIn: async ({ session, sharedAccount, playwright }, use) => {
      if (session === 'none') await use(null);
      else if (session === 'shared') await use(await sharedAccount());
      else await use(await registerThroughApi(playwright, newAccount()));
    },
    account: async ({ signedIn }, use) => {
      if (!signedIn) throw new Error('This test is signed out: it has no account.');
      await use(signedIn);
    },
    // The browser context starts with the session's cookies: no sign-in form, no page load.
    storageState: async ({ signedIn, storageState }, use) => {
      await use(signedIn ? signedIn.storageState : storageState);
    },
  },
);
export { expect };

/** Fills the register tab's form and sends it. */
export async function submitRegistration(page: Page, account: Account) {
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Full Name').fill(account.name);
  await form.getByLabel('Organization').fill(account.organization);
  await form.getByLabel('Email').fill(account.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
}

export async function registerThroughForm(page: Page, account: Account) {
  await page.goto('/auth?tab=register');
  await submitRegistration(page, account);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Fills the sign-in form the page shows and sends it. */
export async function submitLogin(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Username').fill(username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Opens the app at the dashboard, as a user who signed in lands there. */
export async function openDashboard(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Signs the browser context in as `username` through the API (its pages share the context's
 * cookies); the password must be right.
 */
export async function signInThroughApi(
  context: BrowserContext,
  username: string,
  password: string,
) {
  const response = await context.request.post('/api/login', {
    data: { username, password },
    headers: sameOrigin(appUrl()),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Follows a sidebar entry and waits for the page's heading. */
export async function openFromSidebar(page: Page, entry: string, heading = entry) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: entry })
    .click();
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
}

/** Opens the dashboard, as after signing in, then follows a sidebar entry from it. */
export async function openFromDashboard(page: Page, entry: string, heading = entry) {
  await openDashboard(page);
  await openFromSidebar(page, entry, heading);
}

/** A contact of the signed-in company, made through the API (201, or the test fails). */
export async function addContact(
  page: Page,
  data: { name: string; email: string; organization?: string },
): Promise<{ id: number; name: string }> {
  const created = await page.request.post('/api/contacts', { data });
  expect(created.status(), await created.text()).toBe(201);
  return created.json();
}

/**
 * Deletes the record of the list's row `row` through the row's actions menu, confirming the
 * question `Delete <noun>` (which must contain `question`, when given).
 */
export async function deleteFromList(page: Page, row: string, noun: string, question?: string) {
  await page.getByRole('button', { name: `Actions for ${row}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${noun}` });
  if (question !== undefined) await expect(confirm).toContainText(question);
  await confirm.getByRole('button', { name: 'Delete' }).click();
}

/** Fails on serious or critical accessibility violations of the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Read once nothing moves: a dialog fading in or out has only part of its contrast. Endless
  // animations (a loader) are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  // axe runs in the page itself (the app has no frames): its large source is evaluated once a
  // document, and only violations are collected.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    return (await inPage.run(document, { resultTypes: ['violations'] })).violations;
  });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')})`);
  expect(serious).toEqual([]);
}

/**
 * The status of a list that says, for a screen reader, what it shows once it has loaded
 * ('1–2 of 2', 'No contacts match your search'): found by its whole text, as spinners are
 * statuses too.
 */
export const listSays = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });

/**
 * Space on the focused handle of task `name` on the board, heard picked up; then the arrows
 * move it. The board hears them from a timer of 0 ms set as the task is picked up (dnd-kit's
 * keyboard sensor): a timer of the page's set after that one has run after it, so an arrow
 * pressed now is never lost, however busy the machine.
 */
export async function pickUpTask(page: Page, name: string) {
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up task ${name}`)).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
