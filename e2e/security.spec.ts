import { type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { api, apiLogin, DEMO, expect, expectAccessible, login } from './fixtures';

// The second factor (turned on, signing in with it and with a recovery code), the
// sessions a user sees and ends, and an administrator's reset. Each test makes a user of its own:
// the demo users sign in beside this spec and must keep signing in without a code.

const PASSWORD = 'Amber-Lighthouse-93';
/** The authenticator's time step (RFC 6238's default, the server's). */
const STEP_SECONDS = 30;

/** A fresh user of a demo company whose first password change is done, ready to sign in. */
async function readyUser(page: Page) {
  const admin = await apiLogin(page, DEMO.admin);
  const companies = await api<{ items: Array<{ company_id: number }> }>(
    page,
    '/auth/list_linked_companies',
    { filters: { smart: 'Baltic Foods' }, page: 0, count: 1 },
    admin,
  );
  const username = `e2e-2fa-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const first = 'Temporary-Harbour-71';
  const created = await api<{ user_id: number }>(
    page,
    '/auth/add_user',
    { username, password: first, password_conf: first, role: 1, companies: [companies.items[0]!.company_id] },
    admin,
  );
  const limited = await apiLogin(page, { username, password: first });
  await api(
    page,
    '/auth/change_password_self',
    { password_old: first, password_new: PASSWORD, password_conf: PASSWORD },
    limited,
  );
  return { userId: created.user_id, username, password: PASSWORD, admin };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

/** Turns the second factor on from the profile; answers the secret and the recovery codes. */
async function turnOn(page: Page, userPassword: string) {
  await page.goto('/auth/users/profile');
  const section = page.getByRole('region', { name: 'Sign-in security' });
  await expect(section.getByTestId('second-factor-status')).toHaveText('Off');
  await section.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set up the second factor' });
  await expect(dialog.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
  await expectAccessible(page);
  // The current step's code, filled afresh before each try. A code of the step before would be
  // valid for what is left of this step only (the server takes a step either side), and a slow
  // try could reach the server after it. Each step's code is accepted once: the sign-in that
  // follows uses a later step's (nextCode).
  const code = dialog.getByRole('textbox', { name: 'Code the app shows now' });
  let filledStep = 0;
  const fillCode = async () => {
    const now = Math.floor(Date.now() / 1000);
    filledStep = Math.floor(now / STEP_SECONDS);
    await code.fill(await generate({ secret, epoch: now }));
  };
  const password = dialog.getByRole('textbox', { name: 'Your password' });
  const turnOnButton = dialog.getByRole('button', { name: 'Turn on' });
  // Turning it on asks for the password too: a session alone must not bind the account to a phone.
  await fillCode();
  await turnOnButton.click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await password.fill('not-my-password-1');
  await turnOnButton.click();
  await expect(dialog.getByRole('alert')).toContainText('Wrong password');
  await fillCode();
  await password.fill(userPassword);
  await turnOnButton.click();
  const list = dialog.getByTestId('recovery-codes');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  await dialog.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('second-factor-status')).toHaveText('On');
  return { secret, recoveryCodes, usedStep: filledStep };
}

/**
 * A code the server takes after the step `usedStep` was used: the current step's, or the next
 * one's while the current step is the used one (the server takes a step either side of now).
 */
function nextCode(secret: string, usedStep: number) {
  const now = Math.floor(Date.now() / 1000);
  return generate({ secret, epoch: Math.max(now, (usedStep + 1) * STEP_SECONDS) });
}

test('a user turns the second factor on and signs in with a code, then with a recovery code', async ({
  page,
}) => {
  const user = await readyUser(page);
  await login(page, user);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const { secret, recoveryCodes, usedStep } = await turnOn(page, user.password);
  await signOut(page);

  await login(page, user);
  await expect(page.getByText(/enter the 6-digit code/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Code from the authenticator app' }).fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The code is not valid');
  await page
    .getByRole('textbox', { name: 'Code from the authenticator app' })
    .fill(await nextCode(secret, usedStep));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await signOut(page);

  await login(page, user);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('a user ends their other sessions, and an administrator resets a lost second factor', async ({
  page,
  browser,
}) => {
  const user = await readyUser(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await login(otherPage, user);
    await expect(otherPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await login(page, user, '/login?redirectTo=%2Fauth%2Fusers%2Fprofile');
    const table = page.getByTestId('sessions-table');
    await expect(table.getByText('This device')).toBeVisible();
    await expect(table.getByRole('button', { name: /^End the session on/ }).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'End all other sessions' }).click();
    const dialog = page.getByRole('dialog', { name: 'End all other sessions' });
    await dialog.getByRole('button', { name: 'End all other sessions' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);

    // The other browser is signed out at its next call.
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    await turnOn(page, user.password);
    await login(otherPage, DEMO.admin, `/login?redirectTo=%2Fauth%2Fusers%2Fprofile%2F${user.userId}`);
    const banner = otherPage.getByTestId('banner-second-factor');
    await expect(banner).toContainText('Signs in with a second factor');
    await banner.getByRole('button', { name: 'Reset second factor' }).click();
    await banner.getByRole('button', { name: 'Turn it off and end the sessions' }).click();
    await expect(banner).toContainText('Signs in without a second factor');

    // The user's session ended with the reset; they sign in again with the password alone.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await login(page, user);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  } finally {
    await other.close();
  }
});
