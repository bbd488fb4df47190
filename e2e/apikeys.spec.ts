import { type Page, test } from '@playwright/test';
import { DEMO, dismissToasts, expect, expectAccessible, signIn } from './fixtures';

// API keys under Management: a manager makes a key, sees its secret once, a client's system uses
// it against the API, and once revoked it is refused.

/** A call the way a client's system makes it: plain fetch with the key, no session. */
async function callWithKey(page: Page, path: string, secret: string): Promise<number> {
  return page.evaluate(
    async ({ path, secret }) => {
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: '{}',
      });
      return response.status;
    },
    { path, secret },
  );
}

test('a manager makes an API key, sees its secret once, and revokes it', async ({ page }) => {
  const name = `ERP ${Date.now().toString(36)}`;
  await signIn(page, DEMO.manager);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('checkbox', { name: 'Reports' }).check();
  await form.getByRole('checkbox', { name: 'Purchase orders' }).check();
  // User management is never offered to a key.
  await expect(form.getByRole('checkbox', { name: 'Manage users' })).toHaveCount(0);
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = (await shown.getByTestId('api-key-secret').innerText()).trim();
  expect(secret).toMatch(/^exk_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByText('it is shown only this once')).toBeVisible();
  await expectAccessible(page);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  await expect(row).toContainText(secret.slice(-4));
  // The list never shows the secret again.
  expect(await page.content()).not.toContain(secret);

  // A client's system uses it: within its permissions, and not beyond them.
  expect(await callWithKey(page, '/reports/list_reports', secret)).toBe(200);
  expect(await callWithKey(page, '/orders/purch/list_orders', secret)).toBe(200);
  expect(await callWithKey(page, '/orders/sales/list_orders', secret)).toBe(403);
  expect(await callWithKey(page, '/auth/list_users', secret)).toBe(403);
  // Nor the manager's own discussions: the key was not given their personal data.
  expect(await callWithKey(page, '/discussions/list_discussion_private', secret)).toBe(403);

  await page.reload();
  await expect(row).not.toContainText('Never');

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Key “${name}” revoked`)).toBeVisible();
  await dismissToasts(page);
  await expect(row).toHaveCount(0);

  await page.getByText('All', { exact: true }).click();
  await expect(row).toContainText('Revoked');
  await expectAccessible(page);

  expect(await callWithKey(page, '/reports/list_reports', secret)).toBe(401);
});

test("a key given the manager's personal data reads their discussions, and says so in the list", async ({
  page,
}) => {
  const name = `Mail bridge ${Date.now().toString(36)}`;
  await signIn(page, DEMO.manager);
  await page.goto('/apikeys');
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.getByRole('dialog', { name: 'New API key' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  const personal = form.getByRole('checkbox', { name: 'Personal data' });
  await expect(personal).not.toBeChecked();
  await personal.check();
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const secret = (await shown.getByTestId('api-key-secret').innerText()).trim();
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Personal data');
  expect(await callWithKey(page, '/discussions/list_discussion_private', secret)).toBe(200);
  // Still nothing of the company a permission guards, and never the manager's sessions.
  expect(await callWithKey(page, '/orders/purch/list_orders', secret)).toBe(403);
  expect(await callWithKey(page, '/auth/list_sessions', secret)).toBe(403);
});

test('an operator without user management has no API keys screen', async ({ page }) => {
  await signIn(page, DEMO.operator);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'API keys' }),
  ).toHaveCount(0);
  await page.goto('/apikeys');
  await expect(page.getByRole('alert')).toHaveText('Managing API keys needs the permission to manage users.');
});
