import { api, apiLogin, DEMO, dismissToasts, expect, expectAccessible, signIn, test } from './fixtures';

// Saved views (issue 34): saved from a list in one language, opened in another, pinned on the
// dashboard with the count its list shows.

test('a view saved in English opens in Russian and counts its orders on the dashboard', async ({ page }) => {
  // Three screens, two languages and a pin: more than a one-screen test on a busy machine.
  test.slow();
  const name = `Drafts by status ${Date.now()}`;
  await signIn(page, DEMO.manager, '/orders/purch?progress=draft&sort=-status');
  await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Views' }).click();
  const menu = page.getByRole('group', { name: 'Saved views of this list' });
  await expect(menu).toBeVisible();
  await expectAccessible(page);
  await menu.getByRole('button', { name: 'Save current view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('switch', { name: 'Share with the users of my companies' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`View “${name}” saved`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await dismissToasts(page);

  // The same list without the filter, in Russian.
  await page.evaluate(() => window.localStorage.setItem('lang', 'ru'));
  await page.goto('/orders/purch');
  await expect(page.getByRole('heading', { name: 'Заказы на закупку', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Представления' }).click();
  const ruMenu = page.getByRole('group', { name: 'Сохранённые представления этого списка' });
  await expect(ruMenu.getByText('Мои представления')).toBeVisible();
  await expectAccessible(page);
  await ruMenu.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await expect(page).toHaveURL(/\/orders\/purch\?(?=.*progress=draft)(?=.*sort=-status)/);
  await expect(page.getByText(`Открыто представление «${name}»`)).toBeVisible();
  await dismissToasts(page);

  await page.getByRole('button', { name: 'Представления' }).click();
  await ruMenu.getByRole('button', { name: `Закрепить «${name}» на главной странице` }).click();
  await expect(page.getByText(`«${name}» закреплено на главной странице`)).toBeVisible();
  await page.keyboard.press('Escape');
  await dismissToasts(page);

  const token = await apiLogin(page, DEMO.manager);
  const drafts = await api<{ total: number }>(
    page,
    '/orders/purch/list_orders',
    { filters: { progress: 'draft', is_template: false }, count: 1, with_total: true },
    token,
  );
  await page.goto('/');
  const card = page.getByTestId('pinned-view').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Заказы на закупку')).toBeVisible();
  const count = card.getByTestId('pinned-view-count');
  await expect.poll(async () => (await count.innerText()).replace(/\D/g, '')).toBe(String(drafts.total));
  await expectAccessible(page);

  await card
    .getByRole('button', { name: new RegExp(name) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/orders\/purch\?(?=.*progress=draft)(?=.*sort=-status)/);
  await expect(page.getByRole('heading', { name: 'Заказы на закупку', level: 1 })).toBeVisible();
  await dismissToasts(page);

  // Deleted by its owner: gone from the menu and from the dashboard.
  await page.getByRole('button', { name: 'Представления' }).click();
  await ruMenu.getByRole('button', { name: `Удалить представление «${name}»` }).click();
  await page.getByRole('button', { name: 'Удалить', exact: true }).click();
  await expect(page.getByText(`Представление «${name}» удалено`)).toBeVisible();
  const left = await api<{ items: Array<{ name: string }> }>(
    page,
    '/views/list_views',
    { list: 'purch_orders' },
    token,
  );
  expect(left.items.map((view) => view.name)).not.toContain(name);
});
