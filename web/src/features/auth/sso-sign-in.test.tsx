import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPageConfig } from '../../shared/api/page-config-file';
import { i18n } from '../../shared/i18n';
import { makeSession, renderApp, stubApi } from '../../test/render-app';

const session = makeSession({ user_id: 7, username: 'operator', session_code: 'sso-session-1' });
const CODE = 'one-time-code-0123456789abcdef0123456789';

/** config.json of a server with single sign-on set up, and the calls of the sign-in page. */
async function serverWithSso(exchange: (body: unknown) => { body: unknown }) {
  const config = { apiBaseUrl: '/api', SSO_DISPLAY_NAME: 'Acme ID' };
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(config)));
  await fetchPageConfig();
  return stubApi({
    '/auth/sso_exchange': exchange,
    '/auth/get_session': () => ({ body: session }),
  });
}

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  await i18n.changeLanguage('en');
});

describe('single sign-on on the sign-in page', () => {
  it('offers the provider by its name, leading to the server', async () => {
    await serverWithSso(() => ({ body: session }));
    await renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(link.getAttribute('href')).toBe('/api/auth/sso/start');
  });

  it('exchanges the one-time code of the address and takes it out of the address', async () => {
    const api = await serverWithSso(() => ({ body: session }));
    window.history.replaceState(null, '', `/login#sso=${CODE}`);
    const app = await renderApp('/login');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(api.calls.find((call) => call.path === '/auth/sso_exchange')?.body).toEqual({ code: CODE });
    expect(window.location.hash).toBe('');
  });

  it('asks for the authenticator code when the provider did no second factor', async () => {
    const api = await serverWithSso((body) =>
      (body as { otp?: string }).otp === '123456'
        ? { body: session }
        : { body: { failure: { code: 'second_factor_required' } } },
    );
    window.history.replaceState(null, '', `/login#sso=${CODE}`);
    const app = await renderApp('/login');
    const input = await screen.findByRole('textbox', { name: 'Code from the authenticator app' });
    await userEvent.type(input, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
    expect(api.calls.filter((call) => call.path === '/auth/sso_exchange').at(-1)?.body).toEqual({
      code: CODE,
      otp: '123456',
    });
  });

  it("shows the provider's refusal in the reader's language", async () => {
    await serverWithSso(() => ({ body: session }));
    await i18n.changeLanguage('ru');
    window.history.replaceState(null, '', '/login#sso_error=sso_unknown_user');
    await renderApp('/login');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Для этой учётной записи нет пользователя. Обратитесь к администратору.',
    );
    expect(screen.getByRole('link', { name: 'Войти через Acme ID' })).toBeTruthy();
  });
});
