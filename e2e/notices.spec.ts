import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Shows a notice without changing anything: the admin asks to remove themselves. */
async function showNotice(page: Page, name: string) {
  await page.goto('/organization');
  await page.getByRole('tab', { name: 'Users & Permissions' }).click();
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Remove User' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Cannot remove yourself' });
  await expect(notice).toBeVisible();
  return notice;
}

/** Drags the notice `distance` pixels to the right with the mouse, as a finger swipes it. */
async function swipeRight(page: Page, notice: Locator, distance: number) {
  const box = await notice.boundingBox();
  if (!box) throw new Error('The notice is not on screen');
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distance, y, { steps: 10 });
  await page.mouse.up();
}

test('F8 moves the focus to the notices, from where Tab reaches the notice', async ({
  page,
  account,
}) => {
  const notice = await showNotice(page, account.name);
  await page.keyboard.press('F8');
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(region.locator(':focus')).toHaveCount(1);

  // While the focus is there the notice stays; Escape dismisses it.
  await page.keyboard.press('Tab');
  await expect(notice).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notice).toBeHidden();
});

test('a notice swiped right by 50 px or more is dismissed; a shorter swipe leaves it', async ({
  page,
  account,
}) => {
  const notice = await showNotice(page, account.name);
  await swipeRight(page, notice, 30);
  await expect(notice).toBeVisible();
  await expect(notice).toBeInViewport({ ratio: 1 });

  await swipeRight(page, notice, 90);
  await expect(notice).toBeHidden();
});

test('the notices are at most 420 px wide on a wide screen and fit a phone', async ({
  page,
  account,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  let notice = await showNotice(page, account.name);
  const wide = await notice.boundingBox();
  expect(wide?.width).toBeGreaterThan(300);
  expect(wide?.width).toBeLessThanOrEqual(420);

  await page.setViewportSize({ width: 390, height: 844 });
  notice = await showNotice(page, account.name);
  await expect(notice).toBeInViewport({ ratio: 1 });
});
