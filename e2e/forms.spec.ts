import type { Page } from '@playwright/test';
import { apiLogin, DEMO, expect, expectAccessible, NAVIGATION_TIMEOUT, signIn, test } from './fixtures';
import { seedEmptyOrder } from './seed';

// Forms never change or drop what was typed without a word: unreadable dates stay with an error,
// a minus where nothing may be negative is refused with a message, ranges are checked both ways.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
let orders = 0;

async function draftOrder(page: Page): Promise<number> {
  const token = await apiLogin(page, DEMO.operator);
  return seedEmptyOrder(page, token, 'purch', `E2E-FORM-${suffix}-${++orders}`);
}

test('a date the form cannot read stays as typed with an error, and the order is not saved with it', async ({
  page,
}) => {
  const headId = await draftOrder(page);
  await signIn(page, DEMO.operator, `/orders/purch/edit/${headId}`);
  await expect(page.getByRole('heading', { name: /Edit purchase order/, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  const date = page.getByRole('textbox', { name: 'Delivery date', exact: true });
  await date.fill('15/01/2027');
  await date.press('Tab');
  await expect(date).toHaveValue('15/01/2027');
  await expect(page.getByText('“15/01/2027” is not a date: type it as DD.MM.YYYY')).toBeVisible();
  await expect(date).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/purch/edit/${headId}$`));
  await expect(date).toHaveValue('15/01/2027');

  // A real date that is past is kept too, saying which day is the first allowed.
  await date.fill('01.01.2020');
  await date.press('Tab');
  await expect(date).toHaveValue('01.01.2020');
  await expect(page.getByText(/The date cannot be before \d{2}\.\d{2}\.\d{4}/)).toBeVisible();
});

test('a minus is refused with a message where no value may be negative, and the value stays', async ({
  page,
}) => {
  const headId = await draftOrder(page);
  await signIn(page, DEMO.operator, `/orders/purch/edit/${headId}`);
  await expect(page.getByRole('heading', { name: /Edit purchase order/, level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await page.getByRole('button', { name: 'Add line' }).click();
  const quantity = page
    .getByTestId('order-line')
    .first()
    .getByRole('textbox', { name: 'Quantity', exact: true });
  await quantity.click();
  await quantity.press('-');
  await expect(page.getByText('The value cannot be negative')).toBeVisible();
  await expect(quantity).toHaveValue('');
  // The next digit is taken, and the message goes.
  await quantity.pressSequentially('50');
  await expect(quantity).toHaveValue('50');
  await expect(page.getByText('The value cannot be negative')).toHaveCount(0);
});

test('a list date range cannot be reversed in either direction', async ({ page }) => {
  await signIn(page, DEMO.operator, '/orders/purch');
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  const from = page.getByRole('textbox', { name: 'Created from', exact: true });
  const to = page.getByRole('textbox', { name: 'Created to', exact: true });
  await to.fill('10.01.2026');
  await to.press('Tab');
  await expect(page).toHaveURL(/to=2026-01-10/);
  await from.fill('20.01.2026');
  await from.press('Tab');
  await expect(from).toHaveValue('20.01.2026');
  await expect(page.getByText('The date cannot be after 10.01.2026')).toBeVisible();

  await page.goto('/orders/purch?from=2026-02-01');
  await to.fill('15.01.2026');
  await to.press('Tab');
  await expect(to).toHaveValue('15.01.2026');
  await expect(page.getByText('The date cannot be before 01.02.2026')).toBeVisible();
});
