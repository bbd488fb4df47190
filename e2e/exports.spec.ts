import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { DEMO, expect, expectAccessible, NAVIGATION_TIMEOUT, signIn, test } from './fixtures';

// Every list exports what it shows, with its filters and ordering, as XLSX or CSV.

/** Chooses an entry of the Export menu and answers the downloaded file's name and content. */
async function exportFrom(page: Page, entry: string) {
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), content: await readFile(await file.path()) };
}

test('the purchase order list exports its filtered rows as XLSX and its lines as CSV', async ({ page }) => {
  // Templates: orders no other spec moves while this one counts them.
  await signIn(page, DEMO.manager, '/orders/purch?template=1');
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^1–\d+ of [\d,]+$/)).toBeVisible();
  const shown = (await page.getByText(/^1–\d+ of [\d,]+$/).textContent())!
    .match(/of ([\d,]+)$/)![1]!
    .replaceAll(',', '');
  // Checked with the menu closed: Mantine's open menu holds a focus sentinel (role presentation,
  // tabindex -1) that axe counts as a child a menu may not have.
  await expectAccessible(page);

  const xlsx = await exportFrom(page, 'Orders: Excel (XLSX)');
  expect(xlsx.name).toMatch(/^purchase-orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const [header = [], ...body] = await readSheet(xlsx.content);
  expect(header.slice(0, 2)).toEqual(['External code', 'Consignee']);
  // Every row the filtered list pages through, each of them a template.
  expect(body.length).toBe(Number(shown));
  const progress = header.indexOf('Progress');
  for (const row of body) expect(row[progress]).toBe('Template');
  const created = body[0]![header.indexOf('Created')];
  expect(created).toBeInstanceOf(Date);

  const csv = await exportFrom(page, 'Order lines: CSV');
  expect(csv.name).toMatch(/^purchase-order-lines-.*\.csv$/);
  const [csvHeader, ...lines] = parse(csv.content, { bom: true }) as string[][];
  expect(csvHeader).toContain('Product code');
  expect(lines.length).toBeGreaterThan(0);
});

test('the stock list exports in the language on screen', async ({ page }) => {
  await signIn(page, DEMO.operator, '/stock');
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { name: 'Остатки', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Экспорт' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Остатки: файл CSV', exact: true }).click();
  const file = await download;
  const [header] = parse(await readFile(await file.path()), { bom: true, delimiter: ';' }) as string[][];
  expect(header).toContain('Название товара');
});

test('a Latvian reader gets CSV that a Latvian Excel splits: ";", decimal commas, dates as on screen', async ({
  page,
}) => {
  await signIn(page, DEMO.operator, '/stock');
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Latviešu' }).click();
  await expect(page.getByRole('heading', { name: 'Krājumi', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Eksportēt' }).click();
  await expect(page.getByRole('menuitem', { name: 'Krājumi: CSV importam un integrācijām' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Krājumi: CSV fails', exact: true }).click();
  const content = await readFile(await (await download).path());
  // The byte order mark stays, so that Excel reads UTF-8.
  expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = content.toString('utf8');
  expect(text.split(/\r?\n/, 1)[0]).toContain(';');
  const [header = [], ...rows] = parse(content, { bom: true, delimiter: ';' }) as string[][];
  expect(rows.length).toBeGreaterThan(0);
  const quantities = rows.map((row) => row[header.indexOf('Daudzums')]!);
  for (const quantity of quantities) expect(quantity).toMatch(/^\d+(,\d+)?$/);
  expect(quantities.some((quantity) => quantity.includes(','))).toBe(true);
  const expiry = rows.map((row) => row[header.indexOf('Derīguma termiņš')]).filter(Boolean);
  for (const date of expiry) expect(date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);

  // The same list for an import or an integration: commas and dots, whatever the language.
  await page.getByRole('button', { name: 'Eksportēt' }).click();
  const machineDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Krājumi: CSV importam un integrācijām' }).click();
  const machine = parse(await readFile(await (await machineDownload).path()), { bom: true }) as string[][];
  const machineQuantities = machine.slice(1).map((row) => row[machine[0]!.indexOf('Daudzums')]!);
  for (const quantity of machineQuantities) expect(quantity).toMatch(/^\d+(\.\d+)?$/);
});
