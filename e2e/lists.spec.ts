import type { Browser, Locator, Page } from '@playwright/test';
import { api, apiLogin, DEMO, expect, expectAccessible, signIn, test } from './fixtures';

// Lists and tables: a failed list says so and offers Retry; each user's column choice follows them
// to another browser; the first columns stay in view while a wide table scrolls sideways; on a
// phone lists are cards of their key fields with their filters folded into a drawer, and an
// order's lines show price, sum and total. Each test makes a user of its own, so a column choice
// never changes the tables the other specs read.

const PASSWORD = 'Granite-Orchard-58';
const PHONE = { width: 390, height: 844 };

/** A fresh operator of Baltic Foods with stock and purchase orders, first password change done. */
async function listUser(page: Page) {
  const admin = await apiLogin(page, DEMO.admin);
  const companies = await api<{ items: Array<{ company_id: number }> }>(
    page,
    '/auth/list_linked_companies',
    { filters: { smart: 'Baltic Foods' }, page: 0, count: 1 },
    admin,
  );
  const username = `e2e-lists-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const first = 'Temporary-Meadow-64';
  await api(
    page,
    '/auth/add_user',
    {
      username,
      password: first,
      password_conf: first,
      role: 1,
      companies: [companies.items[0]!.company_id],
      permissions: ['stck', 'pord', 'sord'],
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
  return { username, password: PASSWORD };
}

/** The header texts of the table on screen, in their order. */
async function headers(page: Page): Promise<string[]> {
  return (await page.locator('table thead th').allInnerTexts()).map((text) => text.trim());
}

/** The scrolling box around the table: how wide its content is, and how wide it shows. */
async function tableScroll(page: Page) {
  return page.locator('.mantine-datatable .mantine-ScrollArea-viewport').evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
}

/** Nothing loads any more (the progress bar and the spinners are gone): a check sees the screen. */
async function settled(page: Page) {
  await expect(page.getByTestId('global-progress')).toHaveCount(0);
  await expect(page.locator('[aria-label="Loading…"]')).toHaveCount(0);
}

/** Ticks or unticks a checkbox whose state follows the app's (the URL, the saved choice). */
async function setChecked(box: Locator, checked: boolean) {
  if ((await box.isChecked()) !== checked) await box.click();
  await (checked ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
}

/** Another browser (a context of its own), signed in as the user. */
async function openBrowser(browser: Browser, user: { username: string; password: string }, viewport = PHONE) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, user);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return { context, page };
}

test('a failed list says why and offers Retry, and Retry brings the rows back', async ({ page }) => {
  const user = await listUser(page);
  await signIn(page, user);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  let failing = true;
  await page.route('**/api/orders/purch/list_orders', (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ failure: { code: 'server_error' } }),
        })
      : route.fallback(),
  );
  await page.goto('/orders/purch');
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
  const failure = page.getByRole('alert').filter({ hasText: 'Could not load' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('Internal server error');
  await expect(page.getByText('No orders found')).toHaveCount(0);
  await expect(page.locator('table tbody tr')).toHaveCount(0);
  await settled(page);
  await expectAccessible(page);

  failing = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load' })).toHaveCount(0);
  await expect(page.getByText(/^1–\d+ of [\d,]+$/)).toBeVisible();
});

test('a chosen column is remembered after a reload and in another browser; wide tables keep their first columns in view', async ({
  page,
  browser,
}) => {
  const user = await listUser(page);
  await signIn(page, user);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.goto('/stock');
  await expect(page.locator('table tbody tr').first()).toBeVisible();

  // By default the stock table fits 1440 px: no column is off-screen.
  expect(await headers(page)).toEqual([
    'Consignee',
    'SKU code',
    'SKU name',
    'Status',
    'Units',
    'Unit',
    'Expiry date',
    'Batch',
    'Location',
  ]);
  const fitting = await tableScroll(page);
  expect(fitting.scrollWidth).toBeLessThanOrEqual(fitting.clientWidth);

  await page.getByRole('button', { name: 'Columns: 9 of 13 shown' }).click();
  const chooser = page.getByRole('group', { name: 'Shown columns' });
  await expect(chooser).toBeVisible();
  await settled(page);
  await expectAccessible(page);
  for (const column of ['SSCC', 'Size', 'Manufacturing date', 'Business line']) {
    await setChecked(chooser.getByRole('checkbox', { name: column }), true);
  }
  await expect.poll(() => headers(page)).toContain('SSCC');
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();

  // Thirteen columns overflow: a sideways scrollbar shows and the first two columns stay put.
  const wide = await tableScroll(page);
  expect(wide.scrollWidth).toBeGreaterThan(wide.clientWidth);
  await expect(
    page.locator('.mantine-datatable .mantine-ScrollArea-scrollbar[data-orientation="horizontal"]'),
  ).toBeVisible();
  const firstHeader = page.locator('table thead th').first();
  const secondHeader = page.locator('table thead th').nth(1);
  const lastHeader = page.locator('table thead th').last();
  const before = await firstHeader.boundingBox();
  const secondBefore = await secondHeader.boundingBox();
  await page
    .locator('.mantine-datatable .mantine-ScrollArea-viewport')
    .evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(lastHeader).toBeInViewport();
  expect((await firstHeader.boundingBox())?.x).toBe(before?.x);
  expect((await secondHeader.boundingBox())?.x).toBe(secondBefore?.x);
  await expect(firstHeader).toHaveText('Business line');

  await page.reload();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  expect(await headers(page)).toHaveLength(13);
  await expect(page.getByRole('button', { name: 'Columns: 13 of 13 shown' })).toBeVisible();

  // The same user in another browser: the choice is on the server, not in this browser.
  const other = await openBrowser(browser, user, { width: 1440, height: 900 });
  await other.page.goto('/stock');
  await expect(other.page.locator('table tbody tr').first()).toBeVisible();
  expect(await headers(other.page)).toContain('SSCC');
  await expect(other.page.getByRole('button', { name: 'Columns: 13 of 13 shown' })).toBeVisible();

  // Hiding one there, and going back to the defaults, both follow the user too.
  await other.page.getByRole('button', { name: 'Columns: 13 of 13 shown' }).click();
  await setChecked(
    other.page.getByRole('group', { name: 'Shown columns' }).getByRole('checkbox', { name: 'Size' }),
    false,
  );
  await expect.poll(() => headers(other.page)).not.toContain('Size');
  await other.context.close();
  await page.reload();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  expect(await headers(page)).not.toContain('Size');
  await page.getByRole('button', { name: 'Columns: 12 of 13 shown' }).click();
  await page.getByRole('button', { name: 'Default columns' }).click();
  await expect.poll(() => headers(page)).not.toContain('SSCC');
});

test('on a phone a list is cards of its key fields, with its filters in a drawer', async ({
  page,
  browser,
}) => {
  const user = await listUser(page);
  const phone = await openBrowser(browser, user);
  const screen = phone.page;
  await screen.goto('/orders/purch');
  await expect(screen.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();

  const cards = screen.getByTestId('list-card');
  await expect(cards.first()).toBeVisible();
  await expect(screen.locator('table')).toHaveCount(0);
  const card = cards.first();
  await expect(card.getByRole('link')).toHaveText(/\S+/);
  for (const field of ['Consignee', 'Vendor', 'Created', 'Business line']) {
    await expect(card.getByText(field, { exact: true })).toBeVisible();
  }
  // Each card fits the screen: nothing is cut or pushed sideways.
  const box = await card.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // The first card is not pushed below a screenful of filters.
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(450);
  await settled(screen);
  await expectAccessible(screen);

  // The filters fold into a button that counts the ones set, and open in a drawer.
  const filters = screen.getByRole('search', { name: 'Order filters' });
  await expect(filters.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  await expect(screen.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
  await filters.getByRole('button', { name: 'Filters', exact: true }).click();
  const drawer = screen.getByRole('dialog', { name: 'Order filters' });
  await expect(drawer).toBeVisible();
  await settled(screen);
  await expectAccessible(screen);
  await setChecked(drawer.getByRole('checkbox', { name: 'Templates' }), true);
  await drawer.getByRole('button', { name: 'Show results' }).click();
  await expect(drawer).toBeHidden();
  await expect(screen).toHaveURL(/template=1/);
  await expect(filters.getByRole('button', { name: 'Filters (1)' })).toBeVisible();

  // Cards of the stock list show their key fields too.
  await screen.goto('/stock');
  const stockCard = screen.getByTestId('list-card').first();
  await expect(stockCard).toBeVisible();
  for (const field of ['Consignee', 'Units', 'Unit', 'Expiry date', 'Batch', 'Location']) {
    await expect(stockCard.getByText(field, { exact: true })).toBeVisible();
  }
  await screen.getByRole('button', { name: /^Columns/ }).click();
  await expect(screen.getByRole('group', { name: 'Shown columns' })).toBeVisible();
  await settled(screen);
  await expectAccessible(screen);
  await phone.context.close();
});

test('an order on a phone shows each line with its price and sum, and the total', async ({
  page,
  browser,
}) => {
  const user = await listUser(page);
  const phone = await openBrowser(browser, user);
  const screen = phone.page;
  // A sent order has lines with prices.
  await screen.goto('/orders/purch?progress=sent');
  await screen.getByTestId('list-card').first().getByRole('link').click();
  await expect(screen.getByRole('heading', { name: /Purchase order/, level: 1 })).toBeVisible();

  const lines = screen.getByTestId('order-line-card');
  await expect(lines.first()).toBeVisible();
  const line = lines.first();
  for (const field of ['Quantity', 'Price', 'Sum']) {
    const label = line.getByText(field, { exact: true });
    await expect(label).toBeVisible();
    const place = await label.boundingBox();
    expect((place?.x ?? 0) + (place?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  }
  const total = screen.getByTestId('order-total');
  await total.scrollIntoViewIfNeeded();
  await expect(total).toBeVisible();
  const box = await total.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  await settled(screen);
  await expectAccessible(screen);
  await phone.context.close();
});
