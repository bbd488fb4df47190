import type { Locator, Page } from '@playwright/test';
import { api, apiLogin, DEMO, dismissToasts, expect, expectAccessible, signIn, test } from './fixtures';
import { isoDay, seedEmptyOrder, seedSalesOrder } from './seed';

// What a clerk trips over day to day: a quantity that must stay as typed, lists that open an
// order from its code and its row, API keys that stay listed once revoked, words kept whole on a
// phone, and open menus and select lists that assistive technology can use.

const PASSWORD = 'Granite-Orchard-58';
const PHONE = { width: 390, height: 844 };
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
let managers = 0;

/** The screens in this language from the next page on (the app reads it at start). */
async function inLanguage(page: Page, lang: 'en' | 'ru' | 'lv') {
  await page.goto('/config.json');
  await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
}

/** A company of its own with a manager who may manage users, first password change done. */
async function freshManager(page: Page) {
  const admin = await apiLogin(page, DEMO.admin);
  const own = `${suffix}-${++managers}`;
  const { company_id } = await api<{ company_id: number }>(
    page,
    '/companies/add_company',
    { code: `CLERK-${own}`, name: `Clerk test ${own}` },
    admin,
  );
  const username = `e2e-clerk-${own}`;
  const first = 'Temporary-Meadow-64';
  await api(
    page,
    '/auth/add_user',
    {
      username,
      password: first,
      password_conf: first,
      role: 7,
      companies: [company_id],
      permissions: ['umgr', 'pord', 'sord', 'stck'],
    },
    admin,
  );
  const limited = await apiLogin(page, { username, password: first });
  await api(
    page,
    '/auth/change_password_self',
    { password_old: first, password_new: PASSWORD, password_conf: PASSWORD },
    limited,
  );
  return { user: { username, password: PASSWORD }, companyId: company_id, admin };
}

/** Words of these elements' texts that the layout broke over two lines ("Pieej" / "ams"). */
async function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((nodes) => {
    const broken: string[] = [];
    for (const node of nodes) {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

test('a fraction typed on a counted unit stays as typed, refused, and the order is not saved with it', async ({
  page,
}) => {
  await inLanguage(page, 'lv');
  const token = await apiLogin(page, DEMO.operator);
  const headId = await seedEmptyOrder(page, token, 'purch', `E2E-WHOLE-${suffix}`);
  await signIn(page, DEMO.operator, `/orders/purch/edit/${headId}`);
  await page.getByRole('button', { name: 'Pievienot rindu' }).click();
  const line = page.getByTestId('order-line').first();
  // A new line is in pieces, which are counted.
  await expect(line.getByRole('combobox', { name: 'Mērvienība' })).toHaveValue('gab.');
  const quantity = line.getByRole('textbox', { name: 'Daudzums', exact: true });
  await quantity.click();
  await quantity.pressSequentially('1.5');
  // Never "15": the separator stays where it was typed, and the message with it.
  await expect(quantity).toHaveValue('1,5');
  await expect(line.getByText('Tikai veseli skaitļi: “1,5” ir decimāldaļa')).toBeVisible();
  await page.getByRole('button', { name: 'Saglabāt' }).click();
  await expect(line.getByText('Šī mērvienība ir skaitāma: tikai veseli skaitļi')).toBeVisible();
  await expect(quantity).toHaveValue('1,5');
  await expectAccessible(page);

  // Taken out, the message goes.
  await quantity.press('Backspace');
  await quantity.press('Backspace');
  await expect(quantity).toHaveValue('1');
  await expect(line.getByText('Šī mērvienība ir skaitāma: tikai veseli skaitļi')).toHaveCount(0);
});

test('a list opens an order from its code link, by keyboard too, and from a click on its row', async ({
  page,
}) => {
  await signIn(page, DEMO.operator, '/orders/purch');
  const rows = page.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  const first = rows.first();
  const code = (await first.getByRole('link').last().innerText()).trim();

  // A click anywhere on the row (here its creation date).
  await first.locator('td').last().click();
  await expect(page).toHaveURL(/\/orders\/purch\/view\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);

  // The code is a link: Tab reaches it and Enter opens the order.
  await page.goBack();
  const link = rows.first().getByRole('link', { name: code, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders\/purch\/view\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
});

test('on a phone, a click on an order card opens the order (ru)', async ({ page }) => {
  await inLanguage(page, 'ru');
  await page.setViewportSize(PHONE);
  await signIn(page, DEMO.operator, '/orders/sales');
  const card = page.getByTestId('list-card').first();
  await expect(card).toBeVisible();
  const code = (await card.getByRole('link').first().innerText()).trim();
  await card.locator('dd').first().click();
  await expect(page).toHaveURL(/\/orders\/sales\/view\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(code);
});

test('revoking the only API key leaves it listed under All, and Last used follows the calls (lv)', async ({
  page,
}) => {
  await inLanguage(page, 'lv');
  const { user } = await freshManager(page);
  const token = await apiLogin(page, user);
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { secret } = await api<{ secret: string }>(
    page,
    '/apikeys/add_key',
    { name: 'ERP', permissions: ['pord'], expires: { $date: expires } },
    token,
  );
  await signIn(page, user, '/apikeys');
  await expect(page.getByRole('heading', { level: 1, name: 'API atslēgas' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'ERP' });
  await expect(row).toContainText('Nekad');

  // A client's system calls with the key; coming back to the tab shows the call.
  const status = await page.evaluate(async (key) => {
    const response = await fetch('/api/orders/purch/list_orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return response.status;
  }, secret);
  expect(status).toBe(200);
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(row).not.toContainText('Nekad');

  await row.getByRole('button', { name: 'Atsaukt “ERP”' }).click();
  await page
    .getByRole('dialog', { name: 'API atslēgas atsaukšana' })
    .getByRole('button', { name: 'Atsaukt' })
    .click();
  await dismissToasts(page);
  await expect(page.getByText('API atslēgu vēl nav.')).toHaveCount(0);
  await expect(
    page.getByText('Derīgu API atslēgu nav. Atsauktās un beigušās atslēgas ir sadaļā “Visas”.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByText('Visas', { exact: true }).click();
  await expect(row).toContainText('Atsaukta');
});

test('on a phone, statuses and table headers keep their words whole, and a wide table scrolls (lv, ru)', async ({
  page,
}) => {
  await inLanguage(page, 'lv');
  await page.setViewportSize(PHONE);
  const { user, companyId, admin } = await freshManager(page);
  const added = await api(
    page,
    '/webhooks/add_endpoint',
    {
      company_id: companyId,
      url: 'http://127.0.0.1:9/clerk',
      events: ['order.progress_changed', 'stock.changed'],
    },
    admin,
  );
  expect(added).toHaveProperty('endpoint_id');
  await signIn(page, user, '/webhooks');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  expect(await brokenWords(table.locator('th'))).toEqual([]);
  expect(await brokenWords(table.locator('.mantine-Badge-root'))).toEqual([]);
  // Wider than the phone: the table scrolls in its box, the page does not.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath('webhooks-lv-390.png'), fullPage: true });

  for (const lang of ['lv', 'ru'] as const) {
    await inLanguage(page, lang);
    await signIn(page, DEMO.operator, '/stock');
    const badges = page.getByTestId('list-card').locator('.mantine-Badge-root');
    await expect(badges.first()).toBeVisible();
    expect(await brokenWords(badges)).toEqual([]);
  }
});

test('the refresh button is as tall as the buttons beside it, its icon centred while it loads', async ({
  page,
}) => {
  await signIn(page, DEMO.operator, '/orders/purch');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const refresh = page.getByRole('main').getByRole('button', { name: 'Refresh' });
  const exportButton = page.getByRole('button', { name: 'Export' });
  // The list answers only when told, so the button is seen while it loads.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/orders/purch/list_orders', async (route) => {
    await held;
    await route.continue();
  });
  await refresh.click();
  await expect(refresh).toHaveAttribute('aria-busy', 'true');
  const box = await refresh.boundingBox();
  const icon = await refresh.locator('svg').boundingBox();
  const beside = await exportButton.boundingBox();
  release();
  expect(box && icon && beside).toBeTruthy();
  expect(Math.abs(box!.height - beside!.height), JSON.stringify([box, beside])).toBeLessThanOrEqual(1);
  expect(Math.abs(icon!.y + icon!.height / 2 - (box!.y + box!.height / 2))).toBeLessThanOrEqual(1);
  await expect(refresh).toHaveAttribute('aria-busy', 'false');
});

test('screen readers hear no "nothing found" under a full list; open menus and select lists pass axe (lv)', async ({
  page,
}) => {
  await inLanguage(page, 'lv');
  await signIn(page, DEMO.operator, '/orders/purch');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.getByText('Pasūtījumi nav atrasti')).toBeHidden();

  await page.getByRole('button', { name: 'Eksportēt' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  const token = await apiLogin(page, DEMO.operator);
  const headId = await seedEmptyOrder(page, token, 'purch', `E2E-AXE-${suffix}`);
  await page.goto(`/orders/purch/edit/${headId}`);
  await page.getByRole('combobox', { name: 'Piegādātājs', exact: true }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(page.getByRole('option').first()).toBeVisible();
  await expectAccessible(page);
});

test('an order that came with a vendor of one address gets that address in the form, and it stays (lv)', async ({
  page,
}) => {
  const token = await apiLogin(page, DEMO.operator);
  const headId = await seedEmptyOrder(page, token, 'purch', `E2E-SOLE-${suffix}`);
  const order = await api<{ consignee_id: number }>(
    page,
    '/orders/purch/view_order',
    { head_id: headId },
    token,
  );
  const vendors = await api<{ items: Array<{ vendor_id: number }> }>(
    page,
    '/catalogs/vendor/list',
    { filters: { consignee_id: order.consignee_id, for_order: true }, count: 50 },
    token,
  );
  let sole: { vendorId: number; code: string } | null = null;
  for (const vendor of vendors.items) {
    const addresses = await api<{ items: Array<{ code: string }> }>(
      page,
      '/catalogs/address/list',
      { filters: { vendor_id: vendor.vendor_id }, count: 2 },
      token,
    );
    if (addresses.items.length === 1) {
      sole = { vendorId: vendor.vendor_id, code: addresses.items[0]!.code };
      break;
    }
  }
  expect(sole).not.toBeNull();
  // Made through the API with its vendor and no address, as an integration or a copy would.
  await api(
    page,
    '/orders/purch/edit_order',
    { head_id: headId, fields: { vendor_id: sole!.vendorId } },
    token,
  );

  await inLanguage(page, 'lv');
  await signIn(page, DEMO.operator, `/orders/purch/edit/${headId}`);
  const address = page.getByRole('combobox', { name: 'Piegādātāja adrese' });
  await expect(address).toHaveValue(new RegExp(`^${sole!.code}`));
  await page.getByRole('textbox', { name: 'Automašīnas numurs' }).fill('AB-1');
  await expect(address).toHaveValue(new RegExp(`^${sole!.code}`));
  await expectAccessible(page);
});

test('the edit form shows the total as it will be saved, and the refusal of an order set back to draft (ru)', async ({
  page,
}) => {
  const token = await apiLogin(page, DEMO.manager);
  const headId = await seedSalesOrder(page, token, {
    code: `E2E-TOTAL-${suffix}`,
    price: '1.500',
    deliveryDate: isoDay(7),
  });
  await inLanguage(page, 'ru');
  await signIn(page, DEMO.manager, `/orders/sales/edit/${headId}`);
  const total = page.getByTestId('edit-total');
  // Lines of 1 and 2 at 1.500, in the currency's two decimals.
  await expect(total).toHaveText('4,50 EUR');
  await page
    .getByTestId('order-line')
    .first()
    .getByRole('textbox', { name: 'Количество', exact: true })
    .fill('3');
  await expect(total).toHaveText('7,50 EUR');
  await expect(page.getByTestId('edit-refusal')).toHaveCount(0);

  const failed = await api<{ items: Array<{ head_id: number }> }>(
    page,
    '/orders/sales/list_orders',
    { filters: { progress: 'failure', is_template: false }, count: 1, ordering: 'creation_date' },
    token,
  );
  // The demo data has refused orders of every kind.
  expect(failed.items.length).toBeGreaterThan(0);
  const refused = failed.items[0]!.head_id;
  expect(await api(page, '/orders/sales/set_draft', { head_id: refused }, token)).not.toHaveProperty(
    'failure',
  );
  await page.goto(`/orders/sales/edit/${refused}`);
  await expect(page.getByTestId('edit-refusal')).toContainText('Склад ранее отклонил этот заказ');
  await expectAccessible(page);
});

test("a new user starts with the role's usual permissions, and one saved with none is asked about (lv)", async ({
  page,
}) => {
  await inLanguage(page, 'lv');
  await signIn(page, DEMO.manager, '/auth/users/add');
  const usual = ['Krājumu skatīšana', 'Iepirkuma pasūtījumi', 'Pārdošanas pasūtījumi'];
  for (const name of usual) await expect(page.getByRole('checkbox', { name })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Lietotāju pārvaldība' })).not.toBeChecked();
  await page.getByRole('textbox', { name: 'Lietotājvārds' }).fill(`e2e-none-${suffix}`);
  await page
    .getByLabel(/^Parole/)
    .first()
    .fill('Granite-Orchard-58');
  await page.getByLabel(/^Paroles apstiprinājums/).fill('Granite-Orchard-58');
  await page.getByRole('combobox', { name: 'Uzņēmumi' }).click();
  await page.getByRole('option').first().click();
  await page.keyboard.press('Escape');
  for (const name of usual) await page.getByRole('checkbox', { name }).uncheck();
  await page.getByRole('button', { name: 'Izveidot lietotāju' }).click();
  const dialog = page.getByRole('dialog', { name: 'Saglabāt lietotāju bez tiesībām?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Atcelt' }).click();
  await expect(page).toHaveURL(/\/auth\/users\/add$/);
});
