import type { Page } from '@playwright/test';
import { api, apiLogin, DEMO, expect, expectAccessible, NAVIGATION_TIMEOUT, signIn, test } from './fixtures';

// Orders from a spreadsheet, with a mistake found in the preview, fixed, and imported;
// lines pasted from a spreadsheet into an order.

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
    token,
    consigneeId: consignee.consignee_id,
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
  const line = (sku: string, qty: string, delivery = dayFromToday(9)) =>
    [code, catalog.consignee, catalog.vendor, delivery, 'IM-77', sku, qty, '1,25'].join(';');
  const wrong = [header, line(catalog.skus[0]!, '10'), line('NO-SUCH-SKU', '5')].join('\n');
  const undated = [header, line(catalog.skus[0]!, '10', ''), line(catalog.skus[1]!, '5', '')].join('\n');
  const right = [header, line(catalog.skus[0]!, '10'), line(catalog.skus[1]!, '5')].join('\n');

  await signIn(page, DEMO.operator, '/orders/purch');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import purchase orders', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expectAccessible(page);

  await chooseFile(page, 'orders.csv', wrong);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByTestId('import-order')).toHaveCount(1);
  await expect(preview).toContainText(
    'Row 3, Product (SKU) (“sku” in the file): no SKU “NO-SUCH-SKU” of this consignee',
  );
  await expect(preview.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await expectAccessible(page);

  // Readable, but not to be set ready: the preview says what keeps it a draft.
  await chooseFile(page, 'orders-undated.csv', undated);
  await expect(preview.getByTestId('import-order')).toContainText('Draft (incomplete)');
  await expect(preview.getByTestId('import-missing')).toContainText(['Set the delivery date.']);

  await chooseFile(page, 'orders-fixed.csv', right);
  await expect(preview).toContainText('Problems: 0');
  await preview.getByRole('button', { name: 'Import 1 order' }).click();
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

test('rows pasted from a spreadsheet become the lines of an order, once every row can be read', async ({
  page,
}) => {
  test.slow();
  const catalog = await catalogOf(page);
  const code = `E2E-PASTE-${suffix}`;
  const added = await api<{ head_id: number }>(
    page,
    '/orders/purch/add_order',
    { fields: { consignee_id: catalog.consigneeId, external_code: code } },
    catalog.token,
  );
  const [first, second] = catalog.skus as [string, string];
  const copied = (lastCode: string) =>
    ['Code\tQty\tUnit\tPrice', `${first}\t10\t\t1,25`, `${lastCode}\t5\t\t2`].join('\n');

  await signIn(page, DEMO.operator, `/orders/purch/edit/${added.head_id}`);
  await expect(page.getByRole('heading', { name: `Edit purchase order ${code}`, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.getByRole('button', { name: 'Paste lines' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste lines from a spreadsheet' });
  const rows = dialog.getByRole('textbox', { name: 'Rows' });
  await rows.fill(copied('NO-SUCH-SKU'));
  await dialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(dialog.getByTestId('paste-preview').locator('tbody tr')).toHaveCount(2);
  await expect(dialog.getByTestId('paste-preview')).toContainText('This consignee has no such product.');
  await expect(dialog.getByTestId('paste-problems')).toContainText('Rows with problems: 1');
  await expect(dialog.getByRole('button', { name: 'Add lines (2)' })).toBeDisabled();
  await expectAccessible(page);

  await rows.fill(copied(second));
  await dialog.getByRole('button', { name: 'Check rows' }).click();
  await expect(dialog.getByTestId('paste-problems')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Add lines (2)' }).click();
  await expect(dialog).toHaveCount(0);
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0).getByRole('combobox', { name: 'Product (SKU)', exact: true })).toHaveValue(
    new RegExp(`^${first} `),
  );
  await expect(lines.nth(1).getByRole('textbox', { name: 'Quantity', exact: true })).toHaveValue('5');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(new RegExp(`/orders/purch/view/${added.head_id}$`));
  await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(2, {
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.getByTestId('order-total')).toHaveText(/^22\.50 /);
});

test('in Latvian, a refused file names each column by its label with the file’s header beside it', async ({
  page,
}) => {
  test.slow();
  const catalog = await catalogOf(page);
  const header = 'external_code;consignee;vendor;Piegāde;sku;qty';
  const row = [`E2E-LV-${suffix}`, catalog.consignee, catalog.vendor, '32.13.2027', 'NO-SUCH-SKU', '5'].join(
    ';',
  );

  await signIn(page, DEMO.operator, '/config.json');
  await page.evaluate(() => window.localStorage.setItem('lang', 'lv'));
  await page.goto('/orders/purch/import');
  await expect(page.getByRole('heading', { name: 'Iepirkuma pasūtījumu imports', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  // The columns a file may have, each by its label with the header it needs.
  await expect(page.getByText(/^Kolonnas: Ārējais kods \(external_code\), /)).toBeVisible();

  await chooseFile(page, 'pasutijumi.csv', [header, row].join('\n'));
  const preview = page.getByRole('region', { name: 'Priekšskatījums' });
  await expect(preview).toContainText(
    'Rinda 2, Prece (SKU) (failā “sku”): šim kravas saņēmējam nav preces “NO-SUCH-SKU”',
  );
  await expect(preview).not.toContainText(/\b(sku|qty|delivery_date):/);

  // The header the product does not know is offered for matching, its choices by their labels.
  const mapping = page.getByRole('region', { name: 'Saskaņojiet kolonnas' });
  const select = mapping.getByRole('combobox', { name: 'Faila kolonna “Piegāde”' });
  await select.click();
  await expect(page.getByRole('option', { name: 'Piegādes datums', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'delivery_date' })).toHaveCount(0);
  await page.getByRole('option', { name: 'Piegādes datums', exact: true }).click();
  await mapping.getByRole('button', { name: 'Pārbaudīt failu vēlreiz' }).click();
  await expect(preview).toContainText(
    'Rinda 2, Piegādes datums (failā “Piegāde”): “32.13.2027” nav datums (GGGG-MM-DD vai DD.MM.GGGG)',
  );
  await expect(preview.getByRole('button', { name: /^Importēt/ })).toBeDisabled();
  await expectAccessible(page);
});
