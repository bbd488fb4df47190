import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../shared/api';
import { SESSION_REFRESH_MS } from '../../shared/session/use-session';
import { type ListOrdersRequest, orderKeys } from './api/keys';
import { useListOrders } from './api/list-orders';

vi.mock('../../shared/api', async (original) => ({
  ...(await original<typeof import('../../shared/api')>()),
  callApi: vi.fn(),
}));

const row = (id: number, progress: string) => ({ purch_head_id: id, progress });

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('an order list following the warehouse', () => {
  it('asks for the rows only, and keeps the total the page came with', async () => {
    const call = vi.mocked(callApi);
    call
      .mockResolvedValueOnce({ items: [row(1, 'sent')], more: true, total: 10_000, total_capped: true })
      .mockResolvedValueOnce({ items: [row(1, 'sync')], more: true });
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
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[0]![1]).toMatchObject({ with_total: true });
    expect(call.mock.calls[1]![1]).toMatchObject({ with_total: false, page: 0, count: 50 });
    // What the table shows: the list's query data.
    expect(queryClient.getQueryData(orderKeys.list('purch', request))).toMatchObject({
      items: [row(1, 'sync')],
      total: 10_000,
      total_capped: true,
    });
  });
});
