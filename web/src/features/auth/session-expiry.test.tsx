import type { auth } from '@extranet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchPageConfig } from '../../shared/api/page-config-file';
import { sessionToken } from '../../shared/session';
import { type Handler, makeSession, renderApp, stubApi } from '../../test/render-app';

const admin = makeSession({ user_id: 1, username: 'admin', role: 99, umgr: true });

const profile: auth.UserProfile = {
  user_id: 5,
  username: 'aozola',
  fio: 'Anna Ozola',
  email: null,
  lang: 'en',
  role: 1,
  companies: [{ company_id: 1, name: 'Baltic Foods SIA' }],
  permissions: ['pord'],
  email_rate: null,
  notifications: [],
  excluded: false,
  password_expired: false,
  too_many_login_failures: false,
  manageable: true,
  second_factor: false,
};

/** A server whose session `code-1` has ended: every call with it answers 401 until a new sign-in. */
function server(handlers: Record<string, Handler>) {
  let live = 'code-1';
  const api = stubApi({});
  const calls = api.calls;
  const reference: Record<string, Handler> = {
    '/auth/list_roles': () => ({ body: { items: [{ role_id: 1, name: 'Operator' }], more: false } }),
    '/auth/list_permissions': () => ({ body: { items: [{ perm_id: 'pord', name: 'pord' }], more: false } }),
    '/auth/list_linked_companies': () => ({
      body: { items: [{ company_id: 1, name: 'Baltic Foods SIA' }], more: false },
    }),
    '/auth/get_profile_force': () => ({ body: profile }),
    ...handlers,
  };
  const fetch = async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    const body = JSON.parse((init.body as string) ?? '{}');
    const headers = init.headers as Record<string, string>;
    calls.push({ path, body, headers });
    if (path === '/auth/login' && handlers['/auth/login']) return json(handlers['/auth/login'](body).body);
    if (path === '/auth/login') {
      const { password } = body as { password: string };
      if (password !== 'right-password-1') return json({ failure: { code: 'auth_error' } });
      live = 'code-2';
      return json({ ...admin, session_code: 'code-2' });
    }
    if (headers.Authorization !== `SessionCode ${live}`)
      return json({ failure: { code: 'unauthorized' } }, 401);
    if (path === '/auth/get_session') return json({ ...admin, session_code: live });
    const handler = reference[path];
    const answer = handler ? handler(body) : { status: 404, body: { failure: { code: 'not_found' } } };
    return json(answer.body, answer.status);
  };
  globalThis.fetch = fetch as typeof globalThis.fetch;
  return {
    calls,
    /** Ends the session, as idle expiry or a logout elsewhere would. */
    end: () => {
      live = 'ended';
    },
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status });
}

afterEach(() => window.sessionStorage.clear());

describe('a session that ends while a form is open', () => {
  it('asks for the password over the page, then makes the save again with everything typed', async () => {
    const api = server({ '/auth/change_general_force': () => ({ body: {} }) });
    sessionToken.set('code-1');
    const app = await renderApp('/auth/users/edit/5');
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    await user.type(name, ' Jr.');
    api.end();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(within(dialog).getByText(/Sign in again as admin/)).toBeTruthy();
    const password = within(dialog).getByLabelText(/^Password/, { selector: 'input' });
    await user.type(password, 'wrong-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));
    expect(await within(dialog).findByTestId('form-error')).toBeTruthy();
    expect(password).toHaveProperty('value', '');

    await user.type(password, 'right-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));
    expect(await screen.findByText('User profile saved!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const saves = api.calls.filter((call) => call.path === '/auth/change_general_force');
    expect(saves.map((call) => call.headers.Authorization)).toEqual([
      'SessionCode code-1',
      'SessionCode code-2',
    ]);
    expect(saves[1]?.body).toEqual({ user_id: 5, fio: 'Anna Ozola Jr.', email: null, lang: 'en' });
    expect(app.router.state.location.pathname).toBe('/auth/users/edit/5');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveProperty('value', 'Anna Ozola Jr.');
    expect(sessionToken.get()).toBe('code-2');
  });

  it('goes to the login page, back to the screen, when the user signs out instead', async () => {
    const api = server({});
    sessionToken.set('code-1');
    const app = await renderApp('/auth/users/profile/5');
    await screen.findByText('This user is active.');
    api.end();
    // The next refresh of the session finds it over (and waits for a new sign-in).
    void app.queryClient.refetchQueries({ queryKey: ['auth', 'session'] });
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toBe('?redirectTo=%2Fauth%2Fusers%2Fprofile%2F5');
    expect(sessionToken.get()).toBeNull();
  });

  it('offers only the provider when the company requires single sign-on', async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ apiBaseUrl: '/api', SSO_DISPLAY_NAME: 'Acme ID' }))) as typeof fetch;
    await fetchPageConfig();
    const api = server({ '/auth/login': () => ({ body: { failure: { code: 'sso_required' } } }) });
    sessionToken.set('code-1');
    const app = await renderApp('/auth/users/profile/5');
    await screen.findByText('This user is active.');
    api.end();
    void app.queryClient.refetchQueries({ queryKey: ['auth', 'session'] });
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    const user = userEvent.setup();
    expect(within(dialog).getByRole('link', { name: 'Sign in with Acme ID' }).getAttribute('href')).toBe(
      '/api/auth/sso/start',
    );
    await user.type(within(dialog).getByLabelText(/^Password/, { selector: 'input' }), 'old-password-1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in and continue' }));
    expect(await within(dialog).findByTestId('form-error')).toBeTruthy();
    // The password can no longer open a session: only the provider is left to offer.
    expect(within(dialog).queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Sign in and continue' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Sign in with Acme ID' })).toBeTruthy();
  });
});
