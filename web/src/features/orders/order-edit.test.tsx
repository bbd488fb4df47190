import type { orders } from '@extranet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionToken } from '../../shared/session';
import { type Handler, makeSession, renderApp, stubApi } from '../../test/render-app';

const dec = (value: string) => ({ $decimal: value });
const list = <T,>(items: T[]) => ({ body: { items, more: false } });

function draft(overrides: Record<string, unknown> = {}) {
  return {
    purch_head_id: 5,
    head_id: 5,
    external_code: 'PO-5',
    warehouse_code: null,
    consignee_id: 1,
    consignee: { name: 'Baltic Foods Retail', business_line: { business_line_id: 1, name: 'Retail' } },
    location_id: null,
    location: null,
    truck_number: null,
    delivery_date: null,
    currency_id: null,
    currency: null,
    is_return: false,
    is_template: false,
    creation_date: { $datetime: '2026-11-20T10:00:00.000Z' },
    modification_date: { $datetime: '2026-11-20T10:00:00.000Z' },
    progress: 'draft',
    status: { code: null, desc: null },
    failure_reason: null,
    failure_code: null,
    failure_params: null,
    problems: { errors: [{ code: 'no_vendor', details: null }], warnings: [] },
    can_update: true,
    can_ready: false,
    can_unready: false,
    total: dec('0.000'),
    slot: null,
    vendor_id: null,
    vendor: null,
    vendor_address_id: null,
    vendor_address: null,
    vendor_reference: null,
    received_on: null,
    lines: [
      {
        line_id: 1,
        sku_id: 30,
        sku: { external_code: 'BF-1', name: 'Honey' },
        ordered_qty: dec('12.500'),
        uom_id: 1,
        uom: { name: 'kg' },
        price: dec('2.505'),
        ordered_sum: dec('31.313'),
        received_qty: null,
      },
      {
        line_id: 2,
        sku_id: 31,
        sku: { external_code: 'BF-2', name: 'Flour' },
        ordered_qty: dec('3.000'),
        uom_id: 1,
        uom: { name: 'kg' },
        price: null,
        ordered_sum: null,
        received_qty: null,
      },
    ],
    ...overrides,
  };
}

/** A fake server for the edit screen of purchase order 5, with one vendor and its only address. */
function server(extra: Record<string, Handler> = {}) {
  return stubApi({
    '/auth/get_session': () => ({ body: makeSession() }),
    '/orders/purch/view_order': () => ({ body: draft() }),
    '/orders/purch/get_add_order_defaults': () => ({ body: { consignee_id: 1, uom_id: 1 } }),
    '/catalogs/vendor/list': () =>
      list([{ vendor_id: 7, external_code: 'V7', name: 'Gauja Supply', default_currency_id: 2 }]),
    '/catalogs/address/list': () => list([{ address_id: 70, code: 'A70', name: 'Main dock' }]),
    '/catalogs/currency/list': () => list([{ currency_id: 2, code: 'USD' }]),
    '/catalogs/uom/list': () => list([{ uom_id: 1, name: 'kg', code: 'KG', counted: false }]),
    '/catalogs/sku/list': () =>
      list([
        { sku_id: 30, external_code: 'BF-1', name: 'Honey' },
        { sku_id: 31, external_code: 'BF-2', name: 'Flour' },
      ]),
    '/catalogs/location/list': () => list([]),
    ...extra,
  });
}

async function open() {
  sessionToken.set('code-1');
  const app = await renderApp('/orders/purch/edit/5');
  return app;
}

// A whole screen with lazy chunks and pickers: slow on a busy machine.
const SCREEN_TIMEOUT = 60_000;

describe('the purchase order edit screen', () => {
  it(
    'fills the only address and the default currency of the chosen vendor, and saves exactly',
    async () => {
      const api = server({ '/orders/purch/edit_order': () => ({ body: { head_id: 5 } }) });
      await open();
      const user = userEvent.setup();

      const address = await screen.findByRole('combobox', { name: 'Vendor address' }, { timeout: 10_000 });
      expect((address as HTMLInputElement).disabled).toBe(true);

      await user.click(screen.getByRole('combobox', { name: 'Vendor' }));
      await user.click(await screen.findByRole('option', { name: 'Gauja Supply (V7)' }));

      await waitFor(() => expect((address as HTMLInputElement).value).toBe('A70 Main dock'));
      // The sole address was asked for with two items of the first page.
      expect(api.calls.find((call) => call.path === '/catalogs/address/list')?.body).toMatchObject({
        filters: { vendor_id: 7 },
        page: 0,
        count: 2,
      });
      await waitFor(() =>
        expect((screen.getByRole('combobox', { name: 'Currency' }) as HTMLInputElement).value).toBe('USD'),
      );

      // The second line is marked for deletion and dropped on save.
      await user.click(screen.getByRole('button', { name: 'Delete line 2' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));

      await waitFor(() =>
        expect(api.calls.some((call) => call.path === '/orders/purch/edit_order')).toBe(true),
      );
      const saved = api.calls.find((call) => call.path === '/orders/purch/edit_order')?.body as {
        fields: orders.EditPurchOrderFields;
      };
      expect(saved.fields).toMatchObject({
        vendor_id: 7,
        vendor_address_id: 70,
        currency_id: 2,
        lines: [{ sku_id: 30, ordered_qty: dec('12.5'), uom_id: 1, price: dec('2.505') }],
      });
    },
    SCREEN_TIMEOUT,
  );

  it(
    'shows the server refusal above the form',
    async () => {
      server({
        '/orders/purch/edit_order': () => ({ body: { failure: { code: 'order_update_denied' } } }),
      });
      window.scrollTo = vi.fn();
      await open();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 }));
      const alert = await screen.findByTestId('form-error');
      expect(within(alert).getByText('Can not update non-draft order')).toBeTruthy();
      expect(window.scrollTo).toHaveBeenCalled();
    },
    SCREEN_TIMEOUT,
  );
});

describe('an order the warehouse numbered', () => {
  it(
    'is shown by the warehouse’s number instead of #id while it has no external code',
    async () => {
      server({
        '/orders/purch/view_order': () => ({
          body: draft({
            external_code: null,
            warehouse_code: 'WMS-4711',
            progress: 'sent',
            can_update: false,
            problems: { errors: [], warnings: [] },
          }),
        }),
      });
      sessionToken.set('code-1');
      await renderApp('/orders/purch/view/5');
      const title = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      expect(title.textContent).toContain('WMS-4711');
      expect(title.textContent).not.toContain('#5');
      const field = await screen.findByTestId('field-warehouse-code');
      expect(field.textContent).toContain('Warehouse number');
      expect(field.textContent).toContain('WMS-4711');
    },
    SCREEN_TIMEOUT,
  );
});
