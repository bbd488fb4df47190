import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiLogin, DEMO, dismissToasts, expect, expectAccessible, signIn, test } from './fixtures';
import { isoDay, seedSalesOrder } from './seed';

// A clerk selects orders in a list and sets them ready at once; the one that cannot be is listed
// with its reason and a link to it. In English and Latvian.

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contract/src/locales');

/** A locale text as the screen shows it, with these values put in. */
function textOf(lang: string, key: string, values: Record<string, string> = {}): string {
  let node: string | Tree = JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as Tree;
  for (const part of key.split('.')) node = (node as Tree)[part]!;
  return Object.entries(values).reduce(
    (text, [name, value]) => text.replace(new RegExp(`{{${name}(, number)?}}`), value),
    node as string,
  );
}

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The screens in this language from the next page on (the app reads it at start). */
async function inLanguage(page: Page, lang: 'en' | 'lv') {
  await page.goto('/config.json');
  await page.evaluate((value) => window.localStorage.setItem('lang', value), lang);
}

for (const lang of ['en', 'lv'] as const) {
  test(`sets three selected orders ready and lists the one refused, in ${lang}`, async ({ page }) => {
    test.slow();
    const token = await apiLogin(page, DEMO.operator);
    const prefix = `MANY-${lang}-${suffix}`;
    const ready = [`${prefix}-A`, `${prefix}-B`];
    const undated = `${prefix}-C`;
    for (const code of ready)
      await seedSalesOrder(page, token, { code, price: '1.00', deliveryDate: isoDay(7) });
    const undatedId = await seedSalesOrder(page, token, { code: undated, price: '1.00', deliveryDate: null });

    await inLanguage(page, lang);
    await signIn(page, DEMO.operator, `/orders/sales?q=${prefix}`);
    const t = (key: string, values?: Record<string, string>) => textOf(lang, key, values);
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(3, { timeout: 30_000 });

    for (const code of [...ready, undated]) {
      const box = page.getByRole('checkbox', { name: t('orders.many.selectRow', { code }), exact: true });
      await box.focus();
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    const bar = page.getByRole('region', { name: t('orders.many.region') });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(t('orders.many.selected', { count: '3' }));
    await expectAccessible(page);

    await bar.getByRole('button', { name: t('orders.many.setReady'), exact: true }).click();
    const outcome = page.getByTestId('many-outcome');
    await expect(outcome).toContainText(t('orders.many.done.setReady', { done: '2', count: '3' }));
    const refused = outcome.getByTestId('many-refused').getByRole('listitem');
    await expect(refused).toHaveCount(1);
    const link = refused.getByRole('link', { name: undated, exact: true });
    await expect(link).toHaveAttribute('href', `/orders/sales/view/${undatedId}`);
    await expect(refused).toContainText(textOf(lang, 'errors.order_incomplete'));
    // The orders done leave the selection; the refused one stays selected, to be fixed.
    await expect(bar).toContainText(t('orders.many.selected', { count: '1' }));
    await expect(
      page.getByRole('checkbox', { name: t('orders.many.selectRow', { code: undated }), exact: true }),
    ).toBeChecked();
    // The list shows the orders done moved on (the warehouse may have taken them already).
    const movedOn = new RegExp(['ready', 'sent', 'sync'].map((p) => t(`orders.progress.${p}`)).join('|'));
    for (const code of ready) await expect(rows.filter({ hasText: code })).toContainText(movedOn);
    await dismissToasts(page);
    await expectAccessible(page);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`/orders/sales/view/${undatedId}$`));
  });
}
