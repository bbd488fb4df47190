import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures';

// The stock table: filters, free-text search, sorting, paging, tenancy.

function rows(page: Page) {
  return page.locator('table tbody tr');
}

/**
 * The texts of one of the columns shown by default (0 consignee, 1 SKU code, 2 SKU name, 3 status, 6 expiry,
 * 7 batch; business line, manufacturing date, SSCC and size are left to the column chooser).
 */
async function column(page: Page, index: number): Promise<string[]> {
  return (
    await rows(page)
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts()
  ).map((text) => text.trim());
}

/** The row count the pager shows ('1–10 of 1,523'). */
async function total(page: Page): Promise<number> {
  const text = await page.getByText(/^[\d,]+–[\d,]+ of [\d,]+$/).innerText();
  return Number(text.split(' of ')[1]?.replaceAll(',', ''));
}

/** DD.MM.YYYY as a sortable YYYY-MM-DD. */
const iso = (date: string) => date.split('.').reverse().join('-');

async function pick(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('a client user finds stock rows of their company by consignee, SKU and text', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Stock' }).click();
  await expect(page).toHaveURL(/\/stock$/);
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText(/^1–10 of [\d,]+$/)).toBeVisible();
  await expectAccessible(page);

  // Tenancy: the operator works for Baltic Foods only.
  await expect
    .poll(async () => [...new Set(await column(page, 0))].every((name) => name.startsWith('Baltic Foods')))
    .toBe(true);

  // The consignee filter, then a SKU of that consignee.
  await pick(page, 'Consignee', 'Baltic Foods Wholesale');
  await expect(page).toHaveURL(/consignee=\d+/);
  await expect.poll(async () => new Set(await column(page, 0))).toEqual(new Set(['Baltic Foods Wholesale']));
  const wholesaleTotal = await total(page);
  await page.getByRole('combobox', { name: 'SKU', exact: true }).click();
  const firstSku = page.getByRole('option').first();
  const skuLabel = (await firstSku.innerText()).trim();
  await firstSku.click();
  await expect(page).toHaveURL(/sku=\d+/);
  const [skuCode] = skuLabel.split(' ');
  await expect.poll(async () => new Set(await column(page, 1))).toEqual(new Set([skuCode]));
  await expectAccessible(page);

  // Reloading keeps the filters and shows the chosen labels again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Consignee', exact: true })).toHaveValue(
    'Baltic Foods Wholesale',
  );
  await expect(page.getByRole('combobox', { name: 'SKU', exact: true })).toHaveValue(skuLabel);

  // Both filters clear.
  await page.getByRole('button', { name: 'Clear' }).nth(1).click();
  await expect(page).not.toHaveURL(/sku=/);
  await page.getByRole('button', { name: 'Clear' }).first().click();
  await expect(page).not.toHaveURL(/consignee=/);
  await expect.poll(() => total(page)).toBeGreaterThan(wholesaleTotal);

  // Free text finds a batch.
  const batch = (await column(page, 7)).find((text) => text !== '') as string;
  await page.getByRole('searchbox', { name: 'Search' }).fill(batch);
  await expect(page).toHaveURL(new RegExp(`q=${batch}`));
  await expect.poll(async () => (await column(page, 7)).every((text) => text.includes(batch))).toBe(true);
  await expect(rows(page).first()).toBeVisible();
});

test('the stock table sorts by expiry date and SKU name and pages on the server', async ({ page }) => {
  await signIn(page, DEMO.admin, '/stock');
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);

  await page.getByRole('button', { name: /^Expiry date/ }).click();
  await expect(page).toHaveURL(/sort=expiry_date/);
  await expect
    .poll(async () => {
      const dates = (await column(page, 6)).filter(Boolean).map(iso);
      return dates.length > 1 && dates.every((date, i) => i === 0 || dates[i - 1]! <= date);
    })
    .toBe(true);
  const earliest = (await column(page, 6))[0];

  await page.getByRole('button', { name: /^Expiry date/ }).click();
  await expect(page).toHaveURL(/sort=-expiry_date/);
  await expect
    .poll(async () => {
      const dates = (await column(page, 6)).filter(Boolean).map(iso);
      return (
        dates.length > 1 &&
        dates.every((date, i) => i === 0 || dates[i - 1]! >= date) &&
        dates[0] !== earliest
      );
    })
    .toBe(true);

  // A newly chosen column keeps the current direction: descending here.
  await page.getByRole('button', { name: /^SKU name/ }).click();
  await expect(page).toHaveURL(/sort=-sku_name/);
  await expect
    .poll(async () => {
      const names = await column(page, 2);
      return names.every((name, i) => i === 0 || names[i - 1]!.localeCompare(name, 'en') >= 0);
    })
    .toBe(true);

  const firstPage = await column(page, 2);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^11–20 of [\d,]+$/)).toBeVisible();
  await expect.poll(async () => (await column(page, 2)).join('|')).not.toBe(firstPage.join('|'));
  await expectAccessible(page);
});

test("another company's stock never shows", async ({ page }) => {
  await signIn(page, DEMO.manager, '/stock');
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  // The manager works for Baltic Foods and Nordic Beverages; Amber Home's SKU codes start with AH-.
  await page.getByRole('searchbox', { name: 'Search' }).fill('AH-');
  await expect(page.getByText('No stock rows found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('NB-');
  await expect(rows(page).first()).toBeVisible();
  await expect
    .poll(async () => new Set((await column(page, 1)).map((code) => code.slice(0, 3))))
    .toEqual(new Set(['NB-']));
});
