import type { Locator, Page } from '@playwright/test';
import {
  api,
  apiLogin,
  expectAccessible as checkAccessible,
  DEMO,
  dismissToasts,
  expect,
  NAVIGATION_TIMEOUT,
  signIn,
  test,
} from './fixtures';
import { seedSalesOrder } from './seed';

// Purchase and sales orders from nothing to ready, copies of templates, problems.

/** The screen without the toasts of the last action (they close by themselves), checked by axe. */
async function expectAccessible(page: Page) {
  await dismissToasts(page);
  await checkAccessible(page);
}

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A date `days` from today as DD.MM.YYYY, the format the date inputs take. */
function dayFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** Opens a remote select and picks an option (the first one when no name is given). */
async function pick(scope: Page | Locator, page: Page, label: string, option?: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.getByRole('option', option === undefined ? {} : { name: option });
  await options.first().click();
}

async function typeDate(scope: Page | Locator, label: string, value: string) {
  const input = scope.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(value);
  // Enter would submit the form: leaving the field parses the typed date.
  await input.press('Tab');
  await expect(input).toHaveValue(value);
}

function statusBadge(page: Page) {
  return page.getByRole('heading', { level: 1 }).getByTestId('order-status');
}

test('a purchase order goes from nothing to ready in the browser', async ({ page }) => {
  // Many screens and pickers: more time than a one-screen test on a busy machine.
  test.slow();
  const code = `E2E-PO-${suffix}`;
  await signIn(page, DEMO.operator);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Purchase' }).click();
  await expect(page).toHaveURL(/\/orders\/purch$/);
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expectAccessible(page);

  // Add: the template picker waits for the consignee.
  await page.getByRole('link', { name: 'New order' }).click();
  await expect(page.getByRole('heading', { name: 'New purchase order', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.getByRole('combobox', { name: 'Copy from template', exact: true })).toBeDisabled();
  await pick(page, page, 'Consignee', 'Baltic Foods Retail');
  await expect(page.getByRole('combobox', { name: 'Copy from template', exact: true })).toBeEnabled();
  await page.getByRole('textbox', { name: 'External code', exact: true }).fill(code);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create' }).click();

  // Edit: every header field and one line.
  await expect(page).toHaveURL(/\/orders\/purch\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name: `Edit purchase order ${code}`, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  const address = page.getByRole('combobox', { name: 'Vendor address', exact: true });
  await expect(address).toBeDisabled();
  await pick(page, page, 'Vendor');
  await expect(address).toBeEnabled();
  if ((await address.inputValue()) === '') await pick(page, page, 'Vendor address');
  await page.getByRole('textbox', { name: 'Vendor reference', exact: true }).fill('Ref 1/2');
  await pick(page, page, 'Location');
  await typeDate(page, 'Delivery date', dayFromToday(7));
  // The vendor's default currency, when it has one, is filled in.
  const currency = page.getByRole('combobox', { name: 'Currency', exact: true });
  if ((await currency.inputValue()) === '') await pick(page, page, 'Currency', 'EUR');
  await page.getByRole('textbox', { name: 'Truck number', exact: true }).fill('KA-1234');
  await page.getByRole('button', { name: 'Add line' }).click();
  const line = page.getByTestId('order-line').first();
  await pick(line, page, 'Product (SKU)');
  await line.getByRole('textbox', { name: 'Quantity', exact: true }).fill('12');
  await line.getByRole('textbox', { name: 'Price', exact: true }).fill('2.505');
  // A second line, deleted before saving, is dropped.
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByRole('button', { name: 'Delete line 2' }).click();
  await expect(page.getByTestId('order-line').nth(1)).toHaveAttribute('data-deleted', 'true');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();

  // View: no problems, exact sums, ready.
  await expect(page).toHaveURL(/\/orders\/purch\/view\/\d+$/);
  await expect(page.getByRole('heading', { name: `Purchase order ${code}`, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(statusBadge(page)).toHaveText('Draft');
  await expect(page.getByTestId('order-errors')).toHaveCount(0);
  await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(1);
  await expect(page.getByTestId('order-total')).toHaveText(/^30\.06 \w{3}$/);
  await expect(page.getByText('Ref 1/2', { exact: true })).toBeVisible();
  await expect(page.getByTestId('field-delivery-date')).toContainText(dayFromToday(7));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Set ready' }).click();
  // The warehouse link may have sent it (or the simulated warehouse refused it) by the time it shows.
  await expect(statusBadge(page)).toHaveText(/^(Ready|Sent|Failure)$/);
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // The list finds it by its code.
  await page.goto(`/orders/purch?q=${code}`);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('table tbody tr').first()).toContainText(code);
});

/** A sales template of the manager's, made through the API: complete but for its delivery date. */
async function seedSalesTemplate(page: Page, token: string) {
  const code = `E2E-SO-TPL-${suffix}`;
  const headId = await seedSalesOrder(page, token, {
    code,
    price: '0.333',
    deliveryDate: null,
    isTemplate: true,
  });
  return { headId, code };
}

test('a sales order copied from a template is fixed, set ready and set back to draft', async ({ page }) => {
  test.slow();
  const token = await apiLogin(page, DEMO.manager);
  const template = await seedSalesTemplate(page, token);
  const code = `E2E-SO-${suffix}`;

  await signIn(page, DEMO.manager, `/orders/sales/view/${template.headId}`);
  await expect(
    page.getByRole('heading', { name: `Sales order template ${template.code}`, level: 1 }),
  ).toBeVisible();
  // Templates have no problems and no ready buttons.
  await expect(page.getByTestId('order-errors')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Set ready' })).toHaveCount(0);
  await expectAccessible(page);

  // Copy it: the add form says what it copies and hides the template picker.
  await page.getByRole('link', { name: 'Copy' }).click();
  await expect(page).toHaveURL(/\/orders\/sales\/add\?fromOrderId=\d+&fromConsigneeId=\d+/);
  await expect(page.getByTestId('copy-notice')).toContainText(template.code);
  await expect(page.getByRole('combobox', { name: 'Copy from template', exact: true })).toHaveCount(0);
  await page.getByRole('textbox', { name: 'External code', exact: true }).fill(code);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/orders\/sales\/edit\/\d+$/);
  const headId = Number(page.url().split('/').pop());

  // The copy has the template's lines; its problems say what is missing.
  await page.goto(`/orders/sales/view/${headId}`);
  await expect(page.getByRole('heading', { name: `Sales order ${code}`, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('order-total')).toHaveText(/^0\.999 /);
  await expect(page.getByTestId('order-errors')).toContainText('Set the delivery date.');
  await expect(page.getByRole('button', { name: 'Set ready' })).toBeDisabled();
  await expectAccessible(page);

  // Fix: a delivery date before today is refused in the form; a later one is saved.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: `Edit sales order ${code}`, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.getByRole('combobox', { name: 'Customer', exact: true })).not.toHaveValue('');
  await typeDate(page, 'Delivery date', dayFromToday(10));
  await page.getByRole('textbox', { name: 'Delivery name', exact: true }).fill('Shop 5');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/sales/view/${headId}$`));
  await expect(page.getByTestId('order-errors')).toHaveCount(0);
  await expect(page.getByText('Shop 5')).toBeVisible();

  // Ready, then back to draft; the edit link follows can_update. The warehouse link holds a ready
  // order back for WMS_SEND_DELAY_MS (5 seconds) before it takes it: the time a person has to undo.
  await page.getByRole('button', { name: 'Set ready' }).click();
  await expect(statusBadge(page)).toHaveText('Ready');
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo ready' }).click();
  await expect(statusBadge(page)).toHaveText('Draft');
  await expect(page.getByRole('link', { name: 'Edit' })).toBeVisible();
  await expectAccessible(page);
});

test('the sales list filters by template flag and keeps its filters in the URL', async ({ page }) => {
  await signIn(page, DEMO.manager, '/orders/sales');
  await expect(page.getByRole('heading', { name: 'Sales orders', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.getByRole('checkbox', { name: 'Templates' }).click();
  await expect(page.getByRole('checkbox', { name: 'Templates' })).toBeChecked();
  await expect(page).toHaveURL(/template=1/);
  await expect(page.locator('table tbody tr').first()).toContainText('Template');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Templates' })).toBeChecked();
  await expectAccessible(page);
});

test('a refused order goes back to draft, is fixed and set ready again; resending all asks first', async ({
  page,
}) => {
  test.slow();
  const token = await apiLogin(page, DEMO.operator);
  const failed = await api<{
    items: { head_id: number; external_code: string | null; failure_reason: string }[];
  }>(
    page,
    '/orders/purch/list_orders',
    { filters: { progress: 'failure', is_template: false }, count: 1 },
    token,
  );
  const order = failed.items[0]!;
  const code = order.external_code ?? `#${order.head_id}`;

  // Resending every refused order says how many first; cancelled, nothing moves.
  await signIn(page, DEMO.operator, '/orders/purch');
  await page.getByRole('button', { name: 'Reset all failures' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resend every refused order?' });
  await expect(dialog).toContainText(/Refused orders to send to the warehouse again, unchanged: \d+/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/orders/purch/view/${order.head_id}`);
  await expect(statusBadge(page)).toHaveText('Failure', { timeout: NAVIGATION_TIMEOUT });
  await expect(page.getByText(order.failure_reason)).toBeVisible();
  await page.getByRole('button', { name: 'Back to draft to fix' }).click();
  await expect(statusBadge(page)).toHaveText('Draft');
  // The reason stays in sight while the clerk fixes the order.
  await expect(page.getByRole('alert').filter({ hasText: 'refused this order before' })).toContainText(
    order.failure_reason,
  );
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: `Edit purchase order ${code}`, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.getByRole('textbox', { name: 'Truck number', exact: true }).fill('FIX-2024');
  // The fix the refusal asked for: another delivery date.
  await typeDate(page, 'Delivery date', dayFromToday(12));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/purch/view/${order.head_id}$`));
  await expect(page.getByText('FIX-2024')).toBeVisible();
  await expect(page.getByTestId('order-errors')).toHaveCount(0);
  await page.getByRole('button', { name: 'Set ready' }).click();
  await expect(statusBadge(page)).not.toHaveText('Draft');
  await expect(page.getByRole('alert').filter({ hasText: 'refused this order before' })).toHaveCount(0);
});
