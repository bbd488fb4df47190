import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import {
  expectAccessible as checkAccessible,
  DEMO,
  dismissToasts,
  expect,
  login,
  NAVIGATION_TIMEOUT,
  signIn,
  test,
} from './fixtures';
import { SERVER_ENV } from './server-env';

// Client companies under Management, master data, and a bare installation going live.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The screen without the toasts of the last action (they close by themselves), checked by axe. */
async function expectAccessible(page: Page) {
  await dismissToasts(page);
  await checkAccessible(page);
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

async function uploadCsv(page: Page, name: string, content: string) {
  await page.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content, 'utf8'),
  });
}

test('role 99 adds, edits, secures and deactivates a company, and uploads its consignees', async ({
  page,
}) => {
  test.slow();
  const code = `E2E-${suffix}`;
  const name = `E2E Company ${suffix}`;
  await signIn(page, DEMO.admin);
  await menu(page).getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { name: 'Companies', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'New company' }).click();
  await expect(page.getByRole('heading', { name: 'New company', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.getByRole('button', { name: 'Add company' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  // A code another company has is refused, saying so.
  await page.getByRole('textbox', { name: 'Code' }).fill('BF');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Add company' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A company with this code already exists' }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(code);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add company' }).click();

  await expect(page).toHaveURL(/\/companies\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
  await expect(page.getByText('No consignees yet.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // Details.
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByRole('textbox', { name: 'Name' }).fill(`${name} Ltd`);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `${name} Ltd`, level: 1 })).toBeVisible();

  // The second-factor rule asks first.
  const rule = page.getByRole('switch', { name: 'Every user signs in with a second factor' });
  // By keyboard, as a switch is used without a mouse.
  await rule.focus();
  await page.keyboard.press('Space');
  await page.getByRole('dialog').getByRole('button', { name: 'Require' }).click();
  await expect(rule).toBeChecked();
  await expect(rule).toBeEnabled();
  await rule.focus();
  await page.keyboard.press('Space');
  await expect(rule).not.toBeChecked();
  await expect(page.getByText('Sign-in rule saved')).toHaveCount(2);

  // Consignees from a semicolon CSV: a preview, then applied.
  await page.getByRole('combobox', { name: 'Catalog', exact: true }).click();
  await page.getByRole('option', { name: 'Consignees', exact: true }).click();
  await uploadCsv(
    page,
    'consignees.csv',
    `\uFEFFcode;name;business_line\n${code}-C1;Uploaded Retail;Retail\n${code}-C1;Twice;Retail\n`,
  );
  const preview = page.getByRole('table').filter({ hasText: 'Result' });
  await expect(preview.getByRole('row')).toHaveCount(3);
  await expect(preview.getByRole('row').nth(1)).toContainText('Added');
  await expect(preview.getByRole('row').nth(2)).toContainText('appears more than once');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Master data applied: 1 added, 0 changed, 1 refused')).toBeVisible();
  const consignees = page.getByRole('region', { name: /^Consignees/ });
  await expect(consignees.getByRole('row').filter({ hasText: 'Uploaded Retail' })).toBeVisible();

  // Deactivation asks first, then shows on the page and in the list.
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('This company is deactivated', { exact: false })).toBeVisible();
  await page.goto(`/companies?status=inactive&q=${code}`);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('table tbody tr').first()).toContainText('Deactivated');
  await page.locator('table tbody tr').first().getByRole('link').click();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('This company is deactivated', { exact: false })).toHaveCount(0);
});

test('a company user sees no Companies screen', async ({ page }) => {
  await signIn(page, DEMO.manager);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(menu(page).getByRole('link', { name: 'Companies' })).toHaveCount(0);
  await page.goto('/companies');
  await expect(page.getByRole('alert')).toContainText(
    "managed by the logistics provider's administrators only",
  );
});

// ---------------------------------------------------------------- a bare installation goes live

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Runs `npm run admin -- …` (without npm) and answers its exit code and output. */
function admin(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/admin.mjs', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

test.describe('a bare installation', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-live-'));
  const secret = 'a-warehouse-secret-for-going-live';
  const password = 'Quiet-Harbour-Lantern-7';
  let server: ChildProcess | undefined;
  let clerk: BrowserContext | undefined;
  let url = '';

  test.afterAll(async () => {
    await clerk?.close();
    server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('goes live: administrator, company, master data, a client user, an order sent', async ({
    page: adminPage,
    browser,
  }) => {
    test.setTimeout(240_000);
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: password, WMS_SECRET: secret };
    expect(await admin(['create-user', '--username', 'founder', '--role', '99'], env)).toMatchObject({
      code: 0,
    });

    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(
      process.execPath,
      ['scripts/start.mjs', '--port', String(port), '--data-dir', dataDir, '--no-demo'],
      {
        cwd: root,
        env: { ...process.env, ...SERVER_ENV, WMS_SECRET: secret },
        stdio: 'ignore',
      },
    );
    await expect
      .poll(async () => (await fetch(`${url}/config.json`).catch(() => undefined))?.ok ?? false, {
        timeout: 120_000,
      })
      .toBe(true);

    // The administrator signs in and adds the company.
    let page = adminPage;
    await login(page, { username: 'founder', password }, `${url}/`);
    await menu(page).getByRole('link', { name: 'Companies' }).click();
    await expect(page.getByText('No companies found')).toBeVisible({ timeout: NAVIGATION_TIMEOUT });
    await page.getByRole('link', { name: 'New company' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill('ACME');
    await page.getByRole('textbox', { name: 'Name' }).fill('Acme Retail');
    await page.getByRole('button', { name: 'Add company' }).click();
    await expect(page.getByRole('heading', { name: 'Acme Retail', level: 1 })).toBeVisible({
      timeout: NAVIGATION_TIMEOUT,
    });

    // The warehouse system pushes the company's catalogs: a signed event.
    const pushed = await admin(['push-master', '--company', 'ACME', '--url', url], env);
    expect(pushed).toMatchObject({ code: 0, output: expect.stringContaining('added') });
    await page.reload();
    await expect(page.getByRole('region', { name: /^Consignees/ }).getByText('ACME Main')).toBeVisible();

    // A client user of the company, with purchase orders.
    await page.goto(`${url}/auth/users/add`);
    await page.getByRole('textbox', { name: 'Username' }).fill('clerk');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
    await page.getByRole('combobox', { name: 'Companies', exact: true }).click();
    await page.getByRole('option', { name: 'Acme Retail', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('checkbox', { name: 'Purchase orders' }).check();
    await page.getByRole('button', { name: 'Create user' }).click();
    await expect(page).toHaveURL(/\/auth\/users\/profile\/\d+$/, { timeout: NAVIGATION_TIMEOUT });
    await expect(page.getByRole('main').getByText('Purchase orders', { exact: true })).toBeVisible();

    // The clerk signs in (a browser of their own), changes the first password, and orders the
    // pushed SKU.
    const clerkContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // Closed at the end: an open order view keeps refreshing, which no later test should pay for.
    clerk = clerkContext;
    page = await clerkContext.newPage();
    await login(page, { username: 'clerk', password }, `${url}/`);
    await expect(page).toHaveURL(/\/passreset$/);
    await page.getByRole('textbox', { name: 'Current password' }).fill(password);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(`${password}-2`);
    await page.getByRole('textbox', { name: 'Confirm new password' }).fill(`${password}-2`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
      timeout: NAVIGATION_TIMEOUT,
    });
    /** Picks an option of a remote select, again if the list was still loading. */
    const pick = async (label: string, option?: string) => {
      const input = page.getByRole('combobox', { name: label, exact: true });
      await expect(async () => {
        if ((await input.getAttribute('aria-expanded')) !== 'true') await input.click();
        await page
          .getByRole('option', option ? { name: option } : {})
          .first()
          .click({ timeout: 2_000 });
        await expect(input).not.toHaveValue('', { timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
    };
    await page.goto(`${url}/orders/purch/add`);
    await pick('Consignee', 'ACME Main');
    await page.getByRole('textbox', { name: 'External code', exact: true }).fill('PO-ACME-1');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/orders\/purch\/edit\/\d+$/, { timeout: NAVIGATION_TIMEOUT });
    await pick('Vendor', 'SIA Baltic Beverages');
    const address = page.getByRole('combobox', { name: 'Vendor address', exact: true });
    await expect(address).toBeEnabled();
    if ((await address.inputValue()) === '') await pick('Vendor address');
    await pick('Location', 'Riga Central');
    const date = new Date(Date.now() + 7 * 86_400_000);
    const typed = `${String(date.getDate()).padStart(2, '0')}.${String(date.getMonth() + 1).padStart(2, '0')}.${date.getFullYear()}`;
    const delivery = page.getByRole('textbox', { name: 'Delivery date', exact: true });
    await delivery.click();
    await delivery.fill(typed);
    await delivery.press('Tab');
    const currency = page.getByRole('combobox', { name: 'Currency', exact: true });
    if ((await currency.inputValue()) === '') await pick('Currency', 'EUR');
    await page.getByRole('textbox', { name: 'Truck number', exact: true }).fill('AC-1001');
    await page.getByRole('button', { name: 'Add line' }).click();
    const line = page.getByTestId('order-line').first();
    const sku = line.getByRole('combobox', { name: 'Product (SKU)', exact: true });
    await expect(async () => {
      if ((await sku.getAttribute('aria-expanded')) !== 'true') await sku.click();
      await page
        .getByRole('option', { name: /Mineral water 1\.5 l/ })
        .first()
        .click({ timeout: 2_000 });
      await expect(sku).not.toHaveValue('', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await line.getByRole('textbox', { name: 'Quantity', exact: true }).fill('24');
    await line.getByRole('textbox', { name: 'Price', exact: true }).fill('0.45');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/orders\/purch\/view\/\d+$/, { timeout: NAVIGATION_TIMEOUT });
    await expect(page.getByTestId('order-errors')).toHaveCount(0);
    await page.getByRole('button', { name: 'Set ready' }).click();
    // The simulated warehouse takes it: the order shows sent (or further on) without a reload.
    const status = page.getByRole('heading', { level: 1 }).getByTestId('order-status');
    await expect(status).toHaveText(/^(Sent|Receiving|Received)$/, { timeout: 60_000 });
  });
});
