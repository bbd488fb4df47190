import type { Page } from '@playwright/test';
import { api, apiLogin, expectAccessible as checkAccessible, DEMO, expect, signIn, test } from './fixtures';
import { seedEmptyOrder } from './seed';

// Sign-ins hash passwords (argon2) on a machine shared with other work: allow for it.
test.describe.configure({ timeout: 180_000 });

/** axe on the screen as a person sees it: the pointer rests on no control (hover colours aside). */
async function expectAccessible(page: Page) {
  await page.mouse.move(720, 4);
  await checkAccessible(page);
}

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A draft purchase order of the manager's, made through the API. */
async function seedDraftOrder(page: Page, code: string): Promise<number> {
  return seedEmptyOrder(page, await apiLogin(page, DEMO.manager), 'purch', code);
}

/**
 * Ends the page's session on the server (as idle expiry or signing out elsewhere does) and clicks
 * Save right away, in one step inside the page: the app's own 10-second session check must not
 * notice first, or the dialog would already cover the button.
 */
async function endSessionAndSave(page: Page) {
  const ended = await page.evaluate(async () => {
    const token = window.localStorage.getItem('session_code');
    const response = await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `SessionCode ${token}` },
      body: '{}',
    });
    const save = [...document.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Save',
    );
    save?.click();
    return response.ok && save !== undefined;
  });
  expect(ended).toBe(true);
}

test('a session ended while editing asks for the password over the page, and the save goes through', async ({
  page,
}) => {
  const code = `E2E-SX-${suffix}`;
  const headId = await seedDraftOrder(page, code);
  await signIn(page, DEMO.manager, `/orders/purch/edit/${headId}`);
  await expect(page.getByRole('heading', { name: `Edit purchase order ${code}`, level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Truck number', exact: true }).fill('LV-4711');
  await page.getByRole('textbox', { name: 'Vendor reference', exact: true }).fill('Typed before expiry');

  await endSessionAndSave(page);

  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Sign in again as manager');
  // The page stays under the dialog, as typed.
  await expect(page).toHaveURL(new RegExp(`/orders/purch/edit/${headId}$`));
  await expect(page.getByRole('textbox', { name: 'Truck number', exact: true })).toHaveValue('LV-4711');
  await expectAccessible(page);

  // A wrong password is refused in the dialog, which stays.
  await dialog.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign in and continue' }).click();
  await expect(dialog.getByTestId('form-error')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Password' })).toHaveValue('');

  await dialog.getByRole('textbox', { name: 'Password' }).fill(DEMO.manager.password);
  await dialog.getByRole('button', { name: 'Sign in and continue' }).click();
  await expect(dialog).toHaveCount(0);
  // The save that was refused is made again: the order view shows what was typed.
  await expect(page).toHaveURL(new RegExp(`/orders/purch/view/${headId}$`));
  await expect(page.getByText('LV-4711').first()).toBeVisible();
  await expect(page.getByText('Typed before expiry').first()).toBeVisible();
  const token = await apiLogin(page, DEMO.manager);
  const order = await api<{ truck_number: string; vendor_reference: string }>(
    page,
    '/orders/purch/view_order',
    { head_id: headId },
    token,
  );
  expect(order).toMatchObject({ truck_number: 'LV-4711', vendor_reference: 'Typed before expiry' });

  // No draft is left behind once saved.
  await page.goto(`/orders/purch/edit/${headId}`);
  await expect(page.getByRole('textbox', { name: 'Truck number', exact: true })).toHaveValue('LV-4711');
  await expect(page.getByTestId('draft-note')).toHaveCount(0);
});

test('unsaved order and comment drafts come back after a reload until discarded', async ({ page }) => {
  const code = `E2E-DR-${suffix}`;
  const headId = await seedDraftOrder(page, code);
  await signIn(page, DEMO.manager, `/orders/purch/edit/${headId}`);
  const truck = page.getByRole('textbox', { name: 'Truck number', exact: true });
  await expect(truck).toBeVisible();
  await truck.fill('DRAFT-1');
  // The draft is written a moment after typing stops.
  await expect
    .poll(() => page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith('draft:'))))
    .toHaveLength(1);

  await page.reload();
  await expect(page.getByTestId('draft-note')).toBeVisible();
  await expect(page.getByTestId('draft-note')).toContainText('Unsaved changes typed at');
  await expect(truck).toHaveValue('DRAFT-1');
  await expectAccessible(page);
  await page.getByTestId('draft-note').getByRole('button', { name: 'Discard changes' }).click();
  await expect(truck).toHaveValue('');
  await expect(page.getByTestId('draft-note')).toHaveCount(0);
  await page.reload();
  await expect(truck).toHaveValue('');
  await expect(page.getByTestId('draft-note')).toHaveCount(0);

  // The comment form of the order keeps its text the same way, until it is sent.
  await page.goto(`/orders/purch/view/${headId}`);
  const discussion = page.getByTestId('order-discussion');
  const message = discussion.getByRole('textbox', { name: 'Message' });
  await message.fill('Half-written note about the truck');
  await expect
    .poll(() => page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith('draft:'))))
    .toHaveLength(1);
  await page.reload();
  await expect(message).toHaveValue('Half-written note about the truck');
  await expect(discussion.getByTestId('draft-note')).toBeVisible();
  await discussion.getByRole('button', { name: 'Send' }).click();
  await expect(discussion.getByTestId('draft-note')).toHaveCount(0);
  await expect(message).toHaveValue('');
  await page.reload();
  await expect(discussion.getByText('Half-written note about the truck')).toBeVisible();
  await expect(message).toHaveValue('');
});

test('the new order and new discussion forms keep what is typed across a reload', async ({ page }) => {
  const drafts = () =>
    page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith('draft:')));
  const code = `E2E-ADD-DR-${suffix}`;
  await signIn(page, DEMO.manager, '/orders/purch/add');
  const external = page.getByRole('textbox', { name: 'External code', exact: true });
  await expect(external).toBeVisible();
  // The manager's consignee chosen for them is no typing: no draft, no note on a reload.
  await page.reload();
  await expect(external).toBeVisible();
  await expect(page.getByTestId('draft-note')).toHaveCount(0);
  const consignee = page.getByRole('combobox', { name: 'Consignee', exact: true });
  await consignee.click();
  await page.getByRole('option', { name: 'Baltic Foods Retail' }).click();
  await external.fill(code);
  await expect.poll(drafts).toHaveLength(1);
  await page.reload();
  await expect(external).toHaveValue(code);
  await expect(consignee).toHaveValue('Baltic Foods Retail');
  await expect(page.getByTestId('draft-note')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/orders\/purch\/edit\/\d+$/);
  await expect.poll(drafts).toHaveLength(0);
  await page.goto('/orders/purch/add');
  await expect(external).toHaveValue('');
  await expect(page.getByTestId('draft-note')).toHaveCount(0);

  await page.goto('/discussions/add/normal');
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill(`Draft thread ${suffix}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('Started before lunch');
  await expect.poll(drafts).toHaveLength(1);
  await page.reload();
  await expect(name).toHaveValue(`Draft thread ${suffix}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Started before lunch');
  await page.getByTestId('draft-note').getByRole('button', { name: 'Discard changes' }).click();
  await expect(name).toHaveValue('');
  await expect.poll(drafts).toHaveLength(0);
});

test('signing out from the dialog keeps the draft for the next sign-in', async ({ page }) => {
  const code = `E2E-SO-${suffix}`;
  const headId = await seedDraftOrder(page, code);
  await signIn(page, DEMO.manager, `/orders/purch/edit/${headId}`);
  const truck = page.getByRole('textbox', { name: 'Truck number', exact: true });
  await truck.fill('KEPT-7');
  await expect
    .poll(() => page.evaluate(() => Object.keys(window.sessionStorage).filter((k) => k.startsWith('draft:'))))
    .toHaveLength(1);

  await endSessionAndSave(page);
  const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  await page.getByRole('textbox', { name: /username/i }).fill(DEMO.manager.username);
  await page.getByRole('textbox', { name: /password/i }).fill(DEMO.manager.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/purch/edit/${headId}$`));
  await expect(truck).toHaveValue('KEPT-7');
  await expect(page.getByTestId('draft-note')).toBeVisible();
});
