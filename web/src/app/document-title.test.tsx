import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n';
import { sessionToken } from '../shared/session';
import { PageTitle } from '../shared/ui/page-title';
import { makeSession, renderApp, stubApi } from '../test/render-app';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const tabTitle = (expected: string) => waitFor(() => expect(document.title).toBe(expected));

describe('the browser tab title', () => {
  it('names the screen in the current language and follows a switch of language', async () => {
    stubApi({});
    const app = await renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    await tabTitle('Sign in · Partner Extranet');

    await act(() => i18n.changeLanguage('ru'));
    await tabTitle('Вход · Партнёрский экстранет');

    await act(() => app.router.navigate('/no/such/page'));
    await screen.findByRole('heading', { name: 'Страница не найдена' });
    await tabTitle('Страница не найдена · Партнёрский экстранет');

    await act(() => i18n.changeLanguage('lv'));
    await tabTitle('Lapa nav atrasta · Partneru ekstranets');
  });

  it('changes with the screen in the workplace', async () => {
    sessionToken.set('code-1');
    stubApi({ '/auth/get_session': () => ({ body: makeSession() }) });
    const app = await renderApp('/support');
    await screen.findByRole('heading', { name: 'Support' });
    await tabTitle('Support · Partner Extranet');

    await act(() => app.router.navigate('/'));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await tabTitle('Dashboard · Partner Extranet');
  });

  it("puts a record before its section's name, and keeps the product name alone when the screen goes", async () => {
    const view = render(
      <AppProviders queryClient={createQueryClient()} mantineEnv="test">
        <PageTitle
          title={<span>Purchase order PO-2026-00179</span>}
          record="PO-2026-00179"
          section="Purchase orders"
        />
      </AppProviders>,
    );
    await tabTitle('PO-2026-00179 · Purchase orders · Partner Extranet');

    view.rerender(
      <AppProviders queryClient={createQueryClient()} mantineEnv="test">
        <PageTitle title="New purchase order" section="Purchase orders" />
      </AppProviders>,
    );
    await tabTitle('New purchase order · Purchase orders · Partner Extranet');

    view.unmount();
    expect(document.title).toBe('Partner Extranet');
  });
});
