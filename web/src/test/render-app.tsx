import type { auth } from '@extranet/contract';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { bindSessionToCache, restoreSession } from '../shared/session';
import { setTestPageConfig } from './page-config';

export type Handler = (body: unknown) => { status?: number; body: unknown };

export function makeSession(overrides: Partial<auth.Session> = {}): auth.Session {
  return {
    session_code: 'code-1',
    session_limited: false,
    lang: 'en',
    fio: 'Olga Operator',
    username: 'operator',
    email: null,
    user_id: 3,
    role: 1,
    has_new_notifications: false,
    umgr: false,
    cmgr: false,
    stck: true,
    pord: true,
    sord: true,
    reps: false,
    second_factor_setup: false,
    ...overrides,
  };
}

/** A fake server: one handler per API path; anything else answers 404. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: Array<{ path: string; body: unknown; headers: Record<string, string> }> = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    // The live stream is refused, as by a server whose feed is down: screens poll as before.
    if (path === '/events') return new Response('{}', { status: 503 });
    const body = JSON.parse((init.body as string) ?? '{}');
    calls.push({ path, body, headers: init.headers as Record<string, string> });
    const handler = handlers[path];
    const answer = handler ? handler(body) : { status: 404, body: { failure: { code: 'not_found' } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

export async function renderApp(path: string) {
  setTestPageConfig();
  const queryClient = createQueryClient();
  const unbind = bindSessionToCache(queryClient);
  await restoreSession(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  // The app's session binding and cache go with the test that rendered it.
  onTestFinished(() => {
    unbind();
    queryClient.clear();
  });
  return { ...view, router, queryClient };
}
