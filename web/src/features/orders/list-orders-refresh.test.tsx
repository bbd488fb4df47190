import type { orders } from '@extranet/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_REFRESH_MS } from '../../shared/session/use-session';
import { setTestPageConfig } from '../../test/page-config';
import { stubApi } from '../../test/render-app';
import { type ListOrdersRequest, orderKeys } from './api/keys';
import { useListOrders } from './api/list-orders';

function row(id: number, progress: orders.PurchOrderRow['progress']) {
  return {
    purch_head_id: id,
    head_id: id,
    external_code: `PO-${id}`,
    warehouse_code: null,
    progress,
    status: { code: null, desc: null },
    failure_reason: null,
    failure_code: null,
    failure_params: null,
    consignee_id: 1,
    consignee: { name: 'Baltic Foods Retail', business_line: { business_line_id: 1, name: 'Retail' } },
    creation_date: { $datetime: '2026-11-20T10:00:00.000Z' },
    delivery_date: null,
    is_return: false,
    is_template: false,
    lines_count: 1,
    vendor_id: null,
    vendor: null,
  };
}

beforeEach(() => {
  setTestPageConfig();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('an order list following the warehouse', () => {
  it('asks for the rows only, and keeps the total the page came with', async () => {
    const answers = [
      { items: [row(1, 'sent')], more: true, total: 10_000, total_capped: true },
      { items: [row(1, 'sync')], more: true },
    ];
    const api = stubApi({ '/orders/purch/list_orders': () => ({ body: answers.shift() }) });
    const queryClient = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const request = {
      filters: { is_template: false },
      page: 0,
      count: 50,
      with_total: true,
    } as ListOrdersRequest<'purch'>;
    const { result } = renderHook(() => useListOrders('purch', request), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toMatchObject({ total: 10_000, total_capped: true });

    await act(() => vi.advanceTimersByTimeAsync(SESSION_REFRESH_MS));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(api.calls.map((call) => call.body)).toMatchObject([
      { with_total: true },
      { with_total: false, page: 0, count: 50 },
    ]);
    // What the table shows: the list's query data.
    expect(queryClient.getQueryData(orderKeys.list('purch', request))).toMatchObject({
      items: [{ purch_head_id: 1, progress: 'sync' }],
      total: 10_000,
      total_capped: true,
    });
  });
});
