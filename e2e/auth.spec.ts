import { api, apiLogin, expectAccessible as checkAccessible, DEMO, expect, login, test } from './fixtures';

// Sign-ins hash passwords (argon2) on a machine shared with other work: allow for it.
test.describe.configure({ timeout: 180_000 });

/** axe on the screen as a person sees it: the pointer rests on no control (hover colours aside). */
async function expectAccessible(page: import('@playwright/test').Page) {
  await page.mouse.move(720, 4);
  await checkAccessible(page);
}

// Sign-in, the guard, the forced password change, logout, language and the menu.

const unique = () => `e2e-auth-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** A fresh user made by the administrator: its password is expired, so its session is limited. */
async function createUser(page: import('@playwright/test').Page, password: string) {
  const admin = await apiLogin(page, DEMO.admin);
  const companies = await api<{ items: Array<{ company_id: number; name: string }> }>(
    page,
    '/auth/list_linked_companies',
    { filters: { smart: 'Baltic Foods' }, page: 0, count: 1 },
    admin,
  );
  const username = unique();
  const created = await api<{ user_id: number }>(
    page,
    '/auth/add_user',
    { username, password, password_conf: password, role: 1, companies: [companies.items[0]!.company_id] },
    admin,
  );
  expect(created.user_id).toBeGreaterThan(0);
  return { username, password };
}

test('a failed login clears the password and shows the server message', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue('nobody-here');
  await expectAccessible(page);
});

test('signing in lands on the dashboard', async ({ page }) => {
  await login(page, DEMO.operator);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expectAccessible(page);
});

test('the wanted page is reached after signing in (redirectTo)', async ({ page }) => {
  await page.goto('/support');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsupport$/);
  await page.getByRole('textbox', { name: 'Username' }).fill(DEMO.operator.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
});

test('a limited session is forced to change the password and goes on after the change', async ({ page }) => {
  const user = await createUser(page, 'first-password-1');
  await page.goto('/stock');
  await page.getByRole('textbox', { name: 'Username' }).fill(user.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/passreset\?redirectTo=%2Fstock$/);
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await expectAccessible(page);
  // The workplace stays closed while the session is limited.
  await page.goto('/');
  await expect(page).toHaveURL(/\/passreset$/);

  await page.getByRole('textbox', { name: 'Current password' }).fill(user.password);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password-2');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('other-password-3');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords must be identical')).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('second-password-2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // passreset is only for a limited session.
  await page.goto('/passreset');
  await expect(page).toHaveURL(/\/$/);
});

test('logout ends the session', async ({ page }) => {
  await login(page, DEMO.operator);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('session_code'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});

test('the chosen language survives a reload', async ({ page }) => {
  await login(page, DEMO.operator);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  await expect(page.getByRole('heading', { name: 'Главная', level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Главная', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Меню учётной записи' }).click();
  await page.getByRole('menuitem', { name: 'Latviešu' }).click();
  await expect(page.getByRole('heading', { name: 'Sākums', level: 1 })).toBeVisible();
});

test('an unknown path shows the not-found page, signed in or not', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expectAccessible(page);
  await login(page, DEMO.operator, '/login');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/orders/nothing/here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page);
});

const MENUS = {
  admin: { shown: ['Users', 'Purchase', 'Sales', 'Stock', 'Reports', 'Discussions'], hidden: [] },
  manager: { shown: ['Users', 'Purchase', 'Sales', 'Stock', 'Reports', 'Discussions'], hidden: [] },
  operator: { shown: ['Purchase', 'Sales', 'Stock', 'Discussions'], hidden: ['Users', 'Reports'] },
} as const;

for (const account of ['admin', 'manager', 'operator'] as const) {
  test(`the menu of ${account} follows its permissions`, async ({ page }) => {
    await login(page, DEMO[account]);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    for (const name of MENUS[account].shown) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    for (const name of MENUS[account].hidden) {
      await expect(menu.getByRole('link', { name, exact: true })).toHaveCount(0);
    }
    await expectAccessible(page);
  });
}
