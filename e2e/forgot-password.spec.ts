import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  freePort,
  type ServerProcess,
  spawnServer,
  waitUntilServing,
} from '../scripts/lib/server-process.ts';
import {
  decodeQuotedPrintable,
  type SmtpServer,
  startSmtpServer,
} from '../test/helpers/smtp-server.ts';
import {
  expect,
  expectNoSeriousA11yViolations,
  newAccount,
  registerThroughApi,
  submitLogin,
  test,
} from './fixtures.ts';

// Nobody is signed in: these tests drive the sign-in screens themselves.
test.use({ session: 'none' });

async function askForResetLink(page: Page, usernameOrEmail?: string) {
  await page
    .getByRole('form', { name: 'Log in' })
    .getByRole('button', { name: 'Forgot password?' })
    .click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  if (usernameOrEmail === undefined) return;
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('Username or email').fill(usernameOrEmail);
  await form.getByRole('button', { name: 'Send reset link' }).click();
}

/** Types the new password twice on the page a reset link opens, and sends it. */
async function setNewPassword(page: Page, password: string) {
  const form = page.getByRole('form', { name: 'Choose a new password' });
  await form.getByLabel(/^New password/).fill(password);
  await form.getByLabel(/^Confirm Password/).fill(password);
  await form.getByRole('button', { name: 'Set Password' }).click();
}

test('without an email server, the forgot-password form says to ask an admin', async ({ page }) => {
  await page.goto('/auth');
  await askForResetLink(page);
  await expect(
    page.getByText(
      'Password reset by email is not available here. Ask an admin of your organization to reset your password',
      { exact: false },
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Back to Login' }).click();
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
});

test('a reset link without its token is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Link' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to Login' })).toBeVisible();
});

test.describe('with an email server', () => {
  // A server of its own, with a mail server that keeps what it is sent; started once, so these
  // tests run one after the other in one worker.
  test.describe.configure({ mode: 'default' });
  let smtp: SmtpServer;
  let server: ServerProcess;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(join(tmpdir(), 'grantwell-e2e-mail-'));
    const port = await freePort();
    server = spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
    });
    await waitUntilServing(server);
  });

  test.afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the emailed link sets a new password; the old one and the old session stop working', async ({
    page,
    playwright,
    browser,
  }) => {
    const account = newAccount();
    const signedIn = await registerThroughApi(playwright, account, server.url);

    await page.goto(`${server.url}/auth`);
    await askForResetLink(page, account.email);
    await expect(
      page.getByText('If an account matches, we have emailed a link to reset its password.', {
        exact: false,
      }),
    ).toBeVisible();

    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(account.email)).length)
      .toBe(1);
    const message = smtp.received.find((m) => m.to.includes(account.email));
    const link = decodeQuotedPrintable(message?.raw ?? '').match(
      /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[\w-]+/,
    )?.[0];
    if (!link) throw new Error('no reset link in the email');
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);

    await page.goto(link);
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await expect(form.getByLabel(/^New password/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await setNewPassword(page, 'Fresh-start-42');
    await expect(
      page.getByText('Your password has been reset. Please log in with it.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    // The session from before the reset has ended.
    const before = await browser.newContext({ storageState: signedIn.storageState });
    expect((await before.request.get(`${server.url}/api/user`)).status()).toBe(401);
    await before.close();

    await submitLogin(page, account.username, account.password);
    await expect(page.getByText('401: Invalid username or password')).toBeVisible();
    await submitLogin(page, account.username, 'Fresh-start-42');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // The link worked once.
    await page.goto(link);
    await setNewPassword(page, 'Another-go-7');
    await expect(
      page.getByText('This password reset link is invalid or has expired.', { exact: false }),
    ).toBeVisible();
  });
});
