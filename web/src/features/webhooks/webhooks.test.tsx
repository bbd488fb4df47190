import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionToken } from '../../shared/session';
import { makeSession, renderApp, stubApi } from '../../test/render-app';

const EMPTY = { items: [], more: false, total: 0 };
const ENDPOINT = {
  endpoint_id: 5,
  company: { company_id: 1, name: 'Baltic Foods SIA' },
  url: 'https://erp.example.com/hooks',
  events: ['order.progress_changed'],
  status: 'active',
  paused_at: null,
  failing_since: null,
  owner: { user_id: 3, username: 'operator' },
  creation_date: { $datetime: '2026-11-25T09:00:00.000Z' },
};

describe('webhooks within the owner’s rights', () => {
  it('offers a user manager without order or stock rights only the comments', async () => {
    sessionToken.set('code-1');
    stubApi({
      '/auth/get_session': () => ({
        body: makeSession({ umgr: true, pord: false, sord: false, stck: false }),
      }),
      '/webhooks/list_endpoints': () => ({ body: EMPTY }),
      '/auth/list_linked_companies': () => ({
        body: { items: [{ company_id: 1, name: 'Baltic Foods SIA' }], more: false },
      }),
    });
    await renderApp('/webhooks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
    for (const name of ['Order progress changed', 'Stock changed']) {
      const box = within(dialog).getByRole('checkbox', { name });
      expect(box).toHaveProperty('disabled', true);
      expect(box).toHaveProperty('checked', false);
    }
    const comments = within(dialog).getByRole('checkbox', { name: 'Comment added to a discussion' });
    expect(comments).toHaveProperty('disabled', false);
    expect(comments).toHaveProperty('checked', true);
  });

  it('says in the delivery log why an event was not sent', async () => {
    sessionToken.set('code-1');
    stubApi({
      '/auth/get_session': () => ({ body: makeSession({ umgr: true }) }),
      '/webhooks/list_endpoints': () => ({ body: { items: [ENDPOINT], more: false } }),
      '/webhooks/list_deliveries': () => ({
        body: {
          items: [
            {
              delivery_id: 9,
              event_id: '3f0c1d5e-0000-4000-8000-000000000001',
              type: 'order.progress_changed',
              status: 'failed',
              attempts: 0,
              response_code: null,
              duration_ms: null,
              error: null,
              refusal: { code: 'owner_permission', permission: 'pord' },
              creation_date: { $datetime: '2026-11-25T09:30:00.000Z' },
              last_attempt: { $datetime: '2026-11-25T09:30:01.000Z' },
            },
          ],
          more: false,
          total: 1,
        },
      }),
    });
    await renderApp('/webhooks/5');
    expect((await screen.findByTestId('delivery-refusal')).textContent).toBe(
      "Not sent: the endpoint's owner lacks the permission “Purchase orders”",
    );
  });
});
