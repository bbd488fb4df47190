import type { Page } from '@playwright/test';
import { api, apiLogin, DEMO, expect, expectAccessible, signIn, test } from './fixtures';

// Printing: an order and the stock list's page print as documents, without the application around
// them. Its own draft order, copied from a demo one, so nothing another spec does moves it.

test.describe.configure({ timeout: 180_000 });

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
/** An A4 page's printable width at 96 dpi, about what the browser lays a printout out in. */
const PAPER = { width: 794, height: 1123 };

interface SalesLine {
  sku_id: number;
  ordered_qty: { $decimal: string } | null;
  uom_id: number | null;
  price: { $decimal: string } | null;
  batch: string | null;
  expiry_date: { $date: string } | null;
}

/** A draft sales order of the operator's with lines, one of them of a long amount. */
async function seedOrder(page: Page, token: string) {
  const list = await api<{ items: Array<{ head_id: number; consignee_id: number; is_template: boolean }> }>(
    page,
    '/orders/sales/list_orders',
    { filters: { is_template: false }, count: 30 },
    token,
  );
  for (const row of list.items) {
    const order = await api<{ lines: SalesLine[] }>(
      page,
      '/orders/sales/view_order',
      { head_id: row.head_id },
      token,
    );
    if (order.lines.length < 2) continue;
    const code = `E2E-PRINT-${suffix}`;
    const added = await api<{ head_id: number }>(
      page,
      '/orders/sales/add_order',
      { fields: { consignee_id: row.consignee_id, external_code: code, template_id: row.head_id } },
      token,
    );
    const lines = order.lines.map((line, index) => ({
      sku_id: line.sku_id,
      ordered_qty: index === 0 ? { $decimal: '12345' } : line.ordered_qty,
      uom_id: line.uom_id,
      price: index === 0 ? { $decimal: '98765.432' } : line.price,
      batch: line.batch,
      expiry_date: line.expiry_date,
    }));
    const edited = await api<{ head_id?: number }>(
      page,
      '/orders/sales/edit_order',
      { head_id: added.head_id, fields: { lines } },
      token,
    );
    expect(edited.head_id).toBe(added.head_id);
    return { headId: added.head_id, code, lines: lines.length };
  }
  throw new Error('no sales order with two lines in the demo data');
}

/** How many lines of text each element's content takes. */
async function lineCounts(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return tops.size;
    }),
  );
}

test('an order prints as a document: header fields, lines and total, without menus, buttons or the discussion', async ({
  page,
}) => {
  const token = await apiLogin(page, DEMO.operator);
  const order = await seedOrder(page, token);

  await signIn(page, DEMO.operator, `/orders/sales/view/${order.headId}`);
  const title = page.getByRole('heading', { name: `Sales order ${order.code}`, level: 1 });
  await expect(title).toBeVisible();
  // Set ready says what it does.
  await expect(page.getByRole('button', { name: 'Set ready' })).toHaveAccessibleDescription(
    'Set ready sends the order to the warehouse. Until the warehouse takes it, Undo ready brings it back to draft.',
  );
  await expect(page.getByTestId('order-discussion')).toBeVisible();
  await expect(page.getByTestId('print-note')).toBeHidden();
  await page.mouse.move(0, 0);
  await expectAccessible(page);

  // The button opens the browser's print dialog.
  await page.evaluate(() => {
    const counted = window as unknown as { printed: number };
    counted.printed = 0;
    window.print = () => {
      counted.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  await page.setViewportSize(PAPER);
  await page.emulateMedia({ media: 'print' });
  await expect(title).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeHidden();
  await expect(page.locator('footer')).toBeHidden();
  await expect(page.locator('button:visible')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByTestId('order-discussion')).toBeHidden();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByText(/sends the order to the warehouse/)).toBeHidden();
  await expect(page.getByTestId('print-note')).toContainText(/^Printed \d\d\.\d\d\.\d{4} \d\d:\d\d$/);

  // Header fields, every line and the total.
  await expect(page.getByText('Customer', { exact: true })).toBeVisible();
  const lines = page.getByTestId('order-lines');
  await expect(lines.locator('tbody tr')).toHaveCount(order.lines);
  await expect(lines.locator('tbody tr').first()).toContainText('1,219,259,258.04');
  await expect(page.getByTestId('order-total')).toBeVisible();
  // Amounts stay on one line, and the document fits the paper's width.
  const counts = await lineCounts(page, '[data-testid="order-lines"] [data-numeric]');
  expect(counts.filter((count) => count === 1).length).toBeGreaterThanOrEqual(order.lines * 3);
  expect(counts.filter((count) => count > 1)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PAPER.width);

  // Back on the screen, the application is there again.
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByTestId('print-note')).toBeHidden();
});

test('the stock list prints its current page without filters, paging or buttons', async ({ page }) => {
  await signIn(page, DEMO.operator, '/stock?page=2');
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  const first = await rows.first().innerText();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.mouse.move(0, 0);
  await expectAccessible(page);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('search')).toBeHidden();
  await expect(page.locator('button:visible')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByTestId('print-note')).toContainText(/^Stock, page 2 · Printed /);
  await expect(rows).toHaveCount(shown);
  await expect(rows.first()).toBeVisible();
  expect(await rows.first().innerText()).toBe(first);
});
