import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { api, apiLogin, DEMO, expect, expectAccessible, signIn, test } from './fixtures';
import { isoDay, seedSalesOrder } from './seed';
import { SERVER_ENV } from './server-env';

// What the warehouse reports of a sales order's shipment reaches its view: the carrier's tracking
// link, the delivered quantity that differs from the order; and the list finds the orders shipped
// without a tracking number.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

let eventSequence = 0;

/** Posts a warehouse event to the server as the warehouse system does, signed with WMS_SECRET. */
async function postWarehouseEvent(page: Page, event: object) {
  const raw = JSON.stringify({ event_id: `e2e-tracking-${suffix}-${++eventSequence}`, ...event });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SERVER_ENV.WMS_SECRET).update(`${timestamp}.${raw}`).digest('hex');
  const response = await page.request.post('/api/wms/events', {
    data: raw,
    headers: {
      'content-type': 'application/json',
      'x-wms-timestamp': timestamp,
      'x-wms-signature': `sha256=${signature}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A sales order shipped by the warehouse: set ready, taken by the warehouse before the simulated
 * one sends it (the grace delay), then reported shipped.
 */
async function shippedOrder(page: Page, token: string, code: string) {
  const headId = await seedSalesOrder(page, token, { code, price: '1.500', deliveryDate: isoDay(7) });
  const ready = await api<{ failure?: unknown }>(page, '/orders/sales/set_ready', { head_id: headId }, token);
  expect(ready.failure).toBeUndefined();
  const order = { kind: 'sales', head_id: headId };
  await postWarehouseEvent(page, { order, progress: 'sent' });
  await postWarehouseEvent(page, { order, status: { code: 'SHP', desc: 'Shipped' } });
  return headId;
}

test('a shipped order links its tracking numbers, marks what was delivered short, and the list finds the untracked ones', async ({
  page,
}) => {
  test.slow();
  const token = await apiLogin(page, DEMO.manager);
  const trackedCode = `E2E-TRK-${suffix}`;
  const untrackedCode = `E2E-UNTRK-${suffix}`;
  const tracked = await shippedOrder(page, token, trackedCode);
  const view = await api<{ lines: Array<{ sku: { external_code: string } }> }>(
    page,
    '/orders/sales/view_order',
    { head_id: tracked },
    token,
  );
  await postWarehouseEvent(page, {
    order: { kind: 'sales', head_id: tracked },
    // The second line was ordered 2 and one of them left the warehouse.
    lines: [
      { sku: view.lines[0]!.sku.external_code, qty: { $decimal: '1' } },
      { sku: view.lines[1]!.sku.external_code, qty: { $decimal: '1' } },
    ],
    shipment: {
      carrier: 'DHL',
      tracking_numbers: ['JD014600006281'],
      delivered_on: { $date: '2026-11-20' },
      signed_by: 'Anna Ozola',
    },
  });
  await shippedOrder(page, token, untrackedCode);

  await signIn(page, DEMO.manager, `/orders/sales/view/${tracked}`);
  await expect(page.getByRole('heading', { name: `Sales order ${trackedCode}`, level: 1 })).toBeVisible();
  const shipment = page.getByTestId('order-shipment');
  await expect(shipment.getByRole('heading', { name: 'Shipment' })).toBeVisible();
  const link = shipment.getByRole('link', {
    name: 'JD014600006281 on the carrier’s site (opens in a new tab)',
  });
  await expect(link).toHaveAttribute(
    'href',
    'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD014600006281',
  );
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(shipment.getByText('20.11.2026')).toBeVisible();
  await expect(shipment.getByText('Anna Ozola')).toBeVisible();

  const lines = page.getByTestId('order-lines');
  await expect(page.getByTestId('lines-differ')).toHaveText('1 line differs from what was ordered');
  const difference = lines.getByTestId('qty-difference');
  await expect(difference).toHaveCount(1);
  await expect(difference).toHaveText('1 (−1)');
  await expect(difference).toHaveAttribute('title', 'Differs from the ordered quantity by −1');
  await expectAccessible(page);

  // The list: only the shipped order without a tracking number is left with the filter on.
  await page.goto('/orders/sales');
  await expect(page.getByRole('heading', { name: 'Sales orders', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(suffix);
  const open = (code: string) => page.getByRole('link', { name: `Open order ${code}` });
  await expect(open(trackedCode)).toBeVisible();
  await expect(open(untrackedCode)).toBeVisible();
  // The box follows the URL, which changes just after the click.
  const untracked = page.getByRole('checkbox', { name: 'Shipped without tracking' });
  await untracked.click();
  await expect(untracked).toBeChecked();
  await expect(page).toHaveURL(/untracked=1/);
  await expect(open(untrackedCode)).toBeVisible();
  await expect(open(trackedCode)).toHaveCount(0);
  await expectAccessible(page);

  // Its view says so.
  await open(untrackedCode).click();
  await expect(page.getByTestId('order-shipment').getByText('No tracking number yet')).toBeVisible();
});
