import path from 'node:path';
import type { Page } from '@playwright/test';
import { api, apiLogin, DEMO, expect, NAVIGATION_TIMEOUT, signIn, test } from './fixtures';

// Three screens in Latvian as the administrator: the Export menu open, the order import with a
// refused file, and the new-user form. With SCREENS_DIR set (`npm run screens:lv`) each is kept
// as a picture in that directory; without it the screens are checked all the same.

const SCREENS_DIR = process.env.SCREENS_DIR;

async function picture(page: Page, name: string, fullPage = false) {
  if (SCREENS_DIR) await page.screenshot({ path: path.join(SCREENS_DIR, `lv-${name}-1440.png`), fullPage });
}

/** Opens a path of the app signed in as the administrator, in Latvian. */
async function openInLatvian(page: Page, to: string) {
  await signIn(page, DEMO.admin, '/config.json');
  await page.evaluate(() => window.localStorage.setItem('lang', 'lv'));
  await page.goto(to);
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv');
}

test('the Export menu, a refused import and the new-user form in Latvian', async ({ page }) => {
  test.slow();
  const token = await apiLogin(page, DEMO.admin);
  const consignee = (
    await api<{ items: { name: string }[] }>(page, '/catalogs/consignee/list', { count: 1 }, token)
  ).items[0]!;

  await openInLatvian(page, '/orders/purch');
  await expect(page.getByRole('heading', { name: 'Iepirkuma pasūtījumi', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Eksportēt' }).click();
  await expect(page.getByRole('menuitem', { name: 'Pasūtījumi: Excel fails (XLSX)' })).toBeVisible();
  await picture(page, 'orders-purch-export');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.getByRole('link', { name: 'Importēt' }).click();
  await expect(page.getByRole('heading', { name: 'Iepirkuma pasūtījumu imports', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  const file = [
    'external_code;consignee;Piegāde;sku;qty',
    `E2E-SCREEN-1;${consignee.name};01.01.2020;NO-SUCH-SKU;5`,
    `E2E-SCREEN-1;${consignee.name};01.01.2020;;1,5`,
  ].join('\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'pasutijumi.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file, 'utf8'),
  });
  const preview = page.getByRole('region', { name: 'Priekšskatījums' });
  await expect(preview).toContainText('Rinda 2, Prece (SKU) (failā “sku”)');
  await expect(preview.getByRole('button', { name: /^Importēt/ })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Saskaņojiet kolonnas' })).toBeVisible();
  await picture(page, 'orders-purch-import-refused', true);

  await page.goto('/auth/users/add');
  await expect(page.getByRole('heading', { name: 'Jauns lietotājs', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await expect(page.getByRole('button', { name: 'Izveidot lietotāju' })).toBeVisible();
  await picture(page, 'auth-users-add');
});
