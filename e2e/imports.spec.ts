import type { Page } from '@playwright/test';
import { api, apiLogin, DEMO, expect, expectAccessible, login, test } from './fixtures';

// Issue 14: orders from a spreadsheet, with a mistake found in the preview, fixed, and imported.

const NAVIGATION_TIMEOUT = 30_000;
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

interface Page0<T> {
  items: T[];
}

/** What a row of the file names: the operator's first consignee, one of its vendors and SKUs. */
async function catalogOf(page: Page) {
  const token = await apiLogin(page, DEMO.operator);
  const consignee = (
    await api<Page0<{ consignee_id: number; name: string }>>(
      page,
      '/catalogs/consignee/list',
      { count: 1 },
      token,
    )
  ).items[0]!;
  const vendor = (
    await api<Page0<{ vendor_id: number; external_code: string }>>(
      page,
      '/catalogs/vendor/list',
      { filters: { consignee_id: consignee.consignee_id }, count: 1 },
      token,
    )
  ).items[0]!;
  const skus = (
    await api<Page0<{ external_code: string }>>(
      page,
      '/catalogs/sku/list',
      { filters: { consignee_id: consignee.consignee_id }, count: 2 },
      token,
    )
  ).items;
  return {
    consignee: consignee.name,
    vendor: vendor.external_code,
    skus: skus.map((sku) => sku.external_code),
  };
}

function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

async function chooseFile(page: Page, name: string, content: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content, 'utf8'),
  });
}

test('a purchase order file with a mistake is previewed, fixed and imported', async ({ page }) => {
  test.slow();
  const catalog = await catalogOf(page);
  const code = `E2E-IMP-${suffix}`;
  const header = 'external_code;consignee;vendor;delivery_date;truck_number;sku;qty;price';
  const line = (sku: string, qty: string) =>
    [code, catalog.consignee, catalog.vendor, dayFromToday(9), 'IM-77', sku, qty, '1,25'].join(';');
  const wrong = [header, line(catalog.skus[0]!, '10'), line('NO-SUCH-SKU', '5')].join('\n');
  const right = [header, line(catalog.skus[0]!, '10'), line(catalog.skus[1]!, '5')].join('\n');

  await login(page, DEMO.operator, '/orders/purch');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import purchase orders', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expectAccessible(page);

  await chooseFile(page, 'orders.csv', wrong);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('import-order')).toHaveCount(1);
  await expect(preview).toContainText('Row 3, sku: no SKU “NO-SUCH-SKU” of this consignee');
  await expect(preview.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await expectAccessible(page);

  await chooseFile(page, 'orders-fixed.csv', right);
  await expect(preview).toContainText('Problems: 0');
  await preview.getByRole('button', { name: 'Import 1 orders' }).click();
  await expect(page).toHaveURL(/\/orders\/purch$/);
  await expect(page.getByText('Orders imported: 1')).toBeVisible();

  await page.goto(`/orders/purch?q=${code}`);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await page.locator('table tbody tr').first().getByRole('link').first().click();
  await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(2, {
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.getByText('IM-77')).toBeVisible();
});
