import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Each test has a company of its own (the default session), so what it exports is its own.

/** Clicks 'Export CSV' and answers the downloaded file's name and lines. */
async function exportCsv(page: Page) {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const path = await file.path();
  const text = await readFile(path, 'utf8');
  // A byte order mark first, so Excel reads the file as UTF-8.
  expect(text.startsWith('\ufeff')).toBe(true);
  return {
    name: file.suggestedFilename(),
    lines: text.slice(1).replace(/\r\n$/, '').split('\r\n'),
  };
}

const today = () => new Date().toISOString().slice(0, 10);

test('export the contacts the list shows, searched and sorted, formulas written as text', async ({
  page,
}) => {
  for (const [name, organization] of [
    ['Ada Lovelace', 'Analytical Fund'],
    ['Alan Turing', 'Bletchley Trust'],
    ['=cmd|calc', 'Formula Foundation'],
  ] as const) {
    const created = await page.request.post('/api/contacts', {
      data: { name, email: `${name.replace(/\W/g, '').toLowerCase()}@x.org`, organization },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto('/contacts');
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  const all = await exportCsv(page);
  expect(all.name).toBe(`contacts-${today()}.csv`);
  expect(all.lines[0]).toBe('name,email,phone,organization,notes');
  expect(all.lines.slice(1).sort()).toEqual([
    "'=cmd|calc,cmdcalc@x.org,,Formula Foundation,",
    'Ada Lovelace,adalovelace@x.org,,Analytical Fund,',
    'Alan Turing,alanturing@x.org,,Bletchley Trust,',
  ]);

  // What the list shows: the search narrows the file as it narrows the list.
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Turing');
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeHidden();
  const searched = await exportCsv(page);
  expect(searched.lines).toEqual([
    'name,email,phone,organization,notes',
    'Alan Turing,alanturing@x.org,,Bletchley Trust,',
  ]);
});

test('export the grants in their list order, amounts and statuses as the page shows them', async ({
  page,
}) => {
  for (const [name, amount, days] of [
    ['Later Grant', 2500, 60],
    ['Sooner Grant', 75000, 20],
  ] as const) {
    const created = await page.request.post('/api/grants', {
      data: {
        name,
        funder: 'River Trust',
        amount,
        dueDate: new Date(Date.now() + days * 86_400_000).toISOString(),
        status: 'in-progress',
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('/grants');
  await expect(page.getByRole('link', { name: 'Sooner Grant' })).toBeVisible();
  const { name, lines } = await exportCsv(page);
  expect(name).toBe(`grants-${today()}.csv`);
  expect(lines[0]).toBe(
    'Name,Funder,Amount requested,Due date,Status,Amount awarded,Awarded on,Period start,Period end,Document,Notes',
  );
  const [first, second] = lines.slice(1).map((line) => line.split(','));
  expect([first?.[0], first?.[2], first?.[4]]).toEqual(['Sooner Grant', '75000', 'In Progress']);
  expect([second?.[0], second?.[2], second?.[4]]).toEqual(['Later Grant', '2500', 'In Progress']);
  expect(lines).toHaveLength(3);
});
