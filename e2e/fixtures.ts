import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { username: 'admin', password: 'admin-demo-1' },
  manager: { username: 'manager', password: 'manager-demo-1' },
  operator: { username: 'operator', password: 'operator-demo-1' },
} as const;

/**
 * Whether every frame of the page has axe already (half a megabyte of script to evaluate again).
 * A frame that does not answer within a second (a page still loading) counts as without.
 */
async function axeLoaded(page: Page): Promise<boolean> {
  const present = 'typeof window.axe?.run === "function"';
  const unanswered = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000));
  const frames = await Promise.all(
    page.frames().map((frame) => Promise.race([frame.evaluate(present).catch(() => false), unanswered()])),
  );
  return frames.every(Boolean);
}

/** Fails on moderate, serious or critical accessibility violations of the current screen. */
export async function expectAccessible(page: Page) {
  // Only violations are read: axe skips building the details of everything that passed. Legacy
  // mode runs axe once in the page (frames included) instead of again in a page of its own. Axe
  // is put into a document once: screens opened within the app are checked with the copy there.
  const results = await new AxeBuilder({ page, ...((await axeLoaded(page)) ? { axeSource: ';' } : {}) })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  const serious = results.violations.filter((v) => v.impact !== 'minor');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Opens and closes the notification bell until its badge stays dark, so that it shows only what
 * comes next. The warehouse may still be moving orders of earlier specs, whose notifications light
 * it again meanwhile.
 */
export async function clearBell(page: Page) {
  await expect(async () => {
    await page.getByTestId('notification-bell').click();
    await expect(page.getByTestId('notification-list')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notification-list')).toBeHidden();
    await expect(page.getByTestId('notification-badge')).not.toHaveAttribute('data-new', 'true', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
}

/**
 * Closes the toasts of the last action (as a person would, with their close buttons) instead of
 * waiting seconds for them to close by themselves: a check of the screen then sees the screen.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.mantine-Notification-root');
  // A toast of the last action may still be on its way when the first ones are closed (and one
  // under the mouse pointer never closes by itself), so close until none is left.
  await expect(async () => {
    for (const close of await toasts.locator('.mantine-Notification-closeButton').all()) {
      await close.click({ timeout: 1_000 }).catch(() => {
        // Closed by itself meanwhile.
      });
    }
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

export async function login(page: Page, user: { username: string; password: string }, path = '/') {
  await page.goto(path);
  await page.getByRole('textbox', { name: /username/i }).fill(user.username);
  // A role, not a label: the password field's visibility toggle is labelled 'password' too.
  await page.getByRole('textbox', { name: /password/i }).fill(user.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
}

/**
 * Signs in through the API and opens the path signed in: for specs whose subject is a screen, not
 * the sign-in form (auth.spec.ts and the others that use login() go through the form).
 */
export async function signIn(page: Page, user: { username: string; password: string }, path = '/') {
  const token = await apiLogin(page, user);
  // Any small page of the app's origin, to reach its storage before the app starts.
  await page.goto('/config.json');
  await page.evaluate((code) => window.localStorage.setItem('session_code', code), token);
  await page.goto(path);
}

/**
 * Opens a screen within the running app, as a link of its menu would (the app's router follows
 * the history): no reload of the app between the screens of a walk. Returns once the app shows
 * something else than before, so what is read next is the new screen.
 */
export async function openInApp(page: Page, path: string) {
  const before = await page.evaluate((to) => {
    const shown = `${document.title}\n${document.querySelector('main')?.innerText ?? ''}`;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return shown;
  }, path);
  await page.waitForFunction(
    (previous) => `${document.title}\n${document.querySelector('main')?.innerText ?? ''}` !== previous,
    before,
  );
}

/** Calls the API directly, for seeding data a spec needs. */
export async function api<T = any>(page: Page, path: string, body: unknown, token?: string): Promise<T> {
  const response = await page.request.post(`/api${path}`, {
    data: body as object,
    headers: token ? { authorization: `SessionCode ${token}` } : {},
  });
  return (await response.json()) as T;
}

export async function apiLogin(page: Page, user: { username: string; password: string }): Promise<string> {
  const session = await api<{ session_code: string }>(page, '/auth/login', user);
  return session.session_code;
}

export const test = base;
export { expect };

/**
 * How long a step that loads a screen's code and data may take: the default expect timeout (10 s)
 * is short for the first visit of a route on a machine running the other tests too.
 */
export const NAVIGATION_TIMEOUT = 30_000;
