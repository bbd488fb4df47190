import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionToken } from '../shared/session';
import { makeSession, renderApp, stubApi } from '../test/render-app';

function location(app: Awaited<ReturnType<typeof renderApp>>) {
  const { pathname, search } = app.router.state.location;
  return `${pathname}${search}`;
}

describe('guard and login', () => {
  it('sends an anonymous user to login with the wanted path and back after signing in', async () => {
    const { calls } = stubApi({ '/auth/login': () => ({ body: makeSession() }) });
    const app = await renderApp('/support?tab=1');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(location(app)).toBe('/login?redirectTo=%2Fsupport%3Ftab%3D1');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Username/), 'operator');
    await user.type(screen.getByLabelText(/^Password/), 'operator-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByRole('heading', { name: 'Support' });
    expect(location(app)).toBe('/support?tab=1');
    expect(calls[0]?.body).toEqual({ username: 'operator', password: 'operator-demo-1' });
    expect(sessionToken.get()).toBe('code-1');
  });

  it('requires username and password', async () => {
    const { calls } = stubApi({});
    await renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('clears the password and shows the server message when login fails', async () => {
    stubApi({ '/auth/login': () => ({ body: { failure: { code: 'auth_error' } } }) });
    await renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username/), 'operator');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong username or password');
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('value', '');
    expect(screen.getByLabelText(/Username/)).toHaveProperty('value', 'operator');
  });

  it('shows the not-found page to anyone on an unknown path', async () => {
    stubApi({});
    const app = await renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Page not found' });
    expect(location(app)).toBe('/no/such/page');
  });
});

describe('workplace', () => {
  it('restores a stored session and shows the menu of its permissions', async () => {
    sessionToken.set('code-1');
    stubApi({ '/auth/get_session': () => ({ body: makeSession() }) });
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    for (const entry of ['Purchase', 'Sales', 'Stock', 'SKU', 'Discussions']) {
      expect(within(menu).getByRole('link', { name: entry })).toBeTruthy();
    }
    expect(within(menu).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Reports' })).toBeNull();
    expect(screen.getByText(/© 2018/)).toBeTruthy();
  });

  it('discards a stored session that the server refuses', async () => {
    sessionToken.set('stale');
    stubApi({ '/auth/get_session': () => ({ status: 401, body: { failure: { code: 'unauthorized' } } }) });
    const app = await renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(sessionToken.get()).toBeNull();
    expect(location(app)).toBe('/login');
  });

  it('logs out to a plain login page', async () => {
    sessionToken.set('code-1');
    const { calls } = stubApi({
      '/auth/get_session': () => ({ body: makeSession() }),
      '/auth/logout': () => ({ body: {} }),
    });
    const app = await renderApp('/support');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(location(app)).toBe('/login');
    expect(calls.some((call) => call.path === '/auth/logout')).toBe(true);
    expect(sessionToken.get()).toBeNull();
  });
});

describe('forced password change', () => {
  it('keeps a limited session on passreset until the password is changed', async () => {
    sessionToken.set('limited-1');
    let attempts = 0;
    const { calls } = stubApi({
      '/auth/get_session': () => ({
        body: makeSession({ session_code: 'limited-1', session_limited: true }),
      }),
      '/auth/change_password_self': () => {
        attempts += 1;
        return attempts === 1
          ? { body: { failure: { code: 'password_too_soft' } } }
          : { body: makeSession({ session_code: 'fresh-2' }) };
      },
    });
    const app = await renderApp('/support');
    await screen.findByRole('heading', { name: 'Change your password' });
    expect(location(app)).toBe('/passreset?redirectTo=%2Fsupport');

    const user = userEvent.setup();
    const fill = async (current: string, next: string, confirm: string) => {
      await user.type(screen.getByLabelText(/^Current password/), current);
      await user.type(screen.getByLabelText(/^New password/), next);
      await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
      await user.click(screen.getByRole('button', { name: 'Change password' }));
    };

    await fill('old-password', 'new-password-1', 'new-password-2');
    expect(await screen.findByText('Passwords must be identical')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/auth/change_password_self')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Current password/));
    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await fill('old-password', 'short', 'short');
    await screen.findByText('New password is too short');
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      expect(screen.getByLabelText(label)).toHaveProperty('value', '');
    }

    await fill('old-password', 'new-password-1', 'new-password-1');
    await screen.findByRole('heading', { name: 'Support' });
    expect(location(app)).toBe('/support');
    expect(sessionToken.get()).toBe('fresh-2');
    const last = calls.filter((call) => call.path === '/auth/change_password_self').at(-1);
    expect(last?.body).toEqual({
      password_old: 'old-password',
      password_new: 'new-password-1',
      password_conf: 'new-password-1',
    });
  });

  it('sends a full session away from passreset', async () => {
    sessionToken.set('code-1');
    stubApi({ '/auth/get_session': () => ({ body: makeSession() }) });
    const app = await renderApp('/passreset?redirectTo=%2Fsupport');
    await screen.findByRole('heading', { name: 'Support' });
    expect(location(app)).toBe('/support');
  });
});
