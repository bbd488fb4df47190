import type { auth } from '@extranet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n';
import { sessionToken } from '../../shared/session';
import { type Handler, makeSession, renderApp, stubApi } from '../../test/render-app';

async function open(path: string) {
  sessionToken.set('code-1');
  const app = await renderApp(path);
  return app;
}

const admin = makeSession({ user_id: 1, username: 'admin', fio: 'Demo Administrator', role: 99, umgr: true });
const ok = () => ({ body: {} });

function profile(overrides: Partial<auth.UserProfile> = {}): auth.UserProfile {
  return {
    user_id: 5,
    username: 'aozola',
    fio: 'Anna Ozola',
    email: 'anna.ozola@example.com',
    lang: 'lv',
    role: 1,
    companies: [{ company_id: 1, name: 'Baltic Foods SIA' }],
    permissions: ['pord', 'stck'],
    email_rate: null,
    notifications: ['bcst'],
    excluded: false,
    password_expired: false,
    too_many_login_failures: false,
    manageable: true,
    second_factor: false,
    ...overrides,
  };
}

/** The reference lists every users screen reads, plus the calls of one test. */
function server(handlers: Record<string, Handler>) {
  return stubApi({
    '/auth/get_session': () => ({ body: admin }),
    '/auth/list_roles': () => ({
      body: {
        items: [
          { role_id: 1, name: 'Operator' },
          { role_id: 7, name: 'Manager' },
          { role_id: 81, name: 'Provider manager' },
          { role_id: 99, name: 'Provider administrator' },
        ],
        more: false,
      },
    }),
    '/auth/list_permissions': () => ({
      body: {
        items: ['umgr', 'cmgr', 'stck', 'pord', 'sord', 'reps'].map((id) => ({ perm_id: id, name: id })),
        more: false,
      },
    }),
    '/auth/list_linked_companies': () => ({
      body: { items: [{ company_id: 1, name: 'Baltic Foods SIA' }], more: false },
    }),
    '/notifications/list_email_rates': () => ({
      body: {
        items: [
          { erate_id: 1, minutes: 15 },
          { erate_id: 4, minutes: 1440 },
        ],
        more: false,
      },
    }),
    '/notifications/list_notification_types': () => ({
      body: {
        items: ['bcst', 'nrml', 'prvt', 'pord', 'sord'].map((id) => ({ ntfy_id: id, name: id })),
        more: false,
      },
    }),
    ...handlers,
  });
}

describe('users list', () => {
  it('asks the server for the filters, page and sorting that the URL carries', async () => {
    // mantine-datatable renders a cell only when its media query matches; the test DOM matches none.
    // A wide screen: the table's cells show (the test DOM matches no media query), the phone's cards do not.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: !query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as never,
    );
    const { calls } = server({
      '/auth/list_users': () => ({
        body: {
          items: [
            { user_id: 8, username: 'mliepa', fio: 'Mārtiņš Liepa', email: null, role: 7, excluded: true },
          ],
          more: false,
          total: 21,
        },
      }),
    });
    await open('/auth/users?role=7&company=1&q=Liepa&page=2&size=20&sort=-email');

    expect(await screen.findByText('mliepa')).toBeTruthy();
    const request = calls.find((call) => call.path === '/auth/list_users')?.body;
    expect(request).toEqual({
      filters: { role_id: 7, company_id: 1, smart: 'Liepa' },
      page: 1,
      count: 20,
      ordering: '-email',
      with_total: true,
    });
    const row = screen.getByText('mliepa').closest('tr') as HTMLElement;
    expect(within(row).getByText('Manager')).toBeTruthy();
    expect(within(row).getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the profile of mliepa' }).getAttribute('href')).toBe(
      '/auth/users/profile/8',
    );
  });

  it('tells a user without umgr that the screen is not theirs', async () => {
    const { calls } = server({ '/auth/get_session': () => ({ body: { ...admin, umgr: false } }) });
    await open('/auth/users');
    expect(await screen.findByText('You do not have access to user management.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/auth/list_users')).toBe(false);
  });
});

describe('new user form', () => {
  it('shows every rule of SPEC.md §5 at once and sends nothing while the form is invalid', async () => {
    const { calls } = server({ '/auth/get_add_user_defaults': () => ({ body: { role: 1, companies: [] } }) });
    await open('/auth/users/add');
    const user = userEvent.setup();
    // The password rule is there before anything is typed.
    expect((await screen.findByTestId('password-rule')).textContent).toBe(
      'At least 10 characters; not the username, nor a common or easily guessed password',
    );
    await user.click(await screen.findByRole('button', { name: 'Create user' }));

    // Username, password, confirm, and companies (required for role 1).
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    expect(await screen.findByText('Input form has errors. Please fix them before save!')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'new-user');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'password-one');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'password-two');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Passwords must be identical')).toBeTruthy();
    expect(calls.some((call) => call.path === '/auth/add_user')).toBe(false);
  });

  it("needs no company for role 99 and goes on to the new user's profile", async () => {
    const { calls } = server({
      '/auth/get_add_user_defaults': () => ({ body: { role: 99, companies: [] } }),
      '/auth/add_user': () => ({ body: { user_id: 42 } }),
      '/auth/get_profile_force': () => ({ body: profile({ user_id: 42, username: 'root-two', role: 99 }) }),
    });
    const app = await open('/auth/users/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'root-two');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'password-one');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'password-one');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/users/profile/42'));
    expect(calls.find((call) => call.path === '/auth/add_user')?.body).toEqual({
      username: 'root-two',
      password: 'password-one',
      password_conf: 'password-one',
      role: 99,
      companies: [],
      // Role 99's usual permissions, of those the editor holds.
      permissions: ['umgr', 'stck', 'pord', 'sord'],
    });
  });

  it('sends role, companies and permissions in the one call that creates the user', async () => {
    const { calls } = server({
      '/auth/get_add_user_defaults': () => ({ body: { role: 1, companies: [1] } }),
      '/auth/add_user': () => ({ body: { user_id: 43 } }),
      '/auth/get_profile_force': () => ({ body: profile({ user_id: 43 }) }),
    });
    await open('/auth/users/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'clerk');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'password-one');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'password-one');
    // An operator starts with an operator's usual permissions, which can be changed.
    expect(screen.getByRole('checkbox', { name: 'Purchase orders' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('checkbox', { name: 'Sales orders' }));
    // The editor lacks cmgr: it cannot be granted.
    expect(screen.getByRole('checkbox', { name: 'Manage catalogs' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() =>
      expect(calls.find((call) => call.path === '/auth/add_user')?.body).toEqual({
        username: 'clerk',
        password: 'password-one',
        password_conf: 'password-one',
        role: 1,
        companies: [1],
        permissions: ['stck', 'pord'],
      }),
    );
    expect(calls.filter((call) => call.path === '/auth/change_access')).toEqual([]);
  });

  it("starts from the role's usual permissions, and asks before saving a user with none", async () => {
    const { calls } = server({
      '/auth/get_add_user_defaults': () => ({ body: { role: 1, companies: [1] } }),
      '/auth/add_user': () => ({ body: { user_id: 44 } }),
      '/auth/get_profile_force': () => ({ body: profile({ user_id: 44, permissions: [] }) }),
    });
    await open('/auth/users/add');
    const user = userEvent.setup();
    const fill = async (field: HTMLElement, text: string) => {
      await user.click(field);
      await user.paste(text);
    };
    await fill(await screen.findByRole('textbox', { name: 'Username' }), 'empty-menu');
    await fill(screen.getByLabelText(/^Password/, { selector: 'input' }), 'password-one');
    await fill(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'password-one');
    const ticked = () =>
      screen
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked)
        .map((box) => box.getAttribute('value'));
    expect(ticked()).toEqual(['stck', 'pord', 'sord']);
    await user.click(screen.getByLabelText(/^Role/, { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: /^Manager/ }));
    // A manager's usual set: all but catalogs (and reports, which this editor cannot grant).
    await waitFor(() => expect(ticked()).toEqual(['umgr', 'stck', 'pord', 'sord']));
    for (const name of ['Manage users', 'View stock', 'Purchase orders', 'Sales orders']) {
      await user.click(screen.getByRole('checkbox', { name }));
    }
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save a user without permissions?' });
    expect(calls.some((call) => call.path === '/auth/add_user')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Save without permissions' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/auth/add_user')?.body).toMatchObject({
        role: 7,
        permissions: [],
      }),
    );
  });
});

describe('new user form: who the person is, and what each role is for', () => {
  it('sends the full name and email given with the account', async () => {
    const { calls } = server({
      '/auth/get_add_user_defaults': () => ({ body: { role: 99, companies: [] } }),
      '/auth/add_user': () => ({ body: { user_id: 44 } }),
      '/auth/get_profile_force': () => ({ body: profile({ user_id: 44, username: 'anna', role: 99 }) }),
    });
    await open('/auth/users/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'anna');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Anna Ozola');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'password-one');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'password-one');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/auth/add_user')?.body).toMatchObject({
        username: 'anna',
        fio: 'Anna Ozola',
        email: 'anna@example.com',
      }),
    );
  });

  it('refuses an email that is not one before sending', async () => {
    const { calls } = server({
      '/auth/get_add_user_defaults': () => ({ body: { role: 99, companies: [] } }),
    });
    await open('/auth/users/add');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('Input form has errors. Please fix them before save!')).toBeTruthy();
    expect(calls.some((call) => call.path === '/auth/add_user')).toBe(false);
  });

  it('says what the chosen role is for, in the reader’s language', async () => {
    server({ '/auth/get_add_user_defaults': () => ({ body: { role: 1, companies: [1] } }) });
    await open('/auth/users/add');
    // Under the field, and beside the role in its list.
    const en = 'Works with the orders and stock of their companies, within the permissions given.';
    expect((await screen.findAllByText(en)).length).toBeGreaterThan(0);
    await i18n.changeLanguage('lv');
    try {
      const lv = 'Strādā ar savu uzņēmumu pasūtījumiem un krājumiem piešķirto atļauju robežās.';
      expect((await screen.findAllByText(lv)).length).toBeGreaterThan(0);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('profile view', () => {
  it('offers Deactivate and Reset Failures for a manageable user', async () => {
    const { calls } = server({
      '/auth/get_profile_force': () => ({
        body: profile({ too_many_login_failures: true, password_expired: true }),
      }),
      '/auth/reset_login_failures': ok,
    });
    await open('/auth/users/profile/5');
    expect(await screen.findByText('This user is active.')).toBeTruthy();
    expect(screen.getByText(/Password reset required/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe(
      '/auth/users/edit/5',
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset Failures' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/auth/reset_login_failures')?.body).toEqual({ user_id: 5 }),
    );
  });

  it('asks before Deactivate, and Cancel leaves the user active', async () => {
    const { calls } = server({
      '/auth/get_profile_force': () => ({ body: profile() }),
      '/auth/disable_user': ok,
    });
    await open('/auth/users/profile/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate aozola?' });
    expect(within(dialog).getByText(/signed out at once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/auth/disable_user')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('dialog', { name: 'Deactivate aozola?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/auth/disable_user')?.body).toEqual({ user_id: 5 }),
    );
  });

  it('offers no action and no edit link for a user the viewer cannot manage', async () => {
    server({ '/auth/get_profile_force': () => ({ body: profile({ excluded: true, manageable: false }) }) });
    await open('/auth/users/profile/5');
    expect(await screen.findByText('This user is inactive and cannot sign in.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Activate' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
  });
});

describe('profile editor', () => {
  it('has one Save, which checks the email first and then stores only what changed', async () => {
    const { calls } = server({
      '/auth/get_profile_force': () => ({ body: profile() }),
      '/auth/change_general_force': ok,
    });
    await open('/auth/users/edit/5');
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'Email' });
    expect(screen.getAllByRole('button', { name: 'Save' })).toHaveLength(1);
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid email address format')).toBeTruthy();
    expect(calls.some((call) => call.path === '/auth/change_general_force')).toBe(false);

    await user.clear(email);
    await user.type(email, 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User profile saved!')).toBeTruthy();
    expect(calls.find((call) => call.path === '/auth/change_general_force')?.body).toEqual({
      user_id: 5,
      fio: 'Anna Ozola',
      email: 'anna@example.com',
      lang: 'lv',
    });
    expect(calls.some((call) => call.path === '/auth/change_access')).toBe(false);
    expect(calls.some((call) => call.path === '/auth/change_username')).toBe(false);
  });

  it('saves general data, username, access and password with the one Save', async () => {
    const { calls } = server({
      '/auth/get_profile_force': () => ({ body: profile() }),
      '/auth/change_general_force': ok,
      '/auth/change_username': ok,
      '/auth/change_access': ok,
      '/auth/change_password_force': ok,
    });
    await open('/auth/users/edit/5');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), ' Jr.');
    const username = screen.getByRole('textbox', { name: 'Username' });
    await user.clear(username);
    await user.type(username, 'aozola2');
    await user.click(screen.getByRole('checkbox', { name: 'Sales orders' }));
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'Brand-new-pass-42');
    await user.type(screen.getByLabelText(/^Confirm password/, { selector: 'input' }), 'Brand-new-pass-42');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User profile saved!')).toBeTruthy();
    expect(calls.map((call) => call.path).filter((path) => path.startsWith('/auth/change_'))).toEqual([
      '/auth/change_general_force',
      '/auth/change_username',
      '/auth/change_access',
      '/auth/change_password_force',
    ]);
    expect(calls.find((call) => call.path === '/auth/change_access')?.body).toEqual({
      user_id: 5,
      role: 1,
      companies: [1],
      permissions: ['pord', 'stck', 'sord'],
    });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('asks before leaving unsaved changes: Cancel stays, OK leaves', async () => {
    server({
      '/auth/get_profile_force': () => ({ body: profile() }),
      '/auth/list_users': () => ({ body: { items: [], more: false, total: 0 } }),
    });
    const app = await open('/auth/users/edit/5');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), ' Jr.');
    const usersLink = within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', {
      name: 'Users',
    });

    await user.click(usersLink);
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.router.state.location.pathname).toBe('/auth/users/edit/5');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty('value', 'Anna Ozola Jr.');

    await user.click(usersLink);
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/users'));
  });

  it("shows the server's refusal of a permission in the access section, and stores the rest", async () => {
    const { calls } = server({
      '/auth/get_profile_force': () => ({ body: profile() }),
      '/auth/change_general_force': ok,
      '/auth/change_access': () => ({
        body: { failure: { code: 'permissions_error', details: { permissions: ['umgr'] } } },
      }),
    });
    await open('/auth/users/edit/5');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Full name' }), ' Jr.');
    const access = screen.getByRole('region', { name: 'Access' });
    await user.click(within(access).getByRole('checkbox', { name: 'Manage users' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await within(access).findByText('You can not grant a permission you do not hold')).toBeTruthy();
    expect(await screen.findByText(/^Not saved: Access\./)).toBeTruthy();
    expect(calls.find((call) => call.path === '/auth/change_access')?.body).toEqual({
      user_id: 5,
      role: 1,
      companies: [1],
      permissions: ['pord', 'stck', 'umgr'],
    });
    expect(calls.some((call) => call.path === '/auth/change_general_force')).toBe(true);
    // The refused change is still there, to fix or save again.
    expect(within(access).getByRole('checkbox', { name: 'Manage users' })).toHaveProperty('checked', true);
  });

  it("shows notifications only on one's own profile, and no username or access there", async () => {
    server({
      '/auth/get_profile_self': () => ({
        body: profile({ user_id: 1, username: 'admin', manageable: false }),
      }),
    });
    await open('/auth/users/edit');
    expect(await screen.findByRole('heading', { name: 'Edit my profile' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'General' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Password' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText('Notify me about')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Username' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Access' })).toBeNull();
    expect(screen.getByLabelText(/^Current password/, { selector: 'input' })).toBeTruthy();
  });

  it("does not show another user's notification settings", async () => {
    server({ '/auth/get_profile_force': () => ({ body: profile() }) });
    await open('/auth/users/edit/5');
    expect(await screen.findByRole('region', { name: 'Access' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(screen.queryByText('Notify me about')).toBeNull();
  });
});
