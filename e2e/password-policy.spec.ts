import { api, apiLogin, DEMO, expect, expectAccessible, login, test } from './fixtures';

// A new password is judged as it is typed, with the server's own rule, and
// the server's refusal says the same reason.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('the new user form tells why a password would be refused before it is sent', async ({ page }) => {
  await login(page, DEMO.admin, '/login?redirectTo=%2Fauth%2Fusers%2Fadd');
  await expect(page.getByRole('heading', { name: 'New user', level: 1 })).toBeVisible();
  const username = `policy-${suffix}`;
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const note = page.getByTestId('password-policy');

  await password.fill('Xy7!q');
  await expect(note).toContainText('The password must have at least 10 characters');
  await password.fill(' '.repeat(10));
  await expect(note).toContainText('The password must not be only spaces');
  await password.fill(`${username}-2026`);
  await expect(note).toContainText('The password must not contain the username');
  // The dictionaries come in on the first full check.
  await password.fill('password12');
  await expect(note).toContainText('This password is among the most used ones and is guessed first');
  await expect(note).toContainText('This is a commonly used password.');
  await password.fill('1234567890');
  await expect(note).toContainText('This password is among the most used ones');
  await password.fill('Summer2024!');
  await expect(note).toContainText('This password is too easy to guess');
  // The note is the field's description, read out with it.
  await expect(password).toHaveAccessibleDescription(/too easy to guess/);
  await expectAccessible(page);

  // Sent anyway, the server refuses it with the same reason.
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Summer2024!');
  await page.getByRole('combobox', { name: 'Companies', exact: true }).click();
  await page.getByRole('option', { name: 'Baltic Foods SIA', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('This password is too easy to guess');

  await password.fill('amber-lantern-quietly-93');
  await expect(note).toHaveText('Strong enough');
});

test('the forced password change says why in the user’s language', async ({ page }) => {
  const token = await apiLogin(page, DEMO.admin);
  const username = `policy-ru-${suffix}`;
  const companies = await api<{ items: { company_id: number; name: string }[] }>(
    page,
    '/auth/list_linked_companies',
    { filters: {}, count: 100 },
    token,
  );
  const added = await api<{ user_id: number }>(
    page,
    '/auth/add_user',
    {
      username,
      password: 'granite-meadow-sparrow-4',
      password_conf: 'granite-meadow-sparrow-4',
      role: 1,
      companies: [companies.items[0]!.company_id],
    },
    token,
  );
  expect(added.user_id).toEqual(expect.any(Number));

  await login(page, { username, password: 'granite-meadow-sparrow-4' });
  await expect(page).toHaveURL(/\/passreset$/);
  await page.evaluate(() => window.localStorage.setItem('lang', 'ru'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/парол/i);
  const password = page.locator('input[autocomplete="new-password"]').first();
  await password.fill('qwertyuiop');
  const note = page.getByTestId('password-policy');
  await expect(note).toContainText('Этот пароль — один из самых распространённых, его подбирают первым');
  await password.fill('amber-lantern-quietly-93');
  await expect(note).toHaveText('Достаточно надёжный');
});
