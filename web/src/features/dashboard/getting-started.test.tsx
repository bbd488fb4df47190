import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n';
import { sessionToken } from '../../shared/session';
import { makeSession, renderApp, stubApi } from '../../test/render-app';

const ADMIN = { role: 99, umgr: true, cmgr: true, reps: true };

function answer(done: Record<string, boolean>) {
  return () => ({
    body: {
      items: ['company', 'warehouse', 'master_data', 'users'].map((step) => ({ step, done: done[step] })),
    },
  });
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('getting started on the dashboard', () => {
  it('shows role 99 the first steps, each ticked as the server finds it done', async () => {
    sessionToken.set('code-1');
    stubApi({
      '/auth/get_session': () => ({ body: makeSession(ADMIN) }),
      '/companies/get_setup_steps': answer({
        company: true,
        warehouse: false,
        master_data: false,
        users: false,
      }),
    });
    await renderApp('/');
    const list = await screen.findByTestId('getting-started');
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeTruthy();
    const company = within(list).getByTestId('setup-step-company');
    expect(company.dataset.done).toBe('true');
    expect(within(company).getByText('Done')).toBeTruthy();
    const users = within(list).getByTestId('setup-step-users');
    expect(users.dataset.done).toBe('false');
    expect(within(users).getByRole('link', { name: "Add the client's users" })).toHaveProperty(
      'pathname',
      '/auth/users/add',
    );
  });

  it('speaks the user’s language', async () => {
    sessionToken.set('code-1');
    stubApi({
      '/auth/get_session': () => ({ body: makeSession({ ...ADMIN, lang: 'lv' }) }),
      '/companies/get_setup_steps': answer({
        company: false,
        warehouse: false,
        master_data: false,
        users: false,
      }),
    });
    await i18n.changeLanguage('lv');
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Kā sākt' });
    expect(screen.getByRole('link', { name: 'Savienojiet noliktavas sistēmu' })).toBeTruthy();
  });

  it('is gone once every step is done, and never shown below role 99', async () => {
    sessionToken.set('code-1');
    const { calls } = stubApi({
      '/auth/get_session': () => ({ body: makeSession() }),
      '/companies/get_setup_steps': answer({
        company: true,
        warehouse: true,
        master_data: true,
        users: true,
      }),
    });
    await renderApp('/');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByTestId('getting-started')).toBeNull();
    expect(calls.some((call) => call.path === '/companies/get_setup_steps')).toBe(false);
  });
});
