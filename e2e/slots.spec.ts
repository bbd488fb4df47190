import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { api, apiLogin, DEMO, dismissToasts, expect, expectAccessible, test } from './fixtures';
import { isoDay, seedSalesOrder } from './seed';
import { SERVER_ENV } from './server-env';

// A clerk books the truck of an order into a dock slot, moves it and cancels it from the order's
// view, and opens the delivery note the warehouse sent about the order: in English and Latvian.

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../contract/src/locales');

/** The text of a locale key, as the screen shows it (placeholders left as they are). */
function textOf(lang: string, key: string): string {
  let node: string | Tree = JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as Tree;
  for (const part of key.split('.')) node = (node as Tree)[part]!;
  return node as string;
}

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** Sends a document about an order as the warehouse does: multipart, signed over the raw body. */
async function postDocument(page: Page, headId: number, name: string) {
  const boundary = `----e2e${suffix}`;
  const meta = JSON.stringify({
    event_id: `e2e-doc-${suffix}-${headId}`,
    order: { kind: 'sales', head_id: headId },
    type: 'delivery_note',
    name,
  });
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n${meta}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SERVER_ENV.WMS_SECRET)
    .update(`${timestamp}.`)
    .update(body)
    .digest('hex');
  const response = await page.request.post('/api/wms/documents', {
    data: body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-wms-timestamp': timestamp,
      'x-wms-signature': `sha256=${signature}`,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // Every day of the first location has slots from 06:00 to 22:00, three docks each.
  const page = await browser.newPage();
  const admin = await apiLogin(page, DEMO.admin);
  const locations = await api<{ items: { location_id: number }[] }>(
    page,
    '/catalogs/location/list',
    { filters: {}, count: 1 },
    admin,
  );
  const saved = await api<{ failure?: unknown }>(
    page,
    '/slots/set_schedule',
    {
      location_id: locations.items[0]!.location_id,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      from: '06:00',
      to: '22:00',
      minutes: 60,
      capacity: 3,
    },
    admin,
  );
  expect(saved.failure).toBeUndefined();
  await page.close();
});

for (const lang of ['en', 'lv']) {
  test(`books, moves and cancels a dock slot and opens the warehouse's delivery note (${lang})`, async ({
    page,
  }) => {
    test.slow();
    const t = (key: string) => textOf(lang, key);
    const token = await apiLogin(page, DEMO.manager);
    const code = `E2E-SLOT-${lang}-${suffix}`;
    const headId = await seedSalesOrder(page, token, { code, price: '1.000', deliveryDate: isoDay(7) });
    const documentName = `delivery-note-${code}.pdf`;
    await postDocument(page, headId, documentName);

    await page.goto('/config.json');
    await page.evaluate(
      ([session, language]) => {
        window.localStorage.setItem('session_code', session!);
        window.localStorage.setItem('lang', language!);
      },
      [token, lang],
    );
    await page.goto(`/orders/sales/view/${headId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const slotText = page.getByTestId('order-slot');
    await expect(slotText).toHaveText(t('slots.order.none'));

    // Book: next week has slots to come whatever the day today.
    await page.getByRole('button', { name: t('slots.order.book') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('slots.nextWeek') }).click();
    await expect(dialog.getByTestId('slot-pick').first()).toBeVisible();
    await expectAccessible(page);
    await dialog.getByTestId('slot-pick').first().click();
    await expect(dialog).toBeHidden();
    await expect(slotText).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2}$/);
    const booked = await slotText.textContent();
    await dismissToasts(page);

    // Move: another slot of the same week.
    await page.getByRole('button', { name: t('slots.order.move') }).click();
    await dialog.getByRole('button', { name: t('slots.nextWeek') }).click();
    await dialog
      .getByTestId('slot-pick')
      .filter({ hasNotText: t('slots.yours') })
      .first()
      .click();
    await expect(dialog).toBeHidden();
    await expect(slotText).not.toHaveText(booked!);
    await expect(slotText).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}–\d{2}:\d{2}$/);
    await dismissToasts(page);

    // Cancel, after saying yes.
    await page.getByRole('button', { name: t('slots.order.cancel') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('slots.order.cancel') })
      .click();
    await expect(slotText).toHaveText(t('slots.order.none'));
    await dismissToasts(page);

    // The warehouse's delivery note is listed and opens as the file it sent.
    const documents = page.getByTestId('order-documents');
    await expect(documents).toContainText(t('orders.documentType.delivery_note'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      documents.getByRole('button', { name: documentName }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(documentName);
    await expectAccessible(page);
  });
}

test('the week of a location shows each slot with its free docks', async ({ page }) => {
  const token = await apiLogin(page, DEMO.operator);
  await page.goto('/config.json');
  await page.evaluate((session) => window.localStorage.setItem('session_code', session), token);
  await page.goto('/slots');
  await expect(page.getByRole('heading', { name: 'Dock slots', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Location', exact: true }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByTestId('slot-cell').first()).toContainText(/free|Full/);
  await expectAccessible(page);
});
