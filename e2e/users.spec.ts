import type { Page } from '@playwright/test';
import {
  api,
  apiLogin,
  expectAccessible as checkAccessible,
  DEMO,
  expect,
  login,
  signIn,
  test,
} from './fixtures';

// Sign-ins hash passwords (argon2) on a machine shared with other work: allow for it. The life of
// a user is one serial group; the file's other tests run beside it on the other worker.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

/** axe on the screen as a person sees it: the pointer rests on no control (hover colours aside). */
async function expectAccessible(page: import('@playwright/test').Page) {
  await page.mouse.move(720, 4);
  await checkAccessible(page);
}

// The users list, the new user form, profiles and the profile editor.

const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
const NEW_USER = { username: `e2e-user-${suffix}`, password: 'first-password-1' };
const RENAMED = `e2e-renamed-${suffix}`;

function rows(page: Page) {
  return page.locator('table tbody tr');
}

/** The texts of one column of the users table (0 profile, 1 #, 2 login, 3 name, 4 email, 5 role, 6 status). */
async function column(page: Page, index: number): Promise<string[]> {
  return rows(page)
    .locator(`td:nth-child(${index + 1})`)
    .allInnerTexts();
}

/**
 * Chooses an option by keyboard: down the list to it, then Enter. These forms are taller than the
 * window, and a click on an option could miss again and again: each try scrolled the page, the list
 * followed its field, and the option was no longer where the click aimed.
 */
async function choose(page: Page, label: string, option: string) {
  const field = page.getByRole('combobox', { name: label, exact: true });
  const target = page.getByRole('option', { name: option, exact: true });
  await field.focus();
  await field.press('ArrowDown');
  await expect(target).toBeVisible();
  // The options may still arrive from the server after the list opens: step until it is the one.
  await expect(async () => {
    if ((await target.getAttribute('data-combobox-selected')) === null) await field.press('ArrowDown');
    await expect(target).toHaveAttribute('data-combobox-selected', { timeout: 300 });
  }).toPass({ timeout: 20_000 });
  await field.press('Enter');
  // A multi-select keeps its list open after a choice: close it like a person would.
  await page.keyboard.press('Escape');
}

/**
 * Clicks the profile editor's one Save and waits for the calls of the changed sections to answer;
 * returns each call's failure code (undefined when it succeeded).
 */
async function save(page: Page, ...calls: string[]): Promise<Array<string | undefined>> {
  const answers = calls.map((call) =>
    page.waitForResponse((response) => response.url().endsWith(`/api/auth/${call}`)),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  return Promise.all(
    answers.map(
      async (answer) => ((await (await answer).json()) as { failure?: { code: string } }).failure?.code,
    ),
  );
}

async function apiLoginResult(page: Page, username: string, password: string) {
  return api<{ session_code?: string; failure?: { code: string } }>(page, '/auth/login', {
    username,
    password,
  });
}

test.describe
  .serial('the life of a user', () => {
    let userId = 0;

    test('the administrator creates a user with role, companies and permissions in one step', async ({
      page,
    }) => {
      await signIn(page, DEMO.admin, '/auth/users');
      await page.getByRole('link', { name: 'New user' }).click();
      await expect(page).toHaveURL(/\/auth\/users\/add$/);
      await expect(page.getByRole('heading', { name: 'New user', level: 1 })).toBeVisible();
      // The password rule is there before anything is typed.
      await expect(page.getByTestId('password-rule')).toHaveText(
        'At least 10 characters; not the username, nor a common or easily guessed password',
      );
      await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
      await expectAccessible(page);

      // An empty submit: every required field says so, and the toast of SPEC.md §5.
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByText('Input form has errors. Please fix them before save!')).toBeVisible();
      await expect(page.getByText('This field is required')).toHaveCount(4);
      await expectAccessible(page);

      await page.getByRole('textbox', { name: 'Username' }).fill(NEW_USER.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_USER.password);
      await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('something-else-1');
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByText('Passwords must be identical')).toBeVisible();
      await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(NEW_USER.password);
      await page.getByRole('button', { name: 'Create user' }).click();
      // Companies are required unless the role is 99.
      await expect(page.getByText('This field is required')).toHaveCount(1);
      await choose(page, 'Companies', 'Baltic Foods SIA');
      // An operator's usual permissions are ticked to start with; one is taken away.
      await expect(page.getByRole('checkbox', { name: 'Purchase orders' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'View stock' })).toBeChecked();
      await page.getByRole('checkbox', { name: 'Sales orders' }).uncheck();
      await page.getByRole('button', { name: 'Create user' }).click();

      // Created with everything at once: the profile shows it, no second form to save.
      await expect(page).toHaveURL(/\/auth\/users\/profile\/\d+$/);
      userId = Number(page.url().split('/').pop());
      await expect(page.getByRole('heading', { name: NEW_USER.username, level: 1 })).toBeVisible();
      const details = page.getByRole('main');
      await expect(details.getByText('Baltic Foods SIA')).toBeVisible();
      await expect(details.getByText('Purchase orders', { exact: true })).toBeVisible();
      await expect(details.getByText('View stock', { exact: true })).toBeVisible();
      await expect(details.getByText('Sales orders', { exact: true })).toHaveCount(0);
      await expectAccessible(page);

      // The same username again is refused by the server, shown above the form.
      await page.goto('/auth/users/add');
      await page.getByRole('textbox', { name: 'Username' }).fill(NEW_USER.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_USER.password);
      await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(NEW_USER.password);
      await choose(page, 'Companies', 'Baltic Foods SIA');
      await page.getByRole('button', { name: 'Create user' }).click();
      await expect(page.getByTestId('form-error')).toHaveText('User with this name already exists');
    });

    test("the new user's first login is forced through passreset, then they edit their own profile", async ({
      page,
    }) => {
      await login(page, NEW_USER);
      await expect(page).toHaveURL(/\/passreset$/);
      await page.getByRole('textbox', { name: 'Current password' }).fill(NEW_USER.password);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password-2');
      await page.getByRole('textbox', { name: 'Confirm new password' }).fill('second-password-2');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      // The permissions given at creation are there from the first sign-in; nothing more.
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(menu.getByRole('link', { name: 'Stock' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Sales' })).toHaveCount(0);
      await page.goto('/orders/purch');
      await expect(page.getByRole('heading', { name: 'Purchase orders', level: 1 })).toBeVisible();
      await page.goto('/');

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'My profile' }).click();
      await expect(page).toHaveURL(/\/auth\/users\/profile$/);
      await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
      await expect(page.getByTestId('banner-status')).toHaveText('This user is active.');
      await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
      await expect(page.getByText('Baltic Foods SIA')).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('link', { name: 'Edit profile' }).click();
      await expect(page).toHaveURL(/\/auth\/users\/edit$/);
      await expect(page.getByRole('heading', { name: 'Edit my profile', level: 1 })).toBeVisible();
      // Username and access are only for another user; "Notify me about" only for oneself.
      await expect(page.getByTestId('form-username')).toHaveCount(0);
      await expect(page.getByTestId('form-access')).toHaveCount(0);
      await expect(page.getByTestId('form-notifications')).toContainText('Notify me about');
      // One Save for the whole page, with nothing to save yet.
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
      await expectAccessible(page);

      const general = page.getByTestId('form-general');
      await general.getByRole('textbox', { name: 'Full name' }).fill('Erika Tester');
      expect(await save(page, 'change_general_self')).toEqual([undefined]);
      await expect(page.getByText('User profile saved!')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Erika Tester');

      // One's own password needs the current one; a wrong one is refused in its section.
      const password = page.getByTestId('form-password');
      await password.getByRole('textbox', { name: 'Current password' }).fill('not-my-password');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(password.getByText('This field is required')).toHaveCount(2);
      await password.getByRole('textbox', { name: 'New password', exact: true }).fill('third-password-3');
      await password.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('third-password-3');
      expect(await save(page, 'change_password_self')).toEqual(['invalid_password']);
      await expect(password.getByTestId('form-error')).toHaveText('Wrong password');
      await expect(password.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('');
      await password.getByRole('textbox', { name: 'Current password' }).fill('second-password-2');
      await password.getByRole('textbox', { name: 'New password', exact: true }).fill('third-password-3');
      await password.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('third-password-3');
      expect(await save(page, 'change_password_self')).toEqual([undefined]);
      // Cleared once the new session is kept.
      await expect(password.getByRole('textbox', { name: 'Current password' })).toHaveValue('');
      await expect(password.getByTestId('form-error')).toHaveCount(0);
      await expect(page.getByText('User profile saved!').first()).toBeVisible();
      // The session goes on with the new password.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Edit my profile', level: 1 })).toBeVisible();
      NEW_USER.password = 'third-password-3';
    });

    test('the administrator deactivates and activates the user', async ({ page }) => {
      await signIn(page, DEMO.admin, `/auth/users/profile/${userId}`);
      await expect(page.getByRole('heading', { name: NEW_USER.username, level: 1 })).toBeVisible();
      await expect(page.getByTestId('banner-status')).toContainText('This user is active.');
      await expectAccessible(page);

      // Deactivate asks first; Cancel changes nothing.
      await page.getByRole('button', { name: 'Deactivate' }).click();
      const question = page.getByRole('dialog', { name: `Deactivate ${NEW_USER.username}?` });
      await expect(question).toContainText('signed out at once');
      await expectAccessible(page);
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toHaveCount(0);
      await expect(page.getByTestId('banner-status')).toContainText('This user is active.');
      expect((await apiLoginResult(page, NEW_USER.username, NEW_USER.password)).session_code).toBeTruthy();

      await page.getByRole('button', { name: 'Deactivate' }).click();
      await question.getByRole('button', { name: 'Deactivate' }).click();
      await expect(page.getByTestId('banner-status')).toContainText(
        'This user is inactive and cannot sign in.',
      );
      expect((await apiLoginResult(page, NEW_USER.username, NEW_USER.password)).failure?.code).toBe(
        'user_excluded',
      );
      await page.goto(`/auth/users?q=${NEW_USER.username}`);
      await expect(rows(page).first().getByText('Inactive', { exact: true })).toBeVisible();

      await rows(page)
        .first()
        .getByRole('link', { name: `Open the profile of ${NEW_USER.username}` })
        .click();
      await page.getByRole('button', { name: 'Activate' }).click();
      await expect(page.getByTestId('banner-status')).toContainText('This user is active.');
      expect((await apiLoginResult(page, NEW_USER.username, NEW_USER.password)).session_code).toBeTruthy();
    });

    test('five failed logins lock the user until Reset Failures', async ({ page }) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const result = await apiLoginResult(page, NEW_USER.username, 'wrong-password-0');
        expect(result.failure?.code).toBe('auth_error');
      }
      expect((await apiLoginResult(page, NEW_USER.username, NEW_USER.password)).failure?.code).toBe(
        'too_many_login_failures',
      );
      await login(page, NEW_USER);
      await expect(page.getByRole('alert')).toHaveText(
        'Too many login failures. Please contact the administrator.',
      );

      await signIn(page, DEMO.admin, `/auth/users/profile/${userId}`);
      await expect(page.getByTestId('banner-failures')).toContainText('Too many login failures');
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Reset Failures' }).click();
      await expect(page.getByTestId('banner-failures')).toHaveCount(0);
      expect((await apiLoginResult(page, NEW_USER.username, NEW_USER.password)).session_code).toBeTruthy();
    });

    test('the profile editor saves everything with one Save', async ({ page }) => {
      await signIn(page, DEMO.admin, `/auth/users/edit/${userId}`);
      await expect(page.getByRole('heading', { name: `Edit profile: ${NEW_USER.username}` })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(1);
      // Another user's notification settings are theirs: not shown here.
      await expect(page.getByTestId('form-notifications')).toHaveCount(0);
      await expect(page.getByText('Notify me about')).toHaveCount(0);

      const general = page.getByTestId('form-general');
      await general.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(general.getByText('Invalid email address format')).toBeVisible();
      await expect(page.getByText('Input form has errors. Please fix them before save!')).toBeVisible();
      await general.getByRole('textbox', { name: 'Email' }).fill('erika.tester@example.com');
      await general.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Latviešu' }).click();

      // A taken username is refused in its section; the general data is saved all the same.
      const username = page.getByTestId('form-username');
      await username.getByRole('textbox', { name: 'Username' }).fill('jberzins');
      expect(await save(page, 'change_general_force', 'change_username')).toEqual([
        undefined,
        'dublicate_username',
      ]);
      await expect(username.getByTestId('form-error')).toHaveText('User with this name already exists');
      await expect(page.getByText(/^Not saved: Username\./)).toBeVisible();

      await username.getByRole('textbox', { name: 'Username' }).fill(RENAMED);
      const access = page.getByTestId('form-access');
      await access.getByRole('checkbox', { name: 'Reports' }).check();
      await access.getByRole('combobox', { name: 'Companies' }).click();
      await page.getByRole('option', { name: 'Nordic Beverages AS' }).click();
      await page.keyboard.press('Escape');
      await access.getByRole('combobox', { name: 'Role', exact: true }).click();
      await page.getByRole('option', { name: /^Manager/ }).click();
      const password = page.getByTestId('form-password');
      // Another user's password is set without the current one.
      await expect(password.getByRole('textbox', { name: 'Current password' })).toHaveCount(0);
      await password.getByRole('textbox', { name: 'New password', exact: true }).fill('reset-by-admin-4');
      await password.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('reset-by-admin-4');
      expect(await save(page, 'change_username', 'change_access', 'change_password_force')).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
      await expect(page.getByTestId('form-error')).toHaveCount(0);
      await expect(page.getByText('User profile saved!').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: `Edit profile: ${RENAMED}` })).toBeVisible();
      await expect(password.getByRole('textbox', { name: 'New password', exact: true })).toHaveValue('');
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
      await expectAccessible(page);

      // Everything is there after a reload, on the profile.
      await page.getByRole('link', { name: 'View profile' }).click();
      await expect(page).toHaveURL(new RegExp(`/auth/users/profile/${userId}$`));
      await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();
      const details = page.getByRole('main');
      await expect(details.getByText('erika.tester@example.com')).toBeVisible();
      await expect(details.getByText('Latviešu')).toBeVisible();
      await expect(details.getByText('Nordic Beverages AS')).toBeVisible();
      await expect(details.getByText('Reports', { exact: true })).toBeVisible();
      // A password set by an administrator must be changed at the next sign-in.
      await expect(page.getByTestId('banner-password')).toBeVisible();
      const session = await apiLoginResult(page, RENAMED, 'reset-by-admin-4');
      expect(session.session_code).toBeTruthy();
      const profile = await api<{ role: number; permissions: string[] }>(
        page,
        '/auth/get_profile_force',
        { user_id: userId },
        await apiLogin(page, DEMO.admin),
      );
      expect(profile.role).toBe(7);
      expect(profile.permissions).toEqual(expect.arrayContaining(['pord', 'stck', 'reps']));
    });

    test('leaving unsaved changes asks first', async ({ page }) => {
      await signIn(page, DEMO.admin, `/auth/users/edit/${userId}`);
      const general = page.getByTestId('form-general');
      await general.getByRole('textbox', { name: 'Full name' }).fill('Not saved yet');
      const usersLink = page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Users' });

      await usersLink.click();
      const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/auth/users/edit/${userId}$`));
      await expect(general.getByRole('textbox', { name: 'Full name' })).toHaveValue('Not saved yet');

      // Closing the tab asks the browser's own question.
      const beforeUnload = new Promise<string>((resolve) => {
        page.once('dialog', async (question) => {
          resolve(question.type());
          await question.accept();
        });
      });
      await page.close({ runBeforeUnload: true });
      expect(await beforeUnload).toBe('beforeunload');
    });

    test('after OK the page is left and the changes are dropped', async ({ page }) => {
      await signIn(page, DEMO.admin, `/auth/users/edit/${userId}`);
      const general = page.getByTestId('form-general');
      await general.getByRole('textbox', { name: 'Full name' }).fill('Not saved either');
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
      await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'OK' }).click();
      await expect(page).toHaveURL(/\/auth\/users$/);
      await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
      await expect(page.getByTestId('form-general')).toHaveCount(0);
      // Back to the editor (the page left must not hold the way back).
      await page.goBack();
      await expect(page.getByTestId('form-general').getByRole('textbox', { name: 'Full name' })).toHaveValue(
        'Erika Tester',
      );
      // Saved forms leave nothing to ask about.
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
      await expect(page).toHaveURL(/\/auth\/users$/);
    });
  });

test('the users list filters, sorts and pages, and keeps its state in the URL', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/auth\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  await expect(page.getByText(/^1–10 of \d+$/)).toBeVisible();
  await expectAccessible(page);

  // Paging.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^11–\d+ of \d+$/)).toBeVisible();

  // Role filter: back to the first page, only managers.
  await choose(page, 'Role', 'Manager');
  await expect(page).toHaveURL(/role=7/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(async () => new Set(await column(page, 5))).toEqual(new Set(['Manager']));
  await expect.poll(() => column(page, 2)).toEqual(expect.arrayContaining(['jberzins', 'mliepa', 'manager']));

  // Sorting by # descending.
  await page.getByRole('button', { name: /^# / }).click();
  await expect(page).toHaveURL(/sort=user_id/);
  await page.getByRole('button', { name: /^# / }).click();
  await expect(page).toHaveURL(/sort=-user_id/);
  await expect
    .poll(async () => {
      const ids = (await column(page, 1)).map(Number);
      return ids.length > 1 && ids.every((id, i) => i === 0 || (ids[i - 1] as number) > id);
    })
    .toBe(true);

  // A reload keeps filter and sorting.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Role', exact: true })).toHaveValue('Manager');
  await expect.poll(async () => new Set(await column(page, 5))).toEqual(new Set(['Manager']));

  // Company filter and text search.
  await choose(page, 'Role', 'Manager');
  await expect(page).not.toHaveURL(/role=/);
  await choose(page, 'Company', 'Amber Home UAB');
  await expect(page).toHaveURL(/company=\d+/);
  // The rows of the company only (the list without the role filter has them too, and jberzins).
  await expect
    .poll(async () => {
      const names = await column(page, 2);
      return (
        ['tkazlauskas', 'ktamm', 'nvolkova'].every((name) => names.includes(name)) &&
        !names.includes('jberzins')
      );
    })
    .toBe(true);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Tamm');
  await expect(page).toHaveURL(/q=Tamm/);
  await expect.poll(() => column(page, 2)).toEqual(['ktamm']);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Tamm');
  await expect(page.getByRole('combobox', { name: 'Company', exact: true })).toHaveValue('Amber Home UAB');
  await expect.poll(() => column(page, 2)).toEqual(['ktamm']);
  await expect(rows(page).first().getByText('Active', { exact: true })).toBeVisible();
  await expectAccessible(page);
});

test('a manager sees only the users of their own companies', async ({ page }) => {
  await signIn(page, DEMO.manager, '/auth/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('tkazlauskas');
  await expect(page.getByText('No users found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('admin');
  await expect(page.getByText('No users found')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('jberzins');
  await expect.poll(() => column(page, 2)).toEqual(['jberzins']);
});
