import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionToken } from '../../../shared/session';
import { makeSession, renderApp, stubApi } from '../../../test/render-app';

const SECRET = `exk_${'a'.repeat(39)}WXYZ`;

function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function stubKeysApi(session = makeSession({ role: 7, umgr: true, reps: true, sord: false })) {
  return stubApi({
    '/auth/get_session': () => ({ body: session }),
    '/apikeys/list_keys': () => ({ body: { items: [], more: false, total: 0 } }),
    '/auth/list_linked_companies': () => ({
      body: {
        items: [
          { company_id: 4, name: 'Baltic Foods' },
          { company_id: 9, name: 'Nordic Home' },
        ],
        more: false,
      },
    }),
    '/apikeys/add_key': () => ({ body: { key_id: 12, secret: SECRET } }),
  });
}

describe('the new API key dialog', () => {
  it("offers the user's own permissions but user management, and shows the secret only until closed", async () => {
    sessionToken.set('code-1');
    const { calls } = stubKeysApi();
    await renderApp('/apikeys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const offered = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.getAttribute('value'))
      .filter((value) => value !== null);
    expect(offered).toEqual(['stck', 'pord', 'reps']);
    // Personal data is a choice of its own, off unless ticked.
    expect(
      (within(dialog).getByRole('checkbox', { name: /Personal data/ }) as HTMLInputElement).checked,
    ).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Web shop');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Reports' }));
    // Every company of the user is taken unless narrowed.
    await within(dialog).findAllByText('Nordic Home');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByTestId('api-key-secret').textContent).toBe(SECRET);
    const sent = calls.find((call) => call.path === '/apikeys/add_key')?.body;
    expect(sent).toEqual({
      name: 'Web shop',
      permissions: ['reps'],
      scopes: [],
      companies: [4, 9],
      expires: { $date: daysFromToday(90) },
    });

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await screen.findByRole('heading', { name: 'API keys' });
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('gives the key the personal scope only when it is ticked', async () => {
    sessionToken.set('code-1');
    const { calls } = stubKeysApi();
    await renderApp('/apikeys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Mail bridge');
    await user.click(within(dialog).getByRole('checkbox', { name: /Personal data/ }));
    await within(dialog).findAllByText('Nordic Home');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'Your new API key' });
    const sent = calls.find((call) => call.path === '/apikeys/add_key')?.body;
    expect(sent).toMatchObject({ name: 'Mail bridge', permissions: [], scopes: ['personal'] });
  });

  it('asks role 99 to name the companies and sends nothing until then', async () => {
    sessionToken.set('code-1');
    const { calls } = stubKeysApi(makeSession({ role: 99, umgr: true, reps: true, cmgr: true }));
    await renderApp('/apikeys');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Provider ERP');
    await within(dialog).findByRole('button', { name: 'Create key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls.some((call) => call.path === '/apikeys/add_key')).toBe(false);
  });
});
