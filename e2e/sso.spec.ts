import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startOidcProvider, type TestOidcProvider } from '../server/src/test/oidc-provider';
import { DEMO, expectAccessible, NAVIGATION_TIMEOUT } from './fixtures';
import { SERVER_ENV } from './server-env';

// Single sign-on in a real browser: a server of its own (the shared one has no provider set up),
// a real OpenID provider (oidc-provider) in this process, and the whole trip between them.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let provider: TestOidcProvider;
let server: ChildProcess;
let baseURL: string;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  dataDir = path.join(root, '.tmp', `e2e-sso-${port}`);
  provider = await startOidcProvider({ redirectUris: [`${baseURL}/api/auth/sso/callback`] });
  provider.accounts.set('sub-operator', { email: 'operator@example.com', email_verified: true });
  provider.accounts.set('sub-stranger', { email: 'stranger@example.com', email_verified: true });
  server = spawn(process.execPath, ['scripts/start.mjs', '--port', String(port), '--data-dir', dataDir], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...SERVER_ENV,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_REDIRECT_URL: `${baseURL}/api/auth/sso/callback`,
      OIDC_DISPLAY_NAME: 'Acme ID',
    },
  });
  await expect
    .poll(async () => (await fetch(`${baseURL}/config.json`).catch(() => undefined))?.ok ?? false, {
      timeout: 170_000,
    })
    .toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await provider?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('signs in through the provider and lands on the dashboard', async ({ page }) => {
  await page.goto(`${baseURL}/login`);
  await page.getByRole('link', { name: 'Sign in with Acme ID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByRole('textbox', { name: 'Account' }).fill('sub-operator');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  // The one-time code is gone from the address; the session is the app's usual one.
  expect(page.url()).toBe(`${baseURL}/`);
  expect(await page.evaluate(() => localStorage.getItem('session_code'))).toBeTruthy();
  await expectAccessible(page);
});

test('refuses a person the extranet does not know, in Russian', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('lang', 'ru'));
  await page.goto(`${baseURL}/login`);
  await page.getByRole('link', { name: 'Войти через Acme ID' }).click();
  await page.getByRole('textbox', { name: 'Account' }).fill('sub-stranger');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Для этой учётной записи нет пользователя. Обратитесь к администратору.',
    { timeout: NAVIGATION_TIMEOUT },
  );
  expect(page.url()).toBe(`${baseURL}/login`);
  await expectAccessible(page);
});

test('a company that requires single sign-on refuses its users passwords, in Latvian too', async ({
  browser,
}) => {
  const admin = await browser.newPage();
  await admin.goto(`${baseURL}/login`);
  await admin.getByRole('textbox', { name: 'Username' }).fill(DEMO.admin.username);
  await admin.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.admin.password);
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({
    timeout: NAVIGATION_TIMEOUT,
  });
  await admin.goto(`${baseURL}/companies?q=Baltic`);
  await admin.locator('table tbody tr').first().getByRole('link').click();
  const rule = admin.getByRole('switch', { name: 'Every user signs in through single sign-on' });
  await rule.focus();
  await admin.keyboard.press('Space');
  await admin.getByRole('dialog').getByRole('button', { name: 'Require' }).click();
  await expect(rule).toBeChecked();
  await expectAccessible(admin);
  await admin.close();

  const operator = await browser.newPage();
  await operator.addInitScript(() => window.localStorage.setItem('lang', 'lv'));
  await operator.goto(`${baseURL}/login`);
  await operator.getByRole('textbox', { name: 'Lietotājvārds' }).fill(DEMO.operator.username);
  await operator.getByRole('textbox', { name: 'Parole', exact: true }).fill(DEMO.operator.password);
  await operator.getByRole('button', { name: 'Pieteikties', exact: true }).click();
  await expect(operator.getByRole('alert')).toHaveText(
    'Jūsu uzņēmums pieprasa vienoto pieteikšanos: izmantojiet pogu zemāk',
  );
  await operator.getByRole('link', { name: 'Pieteikties ar Acme ID' }).click();
  await operator.getByRole('textbox', { name: 'Account' }).fill('sub-operator');
  await operator.getByRole('button', { name: 'Continue' }).click();
  await expect(operator).toHaveURL(`${baseURL}/`);
  await operator.close();
});
