import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListOrdersRequest } from './api/keys';
import {
  MAX_SELECTED,
  matchingRequest,
  type SelectedOrder,
  selectOrders,
  useOrderSelection,
} from './components/order-selection';

const order = (id: number): SelectedOrder => ({ head_id: id, consignee_id: 7, external_code: `PO-${id}` });
const orders = (from: number, count: number) => Array.from({ length: count }, (_, i) => order(from + i));

describe('order selection', () => {
  it('selects all matching orders up to 1,000, keeping what was picked before, and says it stopped', async () => {
    const { result } = renderHook(() => useOrderSelection('purch:{}'));
    act(() => result.current.toggle(order(5000), true));
    const fetchMatching = vi.fn(async () => ({ items: orders(1, MAX_SELECTED), more: true }));
    await act(() => result.current.selectAllMatching(fetchMatching));
    expect(fetchMatching).toHaveBeenCalledTimes(1);
    expect(result.current.size).toBe(1000);
    expect(result.current.has(5000)).toBe(true);
    expect(result.current.has(999)).toBe(true);
    expect(result.current.has(1000)).toBe(false);
    expect(result.current.capped).toBe(true);
  });

  it('selects every match without the cap notice when they all fit', async () => {
    const { result } = renderHook(() => useOrderSelection('purch:{}'));
    await act(() => result.current.selectAllMatching(async () => ({ items: orders(1, 40), more: false })));
    expect(result.current.size).toBe(40);
    expect(result.current.capped).toBe(false);
  });

  it('asks the list for its first 1,000 rows under the same filters, uncounted', () => {
    const request = {
      filters: { smart: 'PO', is_template: false },
      page: 3,
      count: 20,
      ordering: '-creation_date',
      with_total: true,
      cursor: 'default.12',
    } as ListOrdersRequest;
    expect(matchingRequest(request)).toEqual({
      filters: { smart: 'PO', is_template: false },
      page: 0,
      count: 1000,
      ordering: '-creation_date',
      with_total: false,
    });
  });

  it('changes the page’s rows alone and keeps the other pages’ picks', () => {
    const { result } = renderHook(() => useOrderSelection('purch:{}'));
    act(() => result.current.changePage(orders(1, 10), orders(1, 10)));
    act(() => result.current.changePage(orders(11, 10), [order(12)]));
    act(() => result.current.changePage(orders(1, 10), [order(1), order(2)]));
    expect(result.current.orders.map((o) => o.head_id).sort((a, b) => a - b)).toEqual([1, 2, 12]);
  });

  it('keeps only the orders an action did not do, and starts again when the filters change', () => {
    const { result, rerender } = renderHook(({ scope }) => useOrderSelection(scope), {
      initialProps: { scope: 'purch:{}' },
    });
    act(() => result.current.changePage(orders(1, 3), orders(1, 3)));
    act(() => result.current.keepOnly([2]));
    expect(result.current.orders).toEqual([order(2)]);
    rerender({ scope: 'purch:{"smart":"x"}' });
    expect(result.current.size).toBe(0);
  });

  it('never holds more than 1,000 orders, however they are added', () => {
    const { selection, capped } = selectOrders(new Map(), orders(1, 1001));
    expect(selection.size).toBe(1000);
    expect(capped).toBe(true);
  });
});
