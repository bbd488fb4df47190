import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SESSION_QUERY_KEY } from '../shared/session/session-cache';
import { sessionToken } from '../shared/session/session-token';
import { setTestPageConfig } from '../test/page-config';
import { makeSession, stubApi } from '../test/render-app';
import { createQueryClient } from './query-client';
import { renderSignIn } from './sign-in-app';

function open() {
  setTestPageConfig();
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const queryClient = createQueryClient();
  act(() => renderSignIn(root, queryClient));
  onTestFinished(() => {
    act(() => root.unmount());
    container.remove();
    queryClient.clear();
    sessionToken.clear();
  });
  return { queryClient };
}

describe('the sign-in page of a first visit', () => {
  it('signs in with the form and keeps the session the server returned', async () => {
    const { calls } = stubApi({ '/auth/login': () => ({ body: makeSession() }) });
    const { queryClient } = open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username/), ' operator ');
    await user.type(screen.getByLabelText(/^Password/), 'operator-demo-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(sessionToken.get()).toBe('code-1'));
    // The form's checks (the contract's schema) trimmed the name, as the whole app's form does.
    expect(calls.map((call) => call.body)).toEqual([{ username: 'operator', password: 'operator-demo-1' }]);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toMatchObject({ username: 'operator' });
    // The whole app takes over from here: meanwhile the card shows it is loading.
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeTruthy();
  });

  it('requires username and password before any call', async () => {
    const { calls } = stubApi({});
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('shows the refusal and clears the password', async () => {
    stubApi({ '/auth/login': () => ({ body: { failure: { code: 'auth_error' } } }) });
    open();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username/), 'operator');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Wrong username or password');
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('value', '');
    expect(sessionToken.get()).toBeNull();
  });
});
