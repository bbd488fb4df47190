import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, signIn, test } from './fixtures';

// The SKU list, the SKU view with its tabs, and the SKU editor.

function rows(page: Page) {
  return page.locator('table tbody tr');
}

/** The value shown under a label of the SKU view. */
function shown(page: Page, label: string) {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

test('a client user opens a SKU from the list and reads every tab', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'SKU' }).click();
  await expect(page).toHaveURL(/\/sku$/);
  await expect(page.getByRole('heading', { name: 'SKU', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expectAccessible(page);

  // Sorting by name, descending: another SKU comes first.
  const firstName = () => rows(page).first().locator('td:nth-child(4)').innerText();
  const ascendingFirst = await firstName();
  await page.getByRole('button', { name: /^Name/ }).click();
  await expect(page).toHaveURL(/sort=-name/);
  await expect.poll(firstName).not.toBe(ascendingFirst);

  const name = (await firstName()).trim();
  await page.getByRole('link', { name: `Open SKU ${name}` }).click();
  await expect(page).toHaveURL(/\/sku\/view\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(shown(page, 'Consignee')).toContainText('Baltic Foods');
  // The operator has no cmgr: no edit link.
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);

  // Storage: the expiries and the packaging table.
  await expect(page.getByRole('tab', { name: 'Storage', selected: true })).toBeVisible();
  await expect(page.getByText('Manufacturer expiry (days)')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Gross weight (kg)' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Barcodes' }).click();
  await expect(page).toHaveURL(/tab=barcodes/);
  await expect(page.getByRole('columnheader', { name: 'EAN', exact: true })).toBeVisible();
  await expect(rows(page).first().locator('td:nth-child(2)')).toHaveText(/^\d{13}$/);
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page.getByText('Commodity code')).toBeVisible();
  await expect(page.getByText('VAT rate (%)')).toBeVisible();
  await expectAccessible(page);

  // The refresh button reloads and keeps the tab.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
});

test('a catalog manager edits and saves a SKU', async ({ page }) => {
  await signIn(page, DEMO.admin, '/sku?q=NB-10');
  await expect(rows(page).first()).toBeVisible();
  const name = (await rows(page).first().locator('td:nth-child(4)').innerText()).trim();
  await page.getByRole('link', { name: `Open SKU ${name}` }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/sku\/edit\/\d+$/);
  await expect(page.getByRole('heading', { name: `Edit SKU: ${name}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'SKU', exact: true })).toHaveValue(new RegExp(name));
  await expectAccessible(page);

  // Storage: a temperature range the wrong way round is refused before saving.
  await page.getByRole('textbox', { name: 'Manufacturer expiry (days)' }).fill('123');
  await page.getByRole('textbox', { name: 'Receive temperature min (°C)' }).fill('8');
  await page.getByRole('textbox', { name: 'Receive temperature max (°C)' }).fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Must not be below the minimum temperature')).toBeVisible();
  await expect(page.getByText('Input form has errors. Please fix them before save!')).toBeVisible();
  await page.getByRole('textbox', { name: 'Receive temperature max (°C)' }).fill('12');

  // A new packaging line with its sizes.
  await page.getByRole('button', { name: 'Add line' }).click();
  const line = page.getByRole('group', { name: /^Line \d+$/ }).last();
  await line.getByRole('textbox', { name: 'Code' }).fill('CRATE');
  await line.getByRole('textbox', { name: 'Width (cm)' }).fill('40');
  await line.getByRole('textbox', { name: 'Height (cm)' }).fill('30');
  await line.getByRole('textbox', { name: 'Length (cm)' }).fill('60');
  await line.getByRole('textbox', { name: 'Gross weight (kg)' }).fill('12.5');

  // General: price and order step.
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByRole('textbox', { name: 'Price' }).fill('4.125');
  await page.getByRole('textbox', { name: 'Order qty step' }).fill('6');
  await expect(page.getByText('Input form has errors. Please fix them before save!')).toHaveCount(0, {
    timeout: 15_000,
  });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('SKU saved!')).toBeVisible();
  await expect(page).toHaveURL(/\/sku\/view\/\d+$/);
  await expect(shown(page, 'Manufacturer expiry (days)')).toHaveText('123');
  await expect(shown(page, 'Receive temperature max (°C)')).toHaveText('12');
  const crate = rows(page).filter({ hasText: 'CRATE' });
  await expect(crate.locator('td:nth-child(5)')).toHaveText('40 × 30 × 60');
  await expect(crate.locator('td:nth-child(6)')).toHaveText('72');
  await page.getByRole('tab', { name: 'General' }).click();
  await expect(shown(page, 'Price')).toHaveText('4.125');
  await expect(shown(page, 'Order qty step')).toHaveText('6');
});

test('the SKU editor is refused without the catalog permission', async ({ page }) => {
  await signIn(page, DEMO.manager, '/sku');
  await expect(rows(page).first()).toBeVisible();
  const href = await rows(page).first().getByRole('link').getAttribute('href');
  await page.goto((href as string).replace('/view/', '/edit/'));
  await expect(page.getByRole('alert')).toContainText(
    'Editing SKU data needs the catalog management permission.',
  );
  await expectAccessible(page);
});
