import type { Page } from '@playwright/test';
import {
  api,
  apiLogin,
  clearBell,
  DEMO,
  dismissToasts,
  expect,
  expectAccessible,
  signIn,
  test,
} from './fixtures';

// The warehouse link takes a ready order to sent without anyone touching it; its system
// comment appears in the order's discussion and its notification in the header bell.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

function isoDay(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toISOString().slice(0, 10);
}

interface OrderRow {
  head_id: number;
  consignee_id: number;
}

interface OrderView {
  head_id: number;
  can_ready: boolean;
  problems: { errors: { code: string }[] };
}

/** A fresh draft purchase order nothing stops being ready: a copy of a demo draft, dated next week. */
async function seedDraftPurchase(page: Page, token: string, code = `E2E-WMS-${suffix}`) {
  const drafts = await api<{ items: OrderRow[] }>(
    page,
    '/orders/purch/list_orders',
    { filters: { progress: 'draft', is_template: false }, count: 100 },
    token,
  );
  const dateProblems = ['no_delivery_date', 'delivery_date_past'];
  for (const row of drafts.items) {
    const source = await api<OrderView>(page, '/orders/purch/view_order', { head_id: row.head_id }, token);
    if (!source.problems.errors.every((error) => dateProblems.includes(error.code))) continue;
    const added = await api<{ head_id: number }>(
      page,
      '/orders/purch/add_order',
      { fields: { consignee_id: row.consignee_id, external_code: code, template_id: row.head_id } },
      token,
    );
    await api(
      page,
      '/orders/purch/edit_order',
      { head_id: added.head_id, fields: { delivery_date: { $date: isoDay(7) } } },
      token,
    );
    const copy = await api<OrderView>(page, '/orders/purch/view_order', { head_id: added.head_id }, token);
    expect(copy.can_ready, JSON.stringify(copy.problems)).toBe(true);
    return { headId: added.head_id, code };
  }
  throw new Error('no demo draft to copy');
}

function statusBadge(page: Page) {
  return page.getByRole('heading', { level: 1 }).getByTestId('order-status');
}

test('an order set ready is sent by the server, with its system comment and notification', async ({
  page,
}) => {
  test.slow();
  const token = await apiLogin(page, DEMO.operator);
  const order = await seedDraftPurchase(page, token);
  const sentText = 'Order progress changed from Ready to Sent';

  await signIn(page, DEMO.operator, `/orders/purch/view/${order.headId}`);
  await expect(page.getByRole('heading', { name: `Purchase order ${order.code}`, level: 1 })).toBeVisible();
  await expect(statusBadge(page)).toHaveText('Draft');

  // Its badge shows only what comes next.
  await clearBell(page);

  await page.getByRole('button', { name: 'Set ready' }).click();
  await expect(statusBadge(page)).toHaveText('Ready');

  // Nobody touches the order again: the server sends it to the warehouse on its own after the grace
  // delay, and the open view follows it there.
  await expect(statusBadge(page)).toHaveText(/^(Sent|Receiving|Received)$/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Undo ready' })).toHaveCount(0);
  // The check is of the sent order, not of the set_ready toast on top of it.
  await dismissToasts(page);
  await expectAccessible(page);

  // The warehouse's later answers (WMS_SIM_STEP_MS apart) come into the open view and its discussion.
  await expect(statusBadge(page)).toHaveText('Received', { timeout: 30_000 });
  const thread = page.getByTestId('order-discussion');
  await expect(thread.getByText(sentText)).toBeVisible();
  await expect(thread.getByText('Warehouse status changed from Receiving to Received')).toBeVisible();

  // The pushed bell event (or, while the live stream is down, the 10-second session refresh)
  // lights the bell; its list leads back to the order.
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toHaveAttribute('data-new', 'true', { timeout: 20_000 });
  await page.getByTestId('notification-bell').click();
  const toOrder = page
    .getByTestId('notification-list')
    .locator(`a[href="/orders/purch/view/${order.headId}"]`)
    // Moves of one order in a burst are one entry, showing the latest.
    .filter({ hasText: 'Warehouse status changed from Receiving to' });
  await expect(toOrder.first()).toBeVisible();
  await expectAccessible(page);
  await page.goto('/orders/purch');
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
  await page.getByTestId('notification-bell').click();
  await toOrder.first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/purch/view/${order.headId}$`));
  await expect(statusBadge(page)).not.toHaveText(/Draft|Ready/);

  // The order's discussion tells the story, in the system's words.
  const discussion = page.getByTestId('order-discussion');
  await expect(discussion.getByText(sentText)).toBeVisible();
  await expect(discussion.getByText('Order progress changed from Draft to Ready')).toBeVisible();
  await expect(discussion.getByText('Warehouse status set to Registered')).toBeVisible();
  // The history says who did what: the clerk's own move is signed by her, the warehouse's by it.
  const comment = (text: string) => discussion.getByTestId('comment').filter({ hasText: text });
  await expect(comment('Order progress changed from Draft to Ready')).toContainText('Sergejs Ivanovs');
  await expect(comment(sentText)).toContainText('warehouse');
  await expect(comment(sentText)).not.toContainText('system');
  await expectAccessible(page);

  // The list shows it sent too.
  await page.goto(`/orders/purch?q=${order.code}`);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('table tbody tr').first()).toContainText('Received');
  await expectAccessible(page);
});

test('an open list follows its orders to the warehouse without a reload', async ({ page }) => {
  test.slow();
  const token = await apiLogin(page, DEMO.operator);
  const order = await seedDraftPurchase(page, token, `E2E-WMS-LIST-${suffix}`);

  await signIn(page, DEMO.operator, `/orders/purch?q=${order.code}`);
  const row = page.locator('table tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText('Draft');

  // Set ready from elsewhere (another tab, another user): the open list picks it up at the next
  // reload only, then follows it on its own while it is on its way.
  await api(page, '/orders/purch/set_ready', { head_id: order.headId }, token);
  await page.getByRole('button', { name: 'Refresh', exact: true }).first().click();
  await expect(row.first()).toContainText('Ready');
  await expect(row.first()).toContainText(/Sent|Receiving|Received/, { timeout: 40_000 });
  await expect(row.first()).toContainText('Received', { timeout: 30_000 });
  await expectAccessible(page);
});

test('an open draft moves on screen when the server pushes its move, without polling for it', async ({
  page,
}) => {
  const token = await apiLogin(page, DEMO.operator);
  const order = await seedDraftPurchase(page, token, `E2E-WMS-PUSH-${suffix}`);
  const views: Array<{ background: boolean }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/orders/purch/view_order'))
      views.push({ background: request.headers()['x-background-refresh'] === '1' });
  });
  const stream = page.waitForResponse((response) => response.url().endsWith('/api/events'));

  await signIn(page, DEMO.operator, `/orders/purch/view/${order.headId}`);
  await expect(statusBadge(page)).toHaveText('Draft');
  expect((await stream).status()).toBe(200);
  const shown = views.length;

  // Set ready from elsewhere (another tab, another user). A draft is never polled for: only the
  // pushed move brings it onto the open view, with one background read of the order.
  await api(page, '/orders/purch/set_ready', { head_id: order.headId }, token);
  await expect(statusBadge(page)).toHaveText('Ready');
  expect(views.slice(shown)).toEqual([{ background: true }]);
  await expect(page.getByRole('button', { name: 'Undo ready' })).toBeVisible();
});
